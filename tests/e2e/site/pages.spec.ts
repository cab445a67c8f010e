import type { Page } from "@playwright/test";
import { expect, test } from "#tests/playwright-utils.ts";
import { findEmail, subscribe, uniqueTag } from "../admin/operations-helpers.ts";
import { waitForHydration } from "./hydration.ts";
import { PUBLIC_PATHS } from "./public-paths.ts";
import { expectNoAxeViolations } from "./shop-helpers.ts";

/** Decision 004: every public page's quoted texts, the hero rotation, filter, menu and axe. */

// The home popup would cover the page after 5 s; these tests are about the pages.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem("newsletterPopupSeen", String(Date.now())),
  );
});

test("home: hero, tiles, about, services, portfolio and the quote section", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(
    page.getByRole("heading", { level: 1, name: "Powering Your Digital & Hardware World" }),
  ).toBeVisible();
  for (const [name, href] of [
    ["Digital", "/digital"],
    ["Hardware", "/hardware"],
    ["Bespoke", "/crafts"],
  ] as const) {
    const tiles = main.getByRole("list", { name: "Divisions" });
    await expect(tiles.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
  for (const [title, href] of [
    ["Digital Solutions", "/digital"],
    ["Hardware & Manufacturing", "/hardware"],
    ["Bespoke Creations", "/crafts"],
  ] as const) {
    await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: `See More about ${title}` })).toHaveAttribute(
      "href",
      href,
    );
  }
  await expect(
    page.locator("section#quote").getByRole("heading", { name: "Get a Quote" }),
  ).toBeVisible();
  // docs/product.md §6.2: the quote message box is at least 8rem (128 px) high.
  const box = await page.getByLabel("Message").boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(128);
});

const START = Date.UTC(2026, 0, 5, 8, 0, 0);

test("home: the call to action rotates every 3 seconds through the three divisions", async ({
  page,
}) => {
  // The page's clock stands still unless the test moves it (a busy machine cannot skew it).
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto("/");
  await waitForHydration(page);
  const cta = page.getByTestId("hero-cta");
  await expect(cta).toHaveText("Explore Digital Solutions");
  await expect(cta).toHaveAttribute("href", "/digital");
  await page.clock.runFor(2900);
  await expect(cta).toHaveText("Explore Digital Solutions");
  await page.clock.runFor(100);
  await expect(cta).toHaveText("See Hardware Capabilities");
  await expect(cta).toHaveAttribute("href", "/hardware");
  await page.clock.runFor(3000);
  await expect(cta).toHaveText("Shop Bespoke Creations");
  await expect(cta).toHaveAttribute("href", "/crafts");
  await page.clock.runFor(3000);
  await expect(cta).toHaveText("Explore Digital Solutions");
});

test("home: the rotation holds while focused, keeps the focus, and can be paused", async ({
  page,
}) => {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto("/");
  await waitForHydration(page);
  const cta = page.getByTestId("hero-cta");
  // WCAG 2.2.2: a keyboard user on the link is not moved on, nor loses the focus.
  await cta.focus();
  await page.clock.runFor(7000);
  await expect(cta).toHaveText("Explore Digital Solutions");
  await expect(cta).toBeFocused();
  // Focus elsewhere: it rotates again.
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(3000);
  await expect(cta).toHaveText("See Hardware Capabilities");
  // The pause button stops it for good (the pointer leaves first), and plays it again.
  const pause = page.getByRole("button", { name: "Pause the rotation" });
  await pause.click();
  await page.mouse.move(0, 0);
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(9000);
  await expect(cta).toHaveText("See Hardware Capabilities");
  await page.getByRole("button", { name: "Play the rotation" }).click();
  await page.mouse.move(0, 0);
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(3000);
  await expect(cta).toHaveText("Shop Bespoke Creations");
});

test("home: with reduced motion the call to action stays put", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await page.clock.runFor(7000);
  await expect(page.getByTestId("hero-cta")).toHaveText("Explore Digital Solutions");
  // Nothing moves, so there is nothing to pause.
  await expect(page.getByRole("button", { name: "Pause the rotation" })).toBeHidden();
});

