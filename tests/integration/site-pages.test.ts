import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { EnvError, loadEnv } from "#app/server/env.server.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = await createTestApp(
    createTestServices(handle, { ABOUT_VIDEO_URL: "/media/workshop-tour.mp4" }),
  );
}, 120_000);
afterAll(() => handle.close());

describe("About video shipped with the site (ABOUT_VIDEO_URL unset)", () => {
  it("plays inline from this site, fetched only on play, with a poster and English captions", async () => {
    const fresh = await createTestApp(createTestServices(handle));
    const body = await (await fresh.request("/")).text();
    // The player is in the page for a browser without JavaScript; with it, the poster stands
    // in its place until the section nears the screen (decision 022).
    const video = /<noscript>(<video\b[^>]*>[\s\S]*?<\/video>)<\/noscript>/.exec(body)?.[1] ?? "";
    const tag = video.slice(0, video.indexOf(">") + 1);
    for (const attribute of [
      "controls",
      "playsInline",
      'preload="none"',
      'poster="data:image/svg+xml,',
      'width="1280"',
      'height="720"',
      'aria-label="Kwezi Engineering: our three divisions"',
    ]) {
      expect(tag, attribute).toContain(attribute);
    }
    // WebM first (smaller), MP4 for browsers without VP9; then the captions.
    expect(video.indexOf(`src="${ABOUT_VIDEO.webm}"`)).toBeGreaterThan(0);
    expect(video.indexOf(`src="${ABOUT_VIDEO.webm}"`)).toBeLessThan(
      video.indexOf(`src="${ABOUT_VIDEO.mp4}"`),
    );
    expect(video).toMatch(
      new RegExp(
        `<track kind="captions" src="${ABOUT_VIDEO.captions.replace(/\./g, "\\.")}" srcLang="en" label="English"/>`,
        "i",
      ),
    );
    // The poster is inline: the page asks for no file of the video's before play.
    expect(body).not.toMatch(/<img\b[^>]*about-poster/);
    expect(body).toContain("No sound: captions give the on-screen text.");
    expect(body).toMatch(
      /<button type="button" class="[^"]*\[@media\(scripting:none\)\]:hidden" aria-label="Play video: Kwezi Engineering: our three divisions"/,
    );
    expect(body).not.toContain("<iframe");
  });
});

describe("About video facade (ABOUT_VIDEO_URL set)", () => {
  it("renders the poster and a play button, and no player until it is pressed", async () => {
    const body = await (await app.request("/")).text();
    expect(body).toContain('src="/images/about-poster.svg"');
    expect(body).toContain("Play video");
    expect(body).not.toContain("<video");
    expect(body).not.toContain("<iframe");
  });

  it("accepts a URL or a site path in ABOUT_VIDEO_URL and names the variable otherwise", () => {
    const base = { DATA_DIR: "/tmp", SESSION_SECRET: "x".repeat(32) };
    expect(
      loadEnv({ ...base, ABOUT_VIDEO_URL: "https://cdn.example/tour.mp4" }).ABOUT_VIDEO_URL,
    ).toBe("https://cdn.example/tour.mp4");
    expect(loadEnv({ ...base, ABOUT_VIDEO_URL: "" }).ABOUT_VIDEO_URL).toBeUndefined();
    expect(() => loadEnv({ ...base, ABOUT_VIDEO_URL: "ftp://x/tour.mp4" })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, ABOUT_VIDEO_URL: "//evil.example/x" })).toThrow(
      /ABOUT_VIDEO_URL/,
    );
  });
});

describe("public pages", () => {
  it("give each page its own title, description and absolute canonical URL", async () => {
    const seen = new Set<string>();
    for (const path of [
      "/",
      "/digital",
      "/hardware",
      "/contact",
      "/privacy",
      "/terms",
      "/sitemap",
    ]) {
      const body = await (await app.request(path)).text();
      const title = body.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title).toBeTruthy();
      expect(seen.has(title!)).toBe(false);
      seen.add(title!);
      expect(body).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(body).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`);
      expect(body).toContain('<meta property="og:title"');
      expect(body).toContain('<meta name="twitter:card"');
    }
  });

  it("answers GET /newsletter with a redirect home, never a 500", async () => {
    const response = await app.request("/newsletter");
    expect(response.status).toBe(302);
  });
});
