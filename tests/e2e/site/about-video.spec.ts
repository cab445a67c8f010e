import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";
import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import { axe, expect, hideNewsletterPopup, test, WCAG_AA_TAGS } from "#tests/playwright-utils.ts";
import { waitForHydration } from "./hydration.ts";

/*
 * Decision 021: a fresh install's home page (the e2e server has no ABOUT_VIDEO_URL) embeds the
 * company video shipped with the site: the browser's own player with a poster and English
 * captions, not a byte of video fetched until the visitor presses play, and then it plays.
 */

/** The video's files, and its poster as a file. */
const isVideoFile = (request: Request) =>
  /\/media\/[^?]+\.(webm|mp4)(\?|$)|\/about-poster\./.test(request.url());

/** Every request for one of the video files, from now on. */
function videoRequests(page: Page) {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (isVideoFile(request)) requests.push(request);
  });
  return requests;
}

test.beforeEach(async ({ page }) => {
  // The newsletter popup would cover the section after 5 s.
  await hideNewsletterPopup(page);
});

test("the About section has the shipped video, with a poster and English captions, fetched only on play", async ({
  page,
}) => {
  const requests = videoRequests(page);
  await page.goto("/");
  await waitForHydration(page);
  const about = page.locator("section#about");
  await about.scrollIntoViewIfNeeded();
  const video = about.getByRole("figure").locator("video");
  await expect(video).toBeVisible();
  await expect(video).toHaveAccessibleName("Kwezi Engineering: our three divisions");
  await expect(video).toHaveAccessibleDescription(
    "Our three divisions in 26 seconds. No sound: captions give the on-screen text.",
  );
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("preload", "none");
  // The poster artwork, inline: no request for it either.
  await expect(video).toHaveAttribute("poster", /^data:image\/svg\+xml,%3Csvg /);
  const sources = await video
    .locator("source")
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLSourceElement).getAttribute("src")));
  expect(sources).toEqual([ABOUT_VIDEO.webm, ABOUT_VIDEO.mp4]);
  const track = await video.evaluate((element: HTMLVideoElement) => {
    const [first] = [...element.textTracks];
    return {
      count: element.textTracks.length,
      kind: first?.kind,
      language: first?.language,
      label: first?.label,
    };
  });
  expect(track).toEqual({ count: 1, kind: "captions", language: "en", label: "English" });

  // In view, the poster drawn, and still nothing fetched: preload="none".
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBe(0);
  await page.waitForTimeout(500);
  expect(requests.map((request) => request.url())).toEqual([]);
  const box = (await video.boundingBox())!;
  // 16:9, as the poster and the video are.
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
});

test("the shipped video plays when the visitor presses play, with its captions", async ({
  page,
}) => {
  const requests = videoRequests(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("section#about").scrollIntoViewIfNeeded();
  const video = page.locator("section#about video");
  await video.scrollIntoViewIfNeeded();
  // Chromium can play both; it takes the first it can: the WebM.
  expect(
    await video.evaluate((element: HTMLVideoElement) => [
      element.canPlayType('video/webm; codecs="vp9"'),
      element.querySelector("source")?.type,
    ]),
  ).toEqual(["probably", ABOUT_VIDEO.webmType]);
  await video.evaluate((element: HTMLVideoElement) => {
    element.textTracks[0]!.mode = "showing";
  });
  // A person's click on the player's play button (bottom left of Chromium's own controls,
  // shown while paused), so no autoplay policy applies.
  const box = (await video.boundingBox())!;
  await video.click({ position: { x: 24, y: box.height - 48 } });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.5);
  const state = await video.evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    source: element.currentSrc,
    duration: element.duration,
    width: element.videoWidth,
    height: element.videoHeight,
    cue: (element.textTracks[0]!.cues?.[0] as VTTCue | undefined)?.text,
  }));
  expect(state.paused).toBe(false);
  expect(new URL(state.source).pathname).toBe(ABOUT_VIDEO.webm);
  expect(state.duration).toBeCloseTo(ABOUT_VIDEO.durationSeconds, 0);
  expect([state.width, state.height]).toEqual([ABOUT_VIDEO.width, ABOUT_VIDEO.height]);
  expect(state.cue).toContain("[No sound. On-screen text:]");
  expect(requests.map((request) => new URL(request.url()).pathname)).toContain(ABOUT_VIDEO.webm);
});

test("axe: the About section with its video has no WCAG 2.2 AA violations", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("section#about").scrollIntoViewIfNeeded();
  const results = await axe(page, (builder) =>
    builder.include("section#about").withTags(WCAG_AA_TAGS),
  );
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first screen draws the poster; the player comes as the section nears", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const about = page.locator("section#about");
    await expect(
      about.getByRole("button", { name: "Play video: Kwezi Engineering: our three divisions" }),
    ).toBeAttached();
    await expect(about.locator("video")).toHaveCount(0);
    const poster = await new AxeBuilder({ page })
      .include("section#about")
      .withTags(WCAG_AA_TAGS)
      .analyze();
    expect(poster.violations.map((v) => v.id)).toEqual([]);
    await about.getByRole("figure").scrollIntoViewIfNeeded();
    await expect(about.locator("video")).toBeVisible();
  });
});

test("pressing the poster before the player is there starts the video", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await waitForHydration(page);
  const about = page.locator("section#about");
  // Focused without scrolling, and pressed by keyboard: the player is not there yet.
  await about
    .getByRole("button", { name: "Play video: Kwezi Engineering: our three divisions" })
    .evaluate((button: HTMLButtonElement) => button.focus({ preventScroll: true }));
  await expect(about.locator("video")).toHaveCount(0);
  await page.keyboard.press("Enter");
  const video = about.locator("video");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.2);
  // The player took the poster's place, and its focus with it.
  await expect(video).toBeFocused();
});

test("tabbing onto the poster as it scrolls in hands the focus to the player", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await waitForHydration(page);
  const about = page.locator("section#about");
  const poster = about.getByRole("button", {
    name: "Play video: Kwezi Engineering: our three divisions",
  });
  // Focusing scrolls the poster into view, which brings the player in its place.
  await poster.focus();
  await expect(about.locator("video")).toBeVisible();
  await expect(about.locator("video")).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's own player is there from the start, and the poster stand-in is not", async ({
    page,
  }) => {
    await page.goto("/");
    const about = page.locator("section#about");
    await expect(about.locator("video")).toBeVisible();
    await expect(about.locator("video")).toHaveAttribute("controls", "");
    await expect(about.getByRole("button", { name: /Play video/ })).toBeHidden();
  });
});