test("home: the portfolio filter shows one division at a time, All by default", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const projects = page.getByRole("list", { name: "Projects" }).getByRole("listitem");
  const filter = page.getByRole("group", { name: "Filter projects" });
  await expect(filter.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  await expect(projects).toHaveCount(6);
  await filter.getByRole("button", { name: "Digital" }).click();
  await expect(projects).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "IoT Smart Home System" })).toBeVisible();
  await filter.getByRole("button", { name: "Hardware" }).click();
  await expect(projects).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Custom PCB Design" })).toBeVisible();
  await filter.getByRole("button", { name: "Bespoke" }).click();
  await expect(projects).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Personalised Gift Set" })).toBeVisible();
  await expect(filter.getByRole("button", { name: "Bespoke" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await filter.getByRole("button", { name: "All" }).click();
  await expect(projects).toHaveCount(6);
});

test("Get a Quote scrolls to the quote section on home and links to /#quote elsewhere", async ({
  page,
}) => {
  await page.goto("/digital");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Get a Quote" })).toHaveAttribute("href", "/#quote");
  await page.goto("/");
  await waitForHydration(page);
  // A plain link to /#quote would get there too (a same-page fragment navigation, smooth by
  // the page's CSS): what proves the handler ran is that no navigation happened — no
  // hashchange, no new history entry, the same document. And the page passes through
  // positions between the top and the quote section (smooth), where a jump lands at once.
  const historyLength = await page.evaluate(() => {
    const w = window as Window & { __samePage?: boolean; __hashChanges?: number; __ys?: number[] };
    w.__samePage = true;
    w.__hashChanges = 0;
    w.__ys = [];
    window.addEventListener("hashchange", () => {
      w.__hashChanges! += 1;
    });
    window.addEventListener("scroll", () => w.__ys!.push(window.scrollY), { passive: true });
    return history.length;
  });
  await nav.getByRole("link", { name: "Get a Quote" }).click();
  await expect(page.locator("section#quote")).toBeInViewport();
  await expect(page).toHaveURL(/\/#quote$/);
  // Wait for the scrolling to end (the position holds between two looks).
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const settled = y === last;
        last = y;
        return settled;
      },
      { intervals: [150] },
    )
    .toBe(true);
  const after = await page.evaluate(() => {
    const w = window as Window & { __samePage?: boolean; __hashChanges?: number; __ys?: number[] };
    return {
      samePage: w.__samePage,
      hashChanges: w.__hashChanges,
      length: history.length,
      ys: w.__ys!,
      final: window.scrollY,
    };
  });
  expect({
    samePage: after.samePage,
    hashChanges: after.hashChanges,
    length: after.length,
  }).toEqual({
    samePage: true,
    hashChanges: 0,
    length: historyLength,
  });
  const between = after.ys.filter((y) => y > 0 && y < after.final - 1);
  expect(between.length, `scroll positions: ${after.ys.join(", ")}`).toBeGreaterThan(0);
});

