import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import type { AboutVideo } from "#app/lib/about-video.ts";
import posterSvg from "../../../public/images/about-poster.svg?raw";

/*
 * What the home page's About section plays (decision 021), decided on the server so that the
 * page's scripts carry none of it: the operator's own video (ABOUT_VIDEO_URL), or else the
 * company video shipped with the site (public/media, scripts/make-about-video.ts).
 */

/**
 * The poster artwork (public/images/about-poster.svg, 2.5 KB), which is also the shipped
 * video's first frame, inline as a data URL. A browser fetches a video's poster as soon as it
 * parses the tag (posters cannot be lazy), which would put a request ahead of the page's first
 * paint; inline there is no request at all, and the poster shows with the page, with or
 * without JavaScript. About 1 KB of the HTML.
 */
export const SHIPPED_POSTER = `data:image/svg+xml,${posterSvg
  .trim()
  .replace(/\s+/g, " ")
  .replace(/[<>#%]/g, encodeURIComponent)
  // Quotes as %27 (an apostrophe once decoded): an HTML attribute would spell each "&quot;".
  .replace(/"/g, "%27")}`;

export function aboutVideo(configuredUrl: string | undefined): AboutVideo {
  if (configuredUrl) return { kind: "configured", url: configuredUrl };
  const { webm, webmType, mp4, mp4Type, captions, width, height, durationSeconds } = ABOUT_VIDEO;
  return {
    kind: "shipped",
    webm,
    webmType,
    mp4,
    mp4Type,
    captions,
    width,
    height,
    durationSeconds,
    poster: SHIPPED_POSTER,
  };
}
