import { axe, expect, test } from "#tests/playwright-utils.ts";

// The axe reading every spec relies on: colours are read as they are at rest, never mid-fade,
// and low contrast at rest is still found.

const FADING_IN = `
  <style>
    @keyframes fade-in { from { opacity: 0 } to { opacity: 1 } }
    .fading { animation: fade-in 60s linear; }
  </style>
  <main><h1>Reading</h1><p class="fading" style="color:#111;background:#fff">Dark text at rest</p></main>`;

function contrastTargets(results: Awaited<ReturnType<typeof axe>>) {
  return results.violations
    .filter((violation) => violation.id === "color-contrast")
    .flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")));
}

test("text fading in is read at rest, not at the opacity of the moment", async ({ page }) => {
  await page.setContent(FADING_IN);
  // A sixth of the way through its fade the text is far below 4.5:1.
  await page.waitForFunction(() => {
    const [fade] = document.getAnimations();
    return fade !== undefined && Number(fade.currentTime) > 1000;
  });
  expect(contrastTargets(await axe(page))).toEqual([]);
});

test("text that starts fading in during the reading is read at rest", async ({ page }) => {
  await page.setContent(FADING_IN.replace('class="fading" ', ""));
  // Restart the fade on every frame while axe reads, as a rotating call to action would.
  await page.evaluate(() => {
    const text = document.querySelector("p") as HTMLElement;
    const restart = () => {
      text.classList.remove("fading");
      void text.offsetWidth;
      text.classList.add("fading");
      requestAnimationFrame(restart);
    };
    requestAnimationFrame(restart);
  });
  expect(contrastTargets(await axe(page))).toEqual([]);
});

test("low contrast at rest is still found", async ({ page }) => {
  await page.setContent(
    `<main><h1>Reading</h1><p id="pale" style="color:#aaa;background:#fff">Pale text</p></main>`,
  );
  expect(contrastTargets(await axe(page))).toEqual(["#pale"]);
});