test("/digital: six services, the tech stack, the consultation link and a working view-services button", async ({
  page,
}) => {
  await page.goto("/digital");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Digital Solutions" })).toBeVisible();
  for (const name of [
    "Web Development",
    "Mobile App Development",
    "Windows Desktop Apps",
    "Embedded/IoT Systems",
    "Web & Email Hosting",
    "Tech Consulting",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Our Tech Stack" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a Consultation" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await page.getByRole("link", { name: "View Our Services" }).click();
  await expect(page.getByRole("heading", { name: "Our Digital Services" })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Get a Quote" })).toBeAttached();
});

test("/hardware: four services, six pieces of equipment and the prototype link", async ({
  page,
}) => {
  await page.goto("/hardware");
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Hardware & Manufacturing" }),
  ).toBeVisible();
  for (const name of [
    "Hardware Design & R&D",
    "Embedded Systems & Firmware",
    "Prototyping",
    "Mass Manufacturing",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  await expect(page.locator("section#equipment figure")).toHaveCount(6);
  await expect(page.getByRole("link", { name: "Start Your Prototype" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(page.getByRole("heading", { name: "Get a Quote" })).toBeVisible();
});

test("/contact: address in Queensburgh, phone, e-mails, hours and the form", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByText("Queensburgh, Durban")).toBeVisible();
  await expect(main.getByRole("link", { name: "+27 31 464 0192" })).toBeVisible();
  await expect(main.getByRole("link", { name: "info@kwezi-engineering.co.za" })).toBeVisible();
  await expect(main.getByRole("link", { name: "support@kwezi-engineering.co.za" })).toBeVisible();
  await expect(main.getByText("9:00-18:00")).toBeVisible();
  await expect(main.getByText("10:00-14:00")).toBeVisible();
  await expect(main.getByText("closed")).toBeVisible();
  for (const label of ["Name", "Email", "Subject", "Message"]) {
    await expect(main.getByLabel(label, { exact: true })).toBeVisible();
  }
});

test("/privacy and /terms show the day their text last changed and cover POPIA", async ({
  page,
}) => {
  // Not today's date, as the original showed (decision 028): the day set with the text.
  await page.goto("/privacy");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText("Last updated: 28 November 2026")).toBeVisible();
  await expect(page.getByRole("heading", { name: "How to unsubscribe" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your rights" })).toBeVisible();
  await page.goto("/terms");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText("Last updated: 23 November 2026")).toBeVisible();
});

test("/sitemap links the nine routes", async ({ page }) => {
  await page.goto("/sitemap");
  await waitForHydration(page);
  const links = page.getByRole("navigation", { name: "Sitemap" }).getByRole("link");
  await expect(links).toHaveCount(9);
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
  expect(hrefs).toEqual([
    "/",
    "/digital",
    "/hardware",
    "/crafts",
    "/contact",
    "/cart",
    "/checkout",
    "/privacy",
    "/terms",
  ]);
});

test("the footer links and newsletter field with its consent wording", async ({ page }) => {
  await page.goto("/terms");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  const hrefs = await footer
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link")
    .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
  expect(hrefs).toEqual(["/digital", "/hardware", "/crafts", "/privacy", "/terms", "/sitemap"]);
  await expect(footer.getByLabel("Email address")).toBeVisible();
  await expect(footer.getByText("By subscribing you agree")).toBeVisible();
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, is keyboard usable, and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link", { name: "Bespoke" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    // Escape from a link inside the menu gives the focus back to the toggle.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Digital" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Hardware" }).click();
    await expect(page).toHaveURL(/\/hardware$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("mobile menu without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("opens with a tap and leads to every main link", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menuLink = (name: string) => nav.getByRole("link", { name, exact: true });
    // A native disclosure (<details>) opens without script. Its summary ("Menu") has no ARIA
    // role Playwright can query (browsers expose it as a disclosure button).
    const toggle = nav.locator("summary").filter({ hasText: "Menu" });
    // Closed at first: the bar's own links are hidden at this width.
    await expect(menuLink("Bespoke")).toBeHidden();
    await toggle.click();
    for (const [name, href] of [
      ["Digital", "/digital"],
      ["Hardware", "/hardware"],
      ["Bespoke", "/crafts"],
      ["Contact", "/contact"],
      ["Get a Quote", "/#quote"],
    ] as const) {
      await expect(menuLink(name)).toBeVisible();
      await expect(menuLink(name)).toHaveAttribute("href", href);
    }
    await menuLink("Hardware").click();
    await expect(page).toHaveURL(/\/hardware$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Hardware & Manufacturing" }),
    ).toBeVisible();
    // The next page starts with the menu closed again.
    await expect(menuLink("Bespoke")).toBeHidden();
  });
});

test.describe("mobile menu before the page's scripts run", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("axe: the open fallback menu has no WCAG 2.2 AA violations", async ({ page }) => {
    // The app's scripts never arrive (axe still runs: JavaScript itself is on).
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).locator("summary").click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bespoke" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("the bar becomes compact past 50 px of scroll", async ({ page }) => {
  await page.goto("/privacy");
  await waitForHydration(page);
  const bar = page.locator("header[data-compact]");
  await expect(bar).toHaveAttribute("data-compact", "false");
  await page.mouse.wheel(0, 400);
  await expect(bar).toHaveAttribute("data-compact", "true");
});

test("the compact threshold is 50 px: not compact at 40 px, compact at 60 px", async ({ page }) => {
  await page.goto("/privacy");
  await waitForHydration(page);
  const bar = page.locator("header[data-compact]");
  const scrollTo = async (top: number) => {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
    expect(await page.evaluate(() => window.scrollY)).toBe(top);
  };
  await scrollTo(60);
  await expect(bar).toHaveAttribute("data-compact", "true");
  await scrollTo(40);
  await expect(bar).toHaveAttribute("data-compact", "false");
  await scrollTo(60);
  await expect(bar).toHaveAttribute("data-compact", "true");
});

/** A product page of the demo catalogue, as a visitor finds it on /crafts. */
async function aProductPath(page: Page) {
  await page.goto("/crafts");
  const href = await page.locator('main a[href^="/products/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/products\/[0-9a-f-]{36}$/);
  return href!;
}

for (const width of [360, 1440]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const paths = [...PUBLIC_PATHS, await aProductPath(page), "/no-such-page"];
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      await page.getByRole("contentinfo").waitFor();
      const widths = await page.evaluate(() => ({
        viewport: document.documentElement.clientWidth,
        page: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.page, `${path}: the page is wider than the window`).toBeLessThanOrEqual(
        widths.viewport,
      );
      expect(widths.body, `${path}: the body is wider than the window`).toBeLessThanOrEqual(
        widths.viewport,
      );
    }
  });
}

test("axe: the unsubscribe page of a newsletter e-mail", async ({ page }) => {
  const email = `${uniqueTag("leaving")}@example.co.za`;
  await subscribe(email, { confirmed: true });
  // The link as the subscriber gets it, in the welcome e-mail (quoted-printable undone).
  const eml = (await findEmail("newsletter.welcome", (file) => file.includes(email))).replace(
    /=\r?\n/g,
    "",
  );
  const path = eml.match(/\/newsletter\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)?.[0];
  expect(path).toBeTruthy();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path!);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

for (const path of [
  "/",
  "/digital",
  "/hardware",
  "/contact",
  "/privacy",
  "/terms",
  "/sitemap",
  "/no-such-page",
]) {
  for (const width of [390, 1280]) {
    test(`axe: ${path} at ${width} px has no WCAG 2.2 AA violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await waitForHydration(page);
      await page.getByRole("contentinfo").waitFor();
      await expectNoAxeViolations(page);
    });
  }
}
