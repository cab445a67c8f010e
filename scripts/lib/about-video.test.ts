import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import { captionsVtt, SCENES, sceneText, videoDuration } from "./about-video-scenes.ts";

/*
 * The About video shipped with the site (decision 021): the committed files are the ones the
 * manifest names, small enough, cacheable by name, and their captions still say what the
 * site's copy says (scripts/make-about-video.ts makes them again after a change).
 */

const file = (src: string) => path.join("public", src);
const read = (src: string) => fs.readFileSync(file(src));

describe("the shipped About video", () => {
  it("is a WebM and an MP4 of at most 1.5 MB together, with English captions", () => {
    const webm = read(ABOUT_VIDEO.webm);
    const mp4 = read(ABOUT_VIDEO.mp4);
    expect(webm.length).toBe(ABOUT_VIDEO.bytes.webm);
    expect(mp4.length).toBe(ABOUT_VIDEO.bytes.mp4);
    expect(webm.length + mp4.length).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    // EBML magic, and an ISO BMFF file type box.
    expect(webm.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(ABOUT_VIDEO.webmType).toMatch(/^video\/webm; codecs="vp9"$/);
    expect(ABOUT_VIDEO.mp4Type).toMatch(/^video\/mp4; codecs="avc1\.[0-9A-F]{6}"$/);
  });

  it("has its MP4 index first (+faststart), so playback starts before the file is in", () => {
    const mp4 = read(ABOUT_VIDEO.mp4).toString("latin1");
    expect(mp4.indexOf("moov")).toBeGreaterThan(0);
    expect(mp4.indexOf("moov")).toBeLessThan(mp4.indexOf("mdat"));
  });

  it("names each file by a hash of its content (the server caches /media for a year)", () => {
    for (const src of [ABOUT_VIDEO.webm, ABOUT_VIDEO.mp4, ABOUT_VIDEO.captions]) {
      const hash = /^\/media\/about-kwezi\.([0-9a-f]{10})\./.exec(src)?.[1];
      expect(hash, src).toBeDefined();
      expect(crypto.createHash("sha256").update(read(src)).digest("hex").slice(0, 10)).toBe(hash);
    }
    // No stale copies beside them.
    const names = fs.readdirSync(path.join("public", "media"));
    expect(names.sort()).toEqual(
      [ABOUT_VIDEO.webm, ABOUT_VIDEO.mp4, ABOUT_VIDEO.captions]
        .map((src) => path.basename(src))
        .sort(),
    );
  });

  it("has captions that match the site's copy: run `npm run make:about-video` after a change", () => {
    expect(read(ABOUT_VIDEO.captions).toString("utf8")).toBe(captionsVtt());
    expect(ABOUT_VIDEO.durationSeconds).toBeCloseTo(videoDuration(), 1);
  });
});

describe("captionsVtt", () => {
  const vtt = captionsVtt();

  it("is WebVTT that says there is no sound, then gives each scene's text in turn", () => {
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    const cues = vtt.trim().split("\n\n").slice(1);
    expect(cues).toHaveLength(SCENES.length);
    expect(cues[0]).toContain("[No sound. On-screen text:]");
    let previousEnd = 0;
    for (const [index, cue] of cues.entries()) {
      const [id, timing, ...lines] = cue.split("\n");
      expect(id).toBe(String(index + 1));
      const [, from, to] = /^(\S+) --> (\S+)$/.exec(timing!)!;
      const seconds = (time: string) =>
        time.split(":").reduce((total, part) => total * 60 + Number(part), 0);
      expect(seconds(from!)).toBeCloseTo(previousEnd, 3);
      expect(seconds(to!)).toBeGreaterThan(seconds(from!));
      previousEnd = seconds(to!);
      expect(lines.join("\n")).toContain(sceneText(SCENES[index]!).at(-1)!.replace(/&/g, "&amp;"));
    }
    expect(previousEnd).toBeCloseTo(videoDuration(), 3);
  });

  it("escapes the ampersands of the copy, as cue text requires", () => {
    expect(vtt).toContain("Hardware &amp; Manufacturing");
    expect(vtt).not.toMatch(/&(?!amp;|lt;|gt;)/);
  });
});
