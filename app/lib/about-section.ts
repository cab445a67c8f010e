/*
 * The home page's About section as the owner edits it (Settings → About, decision 044): its
 * heading and text, and which video it plays: the company video shipped with the site (the
 * default, which ABOUT_VIDEO_URL may replace), a video file the owner uploaded, or a YouTube
 * or Vimeo link, embedded privacy-enhanced and only after the visitor presses play.
 */

/** The largest video file the owner may upload (the form says so). */
export const ABOUT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const ABOUT_VIDEO_MAX_TEXT = "50 MB";

export const ABOUT_VIDEO_SOURCES = ["shipped", "upload", "link"] as const;
export type AboutVideoSourceName = (typeof ABOUT_VIDEO_SOURCES)[number];

export type VideoProvider = "youtube" | "vimeo";

/** The hosts a link's player is embedded from: the privacy-enhanced ones (no cookies, no tracking). */
export const EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** The video the owner chose, as stored. */
export type StoredAboutVideo =
  | { source: "shipped" }
  | { source: "upload"; url: string; type: "video/mp4" | "video/webm" }
  | { source: "link"; provider: VideoProvider; id: string };

/** The About section as stored (site_settings row `about`). */
export interface StoredAboutSection {
  heading: string;
  paragraphs: string[];
  video: StoredAboutVideo;
  /** The name of the owner's video (its play button and accessible name). */
  videoTitle: string | null;
  /** The owner's poster picture (an upload), or null for the site's own. */
  posterUrl: string | null;
}

/**
 * A YouTube or Vimeo address as its provider and video id, or null for anything else:
 * youtube.com/watch?v=…, youtu.be/…, youtube.com/shorts/…, youtube.com/embed/…, vimeo.com/123….
 */
export function parseVideoLink(text: string): { provider: VideoProvider; id: string } | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const youtubeId = /^[A-Za-z0-9_-]{11}$/;
  if (host === "youtu.be") {
    const id = url.pathname.slice(1);
    return youtubeId.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id =
      url.pathname === "/watch"
        ? url.searchParams.get("v")
        : /^\/(?:shorts|embed|live)\/([^/]+)$/.exec(url.pathname)?.[1];
    return id && youtubeId.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = /^\/(?:video\/)?(\d{1,12})\/?$/.exec(url.pathname)?.[1];
    return id ? { provider: "vimeo", id } : null;
  }
  return null;
}

/** The privacy-enhanced player of a link, starting as it opens (the visitor pressed play). */
export function embedUrl(video: { provider: VideoProvider; id: string }): string {
  return video.provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${video.id}?autoplay=1&dnt=1`;
}

/** The address the owner typed, given back to the form. */
export function watchUrl(video: { provider: VideoProvider; id: string }): string {
  return video.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${video.id}`
    : `https://vimeo.com/${video.id}`;
}

/** The text as typed, a blank line between paragraphs. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
