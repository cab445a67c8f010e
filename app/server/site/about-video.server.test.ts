import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import { aboutVideo, SHIPPED_POSTER } from "./about-video.server.ts";

describe("aboutVideo", () => {
  it("is the operator's video when ABOUT_VIDEO_URL is set, as it was before decision 021", () => {
    expect(aboutVideo("https://www.youtube-nocookie.com/embed/abc")).toEqual({
      kind: "configured",
      url: "https://www.youtube-nocookie.com/embed/abc",
    });
    expect(aboutVideo("/media/workshop-tour.mp4")).toMatchObject({ kind: "configured" });
  });

  it("is the shipped video otherwise, with the poster artwork inline", () => {
    expect(aboutVideo(undefined)).toMatchObject({
      kind: "shipped",
      webm: ABOUT_VIDEO.webm,
      mp4: ABOUT_VIDEO.mp4,
      captions: ABOUT_VIDEO.captions,
      poster: SHIPPED_POSTER,
    });
  });
});

describe("SHIPPED_POSTER", () => {
  it("is public/images/about-poster.svg as a data URL that needs no HTML escaping", () => {
    expect(SHIPPED_POSTER).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    expect(SHIPPED_POSTER).not.toMatch(/["<>&#]/);
    const decoded = decodeURIComponent(SHIPPED_POSTER.slice("data:image/svg+xml,".length));
    const file = fs.readFileSync("public/images/about-poster.svg", "utf8");
    expect(decoded).toBe(file.trim().replace(/\s+/g, " ").replace(/"/g, "'"));
    // Under 3 KB: it is part of every home page.
    expect(SHIPPED_POSTER.length).toBeLessThan(3600);
  });
});
