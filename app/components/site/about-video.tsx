import { PlayIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { ABOUT } from "#app/content/site.ts";
import type { AboutVideo as AboutVideoSource } from "#app/lib/about-video.ts";

import { frame } from "./about-video-frame.ts";

const VideoFacade = lazy(() => import("./about-video-facade.tsx"));

/**
 * The About section's video (docs/product.md §2.4: "the company's video"). Out of the box it is the company video
 * shipped with the site (public/media, made by scripts/make-about-video.ts); ABOUT_VIDEO_URL
 * replaces it with the operator's own. The home loader says which (about-video.server.ts).
 */
export function AboutVideo({ video }: { video: AboutVideoSource }) {
  if (video.kind === "shipped") return <ShippedVideo video={video} />;
  // The owner's or operator's own video: its code loads only on a page that shows one.
  return (
    <Suspense fallback={<div className={frame} />}>
      <VideoFacade
        videoUrl={video.url}
        title={video.kind === "owner" ? video.title : ABOUT.videoTitle}
        poster={video.kind === "owner" ? video.poster : null}
      />
    </Suspense>
  );
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
