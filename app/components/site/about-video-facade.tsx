import { PlayIcon } from "lucide-react";
import { useState } from "react";
import { ABOUT } from "#app/content/site.ts";
import { imageSources } from "#app/lib/image-variants.ts";
import { frame } from "./about-video-frame.ts";

/** A file the browser can play itself, rather than a page to embed (e.g. a YouTube URL). */
const isMediaFile = (url: string) => /\.(mp4|webm|ogg|ogv|m4v)(\?|#|$)/i.test(url);

/**
 * The owner's video (Settings → About: an uploaded file or a YouTube/Vimeo link, decision
 * 044) or the operator's (ABOUT_VIDEO_URL) as a facade: a poster and a play button; the player
 * (a <video> for a file, a privacy-enhanced <iframe> for a link) loads only on click, so no
 * byte of it, and nothing of YouTube's or Vimeo's, reaches a visitor who does not press play.
 */
export default function VideoFacade({
  videoUrl,
  title,
  poster: ownPoster,
}: {
  videoUrl: string;
  title: string;
  /** The owner's poster picture, or null for the site's own. */
  poster: string | null;
}) {
  const [playing, setPlaying] = useState(false);
  const poster = ownPoster
    ? { ...ABOUT.poster, src: ownPoster, srcSet: imageSources(ownPoster).srcSet }
    : { ...ABOUT.poster, srcSet: undefined };

  if (playing) {
    return (
      <div className={frame}>
        {isMediaFile(videoUrl) ? (
          // biome-ignore lint/a11y/useMediaCaption: captions come with the configured video
          <video
            src={videoUrl}
            poster={poster.src}
            controls
            autoPlay
            className="size-full"
            aria-label={title}
          />
        ) : (
          <iframe
            src={videoUrl}
            title={title}
            className="size-full"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        )}
      </div>
    );
  }

  return (
    <div className={frame}>
      <img
        src={poster.src}
        srcSet={poster.srcSet}
        sizes={poster.srcSet ? "(min-width: 1024px) 600px, 100vw" : undefined}
        width={poster.width}
        height={poster.height}
        alt=""
        className="size-full object-cover"
        loading="lazy"
      />
      <div className="absolute inset-0 flex items-center justify-center bg-ink/30">
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="mx-4 flex items-center gap-3 rounded-full bg-white/95 py-2 pl-2 pr-4 text-left text-sm font-semibold text-ink shadow-lg transition-transform hover:scale-105 sm:py-3 sm:pl-3 sm:pr-5 sm:text-base"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-primary text-white">
            <PlayIcon aria-hidden="true" className="size-6 translate-x-0.5" />
          </span>
          {ABOUT.playLabel} {title}
        </button>
      </div>
    </div>
  );
}
