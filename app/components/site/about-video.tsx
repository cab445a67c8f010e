import { PlayIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ABOUT } from "#app/content/site.ts";
import type { AboutVideo as AboutVideoSource } from "#app/lib/about-video.ts";
import { imageSources } from "#app/lib/image-variants.ts";

/** A file the browser can play itself, rather than a page to embed (e.g. a YouTube URL). */
const isMediaFile = (url: string) => /\.(mp4|webm|ogg|ogv|m4v)(\?|#|$)/i.test(url);

const frame = "relative aspect-video w-full overflow-hidden rounded-xl bg-ink shadow-card";

/**
 * The About section's video (docs/product.md §2.4: "the company's video"). Out of the box it is the company video
 * shipped with the site (public/media, made by scripts/make-about-video.ts); ABOUT_VIDEO_URL
 * replaces it with the operator's own. The home loader says which (about-video.server.ts).
 */
export function AboutVideo({ video }: { video: AboutVideoSource }) {
  if (video.kind === "configured") {
    return <ConfiguredVideo videoUrl={video.url} title={ABOUT.videoTitle} poster={null} />;
  }
  if (video.kind === "owner") {
    return <ConfiguredVideo videoUrl={video.url} title={video.title} poster={video.poster} />;
  }
  return <ShippedVideo video={video} />;
}

/**
 * The shipped video, played inline by the browser's own player. preload="none": not a byte of
 * it is fetched until the visitor presses play. The poster is the site's poster artwork,
 * inline, which is also the video's first frame. WebM (VP9) first, MP4 (H.264) for browsers
 * without VP9; captions give the on-screen text (there is no sound).
 *
 * A <video> with controls costs the browser's style pass about as much as the rest of the
 * page (its controls are a tree of their own), and the section is below the first screen: so
 * the page is first drawn with the poster alone, and the player takes its place when the
 * section comes near the screen, or at once when the poster is pressed (decision 022). Without
 * JavaScript the player is there from the start (<noscript>), and the poster hides itself
 * (`scripting: none`).
 */
function ShippedVideo({ video }: { video: Extract<AboutVideoSource, { kind: "shipped" }> }) {
  const { shippedVideo } = ABOUT;
  const [player, setPlayer] = useState<"poster" | "near" | "pressed">("poster");
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const posterRef = useRef<HTMLButtonElement>(null);
  // The poster goes when the player comes: if it had the keyboard focus, the player takes it
  // (WCAG 2.4.3), or the focus would fall to <body> and the next Tab start from the top.
  const posterHadFocus = useRef(false);
  const swapTo = useCallback((next: "near" | "pressed") => {
    posterHadFocus.current = document.activeElement === posterRef.current;
    setPlayer(next);
  }, []);

  useEffect(() => {
    const node = frameRef.current;
    if (player !== "poster" || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) swapTo("near");
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [player, swapTo]);

  useEffect(() => {
    if (player !== "poster" && posterHadFocus.current) {
      posterHadFocus.current = false;
      videoRef.current?.focus();
    }
    // The visitor pressed the poster: the player starts as if its own button was pressed.
    if (player === "pressed") void videoRef.current?.play().catch(() => {});
  }, [player]);

  const element = (
    <video
      ref={videoRef}
      controls
      playsInline
      preload="none"
      poster={video.poster}
      width={video.width}
      height={video.height}
      className="size-full"
      aria-label={shippedVideo.title}
      aria-describedby="about-video-note"
    >
      <source src={video.webm} type={video.webmType} />
      <source src={video.mp4} type={video.mp4Type} />
      <track kind="captions" src={video.captions} srcLang="en" label="English" />
    </video>
  );

  return (
    <figure>
      <div ref={frameRef} className={frame}>
        {player === "poster" ? (
          <>
            <noscript>{element}</noscript>
            <button
              ref={posterRef}
              type="button"
              onClick={() => swapTo("pressed")}
              className="group absolute inset-0 size-full [@media(scripting:none)]:hidden"
              aria-label={`${ABOUT.playLabel} ${shippedVideo.title}`}
              aria-describedby="about-video-note"
            >
              <img
                src={video.poster}
                width={video.width}
                height={video.height}
                alt=""
                className="size-full object-cover"
              />
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-ink shadow-lg transition-transform group-hover:scale-105">
                  <PlayIcon aria-hidden="true" className="size-7 translate-x-0.5" />
                </span>
              </span>
            </button>
          </>
        ) : (
          element
        )}
      </div>
      <figcaption id="about-video-note" className="mt-3 text-sm text-muted-foreground">
        {shippedVideo.note(Math.round(video.durationSeconds))}
      </figcaption>
    </figure>
  );
}

/**
 * The owner's video (Settings → About: an uploaded file or a YouTube/Vimeo link, decision
 * 044) or the operator's (ABOUT_VIDEO_URL) as a facade: a poster and a play button; the player
 * (a <video> for a file, a privacy-enhanced <iframe> for a link) loads only on click, so no
 * byte of it, and nothing of YouTube's or Vimeo's, reaches a visitor who does not press play.
 */
function ConfiguredVideo({
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
