import { PlayIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ABOUT } from "#app/content/site.ts";

/** A file the browser can play itself, rather than a page to embed (e.g. a YouTube URL). */
const isMediaFile = (url: string) => /\.(mp4|webm|ogg|ogv|m4v)(\?|#|$)/i.test(url);

/**
 * The About video as a facade (spec §2 "embedded video"): a shipped poster and a play
 * button; the player loads only on click. The source is ABOUT_VIDEO_URL; when it is unset
 * the poster stays, with a link to ask for a walkthrough instead of a dead play button.
 */
export function AboutVideo({ videoUrl }: { videoUrl: string | null }) {
  const [playing, setPlaying] = useState(false);
  const { poster } = ABOUT;
  const frame = "relative aspect-video w-full overflow-hidden rounded-xl bg-ink shadow-card";

  if (playing && videoUrl) {
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
            aria-label={ABOUT.videoTitle}
          />
        ) : (
          <iframe
            src={videoUrl}
            title={ABOUT.videoTitle}
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
        width={poster.width}
        height={poster.height}
        alt=""
        className="size-full object-cover"
        loading="lazy"
      />
      <div className="absolute inset-0 flex items-center justify-center bg-ink/30">
        {videoUrl ? (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="mx-4 flex items-center gap-3 rounded-full bg-white/95 py-2 pl-2 pr-4 text-left text-sm font-semibold text-ink shadow-lg transition-transform hover:scale-105 sm:py-3 sm:pl-3 sm:pr-5 sm:text-base"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-primary text-white">
              <PlayIcon aria-hidden="true" className="size-6 translate-x-0.5" />
            </span>
            {ABOUT.playLabel} {ABOUT.videoTitle}
          </button>
        ) : (
          <Link
            to="/contact"
            className="mx-4 rounded-full bg-white/95 px-4 py-2 text-center text-sm font-semibold text-ink shadow-lg hover:bg-white sm:px-5 sm:py-3 sm:text-base"
          >
            {ABOUT.tourLink}
          </Link>
        )}
      </div>
    </div>
  );
}
