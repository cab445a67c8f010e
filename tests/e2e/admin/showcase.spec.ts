import crypto from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  axe,
  expect,
  hideNewsletterPopup,
  test,
  toast,
  waitUntilHydrated,
} from "#tests/playwright-utils.ts";
import { uniqueTag } from "./operations-helpers.ts";

/*
 * Settings → Portfolio and Settings → Equipment (decision 043): the owner adds a project with
 * its picture and sees it under its division's filter on /, reorders, hides and shows
 * equipment and sees /hardware follow, deletes through the dialog (and, without JavaScript,
 * through the inline panel), on a phone too. Every test acts only on entries it added itself
 * (unique titles, a picture of its own) and deletes them again; no test counts the entries
 * or relies on an entry's absolute place, since other specs share the server.
 */

type Kind = "portfolio" | "equipment";

const PHONE = { width: 390, height: 844 };

/** A small real picture of its own (a random colour: content-addressed files stay apart). */
async function picture(name: string, format: "png" | "jpeg" = "png") {
  const file = test.info().outputPath(name);
  const colour = `#${crypto.randomBytes(3).toString("hex")}`;
  const image = sharp({
    create: { width: 640, height: 400, channels: 3, background: colour },
  }).composite([
    {
      input: Buffer.from(
        '<svg width="640" height="400"><circle cx="320" cy="200" r="120" fill="#ffffff"/></svg>',
      ),
    },
  ]);
  await (format === "png" ? image.png() : image.jpeg({ quality: 85 })).toFile(file);
  return file;
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The admin list of a showcase: an ordered list named after it. */
function adminList(page: Page, kind: Kind) {
  return page.getByRole("list", { name: kind === "portfolio" ? "Portfolio" : "Equipment" });
}

/** One entry's row of the admin list, by its title. */
function adminRow(page: Page, kind: Kind, title: string) {
  return adminList(page, kind)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The titles of the admin list, in order. */
function adminTitles(page: Page, kind: Kind) {
  return adminList(page, kind).getByRole("heading", { level: 2 }).allInnerTexts();
}

interface NewEntry {
  title: string;
  description: string;
  picture: string;
  division?: "Digital" | "Hardware" | "Bespoke";
  link?: string;
}

/**
 * Adds an entry through the form (with JavaScript) and returns its id: the browser lands on
 * the entry's own page, which says it was saved and links to the site.
 */
async function addEntry(page: Page, kind: Kind, entry: NewEntry) {
  await page.goto(`/admin/settings/${kind}/new`);
  const submit = page.getByRole("button", {
    name: kind === "portfolio" ? "Add project" : "Add item",
  });
  await waitUntilHydrated(submit);
  await page.getByLabel("Title").fill(entry.title);
  if (entry.division) await page.getByLabel("Division").selectOption(entry.division);
  await page.getByLabel("Description").fill(entry.description);
  await page.getByLabel("Picture").setInputFiles(entry.picture);
  await expect(page.getByRole("img", { name: /^Preview of / })).toBeVisible();
  if (entry.link) await page.getByLabel("Link (optional)").fill(entry.link);
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/admin/settings/${kind}/([0-9a-f-]{36})\\?added$`));
  await expect(toast(page, kind === "portfolio" ? "Project added" : "Item added")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toContainText(
    "View on site",
  );
  await expect(page.getByRole("heading", { name: `Edit "${entry.title}"` })).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** Deletes an entry from the admin list through the confirmation dialog. */
async function deleteThroughDialog(page: Page, kind: Kind, title: string) {
  await page.goto(`/admin/settings/${kind}`);
  const row = adminRow(page, kind, title);
  await expect(row).toHaveCount(1);
  const button = page.getByRole("button", { name: `Delete "${title}"` });
  await waitUntilHydrated(button);
  await button.click();
  const dialog = page.getByRole("alertdialog", {
    name: kind === "portfolio" ? "Delete Project" : "Delete Item",
  });
  await expect(dialog).toContainText(`Are you sure you want to delete "${title}"?`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(
    toast(page, kind === "portfolio" ? "Project deleted" : "Item deleted"),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
}

/** Deletes what a test added, when it is still there (after a failure part-way). */
async function cleanUp(page: Page, kind: Kind, titles: string[]) {
  for (const title of titles) {
    await page.goto(`/admin/settings/${kind}`);
    if ((await adminRow(page, kind, title).count()) > 0) {
      await deleteThroughDialog(page, kind, title);
    }
  }
}

/** The titles of /hardware's equipment gallery, in order, as the page shows them. */
async function hardwareTitles(page: Page) {
  await page.goto("/hardware");
  const gallery = page.getByRole("region", { name: "Our Equipment" });
  await expect(gallery.getByRole("figure").first()).toBeVisible();
  return gallery.locator("figcaption > span:first-child").allInnerTexts();
}

/**
 * A visitor (no cookies: the page cache may answer, decision 011) sees `expected` on /: the
 * admin's change reaches every process's cache through the catalogue channel, so this waits
 * for the state rather than assuming it is there on the first request.
 */
async function expectVisitorHome(browser: Browser, title: string, expected: "shown" | "gone") {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await hideNewsletterPopup(visitor);
    await expect(async () => {
      await visitor.goto("/");
      const heading = visitor
        .getByRole("list", { name: "Projects" })
        .getByRole("heading", { name: title, exact: true });
      await expect(heading).toHaveCount(expected === "shown" ? 1 : 0, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await context.close();
  }
}

/** A project's card on /, by its title. */
function projectCard(projects: Locator, title: string) {
  return projects
    .getByRole("listitem")
    .filter({ has: projects.page().getByRole("heading", { name: title, exact: true }) });
}

test.describe("showcase settings", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a project added with its picture shows under its division's filter on /, and is gone once deleted", async ({
    page,
    browser,
    loginAsAdmin,
  }) => {
    const tag = uniqueTag("");
    const title = `Zz Beaded Boardroom ${tag}`;
    const description = `Beaded nameplates for a boardroom, run ${tag}.`;
    const link = `https://example.com/projects/${tag}`;
    await hideNewsletterPopup(page);
    await loginAsAdmin();
    try {
      await page.goto("/admin/settings/portfolio");
      await expect(page.getByRole("link", { name: "Portfolio", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await page.getByRole("link", { name: "Add project" }).click();
      await expect(page).toHaveURL("/admin/settings/portfolio/new");
      await addEntry(page, "portfolio", {
        title,
        description,
        division: "Bespoke",
        link,
        picture: await picture("boardroom.png"),
      });
      // The form shows what was saved.
      await expect(page.getByLabel("Title")).toHaveValue(title);
      await expect(page.getByLabel("Division")).toHaveValue("Bespoke");
      await expect(page.getByLabel("Link (optional)")).toHaveValue(link);
      await expect(page.getByRole("img", { name: "Current image" })).toBeVisible();
      await expect(
        page.getByRole("checkbox", { name: "Hide from the site (kept here to show again later)" }),
      ).not.toBeChecked();

      // The site, from the saved notice: the home page's portfolio.
      const editPath = new URL(page.url()).pathname;
      await page
        .getByRole("status")
        .filter({ hasText: "Saved." })
        .getByRole("link", { name: "View on site" })
        .click();
      await expect(page).toHaveURL("/#portfolio");
      const filter = page.getByRole("group", { name: "Filter projects" });
      const projects = page.getByRole("list", { name: "Projects" });
      await expect(filter.getByRole("button", { name: "All" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(projectCard(projects, title)).toHaveCount(1);

      const bespoke = filter.getByRole("button", { name: "Bespoke" });
      await waitUntilHydrated(bespoke);
      await bespoke.click();
      await expect(bespoke).toHaveAttribute("aria-pressed", "true");
      const card = projectCard(projects, title);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(description);
      await expect(card).toContainText("Bespoke");
      const img = card.locator("img");
      await expect(img).toHaveAttribute("src", /^\/uploads\/showcase\/[^/]+\.webp$/);
      const src = (await img.getAttribute("src"))!;
      const served = await page.request.get(src);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/webp");
      // Its name carries the title (its aria-label starts with the visible text).
      const view = card.getByRole("link", { name: `View project: ${title}`, exact: true });
      await expect(view).toHaveText(/View project/);
      await expect(view).toHaveAttribute("href", link);
      await expect(view).toHaveAttribute("rel", /noopener/);

      const digital = filter.getByRole("button", { name: "Digital" });
      await digital.click();
      await expect(digital).toHaveAttribute("aria-pressed", "true");
      await expect(bespoke).toHaveAttribute("aria-pressed", "false");
      await expect(projects.getByRole("listitem").first()).toBeVisible();
      await expect(projectCard(projects, title)).toHaveCount(0);

      // In the admin list with its division, not hidden; its Edit link opens its form.
      await page.goto("/admin/settings/portfolio");
      const row = adminRow(page, "portfolio", title);
      await expect(row).toContainText("Bespoke");
      await expect(row).toContainText(description);
      await expect(row.getByText("Hidden", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("link", { name: `Edit "${title}"` })).toHaveAttribute(
        "href",
        editPath,
      );

      // A visitor's (cached) home page shows it too.
      await expectVisitorHome(browser, title, "shown");

      // Deleted through the dialog: gone from the list and from /.
      await deleteThroughDialog(page, "portfolio", title);
      await page.goto("/");
      await expect(projects.getByRole("listitem").first()).toBeVisible();
      await expect(projectCard(projects, title)).toHaveCount(0);
      await expectVisitorHome(browser, title, "gone");
      // Its picture is no longer used by anything: its files are collected.
      await expect
        .poll(async () => (await page.request.get(src)).status(), { timeout: 10_000 })
        .toBe(404);
    } finally {
      await cleanUp(page, "portfolio", [title]);
    }
  });

  test("equipment reordered, hidden and shown again, as /hardware shows it", async ({
    page,
    loginAsAdmin,
  }) => {
    const tag = uniqueTag("");
    const first = `Zz Wave solder ${tag}`;
    const second = `Zz Conformal coater ${tag}`;
    await loginAsAdmin();
    try {
      await addEntry(page, "equipment", {
        title: first,
        description: "Solders through-hole parts in one pass.",
        picture: await picture("wave.jpg", "jpeg"),
      });
      await addEntry(page, "equipment", {
        title: second,
        description: "Coats boards against damp and dust.",
        picture: await picture("coater.png"),
      });

      // Both are added last, in the order they were added.
      await page.goto("/admin/settings/equipment");
      await expect(page.getByRole("link", { name: "Equipment", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      let titles = await adminTitles(page, "equipment");
      expect(titles.indexOf(first)).toBeGreaterThanOrEqual(0);
      expect(titles.indexOf(second)).toBeGreaterThan(titles.indexOf(first));
      let shown = await hardwareTitles(page);
      expect(shown.indexOf(first)).toBeGreaterThanOrEqual(0);
      expect(shown.indexOf(second)).toBeGreaterThan(shown.indexOf(first));

      // The second moved up (once: past its neighbour, which is the first unless an entry
      // was added between them meanwhile) until it is above the first.
      await page.goto("/admin/settings/equipment");
      const moveUp = page.getByRole("button", { name: `Move "${second}" up` });
      for (let step = 0; step < 5; step++) {
        titles = await adminTitles(page, "equipment");
        const at = titles.indexOf(second);
        if (at < titles.indexOf(first)) break;
        const neighbour = titles[at - 1]!;
        await waitUntilHydrated(moveUp);
        await moveUp.click();
        await expect(toast(page, "Item moved up").first()).toBeVisible();
        await expect
          .poll(async () => {
            const now = await adminTitles(page, "equipment");
            return now.indexOf(second) < now.indexOf(neighbour);
          })
          .toBe(true);
      }
      titles = await adminTitles(page, "equipment");
      expect(titles.indexOf(second)).toBeLessThan(titles.indexOf(first));
      await expect(
        page.getByRole("status").filter({ hasText: "Saved." }).getByRole("link", {
          name: "View on site",
        }),
      ).toHaveAttribute("href", "/hardware#equipment");
      // The first row's Move up and the last row's Move down do nothing: they are disabled.
      await expect(page.getByRole("button", { name: `Move "${titles[0]}" up` })).toBeDisabled();
      await expect(
        page.getByRole("button", { name: `Move "${titles.at(-1)}" down` }),
      ).toBeDisabled();

      shown = await hardwareTitles(page);
      expect(shown.indexOf(second)).toBeGreaterThanOrEqual(0);
      expect(shown.indexOf(second)).toBeLessThan(shown.indexOf(first));

      // Hidden: off /hardware, kept in the list with a badge.
      await page.goto("/admin/settings/equipment");
      const row = adminRow(page, "equipment", first);
      await expect(row.getByText("Hidden", { exact: true })).toHaveCount(0);
      const hide = page.getByRole("button", { name: `Hide "${first}"` });
      await waitUntilHydrated(hide);
      await hide.click();
      await expect(toast(page, "Item hidden")).toBeVisible();
      await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: `Show "${first}"` })).toBeVisible();
      shown = await hardwareTitles(page);
      expect(shown).not.toContain(first);
      expect(shown).toContain(second);

      // Shown again: back on /hardware, in its place.
      await page.goto("/admin/settings/equipment");
      const show = page.getByRole("button", { name: `Show "${first}"` });
      await waitUntilHydrated(show);
      await show.click();
      await expect(toast(page, "Item shown again")).toBeVisible();
      await expect(row.getByText("Hidden", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Hide "${first}"` })).toBeVisible();
      shown = await hardwareTitles(page);
      expect(shown.indexOf(first)).toBeGreaterThan(shown.indexOf(second));

      // Deleted through the dialog: gone from /hardware.
      await deleteThroughDialog(page, "equipment", first);
      await deleteThroughDialog(page, "equipment", second);
      shown = await hardwareTitles(page);
      expect(shown).not.toContain(first);
      expect(shown).not.toContain(second);
    } finally {
      await cleanUp(page, "equipment", [first, second]);
    }
  });

  test("the lists and the form fit a 390 px phone, and an item is added and deleted without JavaScript", async ({
    page,
    browser,
    loginAsAdmin,
  }) => {
    const title = `Zz Bench oscilloscope ${uniqueTag("")}`;
    await page.setViewportSize(PHONE);
    await loginAsAdmin();

    for (const kind of ["portfolio", "equipment"] as const) {
      await page.goto(`/admin/settings/${kind}`);
      await expect(adminList(page, kind).getByRole("listitem").first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    }

    await page.goto("/admin/settings/portfolio/new");
    const submit = page.getByRole("button", { name: "Add project" });
    await waitUntilHydrated(submit);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    // Sent empty: each field says what it needs, and the page stays accessible.
    await submit.click();
    await expect(page.getByText("Please enter a title.")).toBeVisible();
    await expect(page.getByText("Please write a short description.")).toBeVisible();
    await expect(page.getByText(/Please choose the division/)).toBeVisible();
    await expect(page).toHaveURL("/admin/settings/portfolio/new");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Without JavaScript: the form posts the picture itself, the list's Delete asks inline.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await context.newPage();
      await plain.goto("/admin/settings/equipment");
      await plain.getByRole("link", { name: "Add item" }).click();
      await expect(plain).toHaveURL("/admin/settings/equipment/new");
      await expect(plain.getByLabel("Division")).toHaveCount(0);
      await expect(plain.getByLabel("Link (optional)")).toHaveCount(0);
      await plain.getByLabel("Title").fill(title);
      await plain.getByLabel("Description").fill("Four channels, 200 MHz, on the test bench.");
      await plain.getByLabel("Picture").setInputFiles(await picture("scope.jpg", "jpeg"));
      await plain.getByRole("button", { name: "Add item" }).click();
      await expect(plain).toHaveURL(/\/admin\/settings\/equipment\/[0-9a-f-]{36}\?added$/);
      await expect(plain.getByRole("heading", { name: `Edit "${title}"` })).toBeVisible();
      const saved = plain.getByRole("status").filter({ hasText: "Saved." });
      await expect(saved).toBeVisible();
      await saved.getByRole("link", { name: "View on site" }).click();
      await expect(plain).toHaveURL("/hardware#equipment");
      const figure = plain
        .getByRole("region", { name: "Our Equipment" })
        .getByRole("figure")
        .filter({ hasText: title });
      await expect(figure).toHaveCount(1);
      await expect(figure.locator("img")).toHaveAttribute(
        "src",
        /^\/uploads\/showcase\/[^/]+\.webp$/,
      );

      await plain.goto("/admin/settings/equipment");
      await plain.getByRole("button", { name: `Delete "${title}"` }).click();
      const panel = plain.getByRole("region", { name: "Delete Item" });
      await expect(panel).toContainText(`Are you sure you want to delete "${title}"?`);
      await panel.getByRole("button", { name: "Delete" }).click();
      await expect(adminRow(plain, "equipment", title)).toHaveCount(0);
      await expect(plain.getByRole("region", { name: "Delete Item" })).toHaveCount(0);
      await plain.goto("/hardware");
      await expect(
        plain.getByRole("region", { name: "Our Equipment" }).getByRole("figure").first(),
      ).toBeVisible();
      await expect(
        plain.getByRole("region", { name: "Our Equipment" }).getByRole("figure").filter({
          hasText: title,
        }),
      ).toHaveCount(0);
    } finally {
      await context.close();
      await cleanUp(page, "equipment", [title]);
    }
  });
});
