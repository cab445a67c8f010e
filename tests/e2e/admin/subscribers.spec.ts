import fs from "node:fs";
import { parseCsv } from "#app/lib/csv.ts";
import { axe, expect, holdLoaderData, test, toast } from "#tests/playwright-utils.ts";
import { subscribe, uniqueTag } from "./operations-helpers.ts";

/*
 * /admin/subscribers (decision 009): the total, the e-mail search, removal through the 'Remove
 * Subscriber' confirmation, and the CSV download. The subscribers sign up through the real
 * newsletter form; checks search for this run's tag (other specs subscribe too).
 */

const TAG = uniqueTag("subs");
const emails = ["alpha", "bravo", "charlie"].map((name) => `${name}.${TAG}@example.co.za`);

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await Promise.all(emails.map((email) => subscribe(email)));
});

test("search, remove with confirmation, and export", async ({ page, loginAsAdmin }) => {
  await loginAsAdmin();
  await page.goto("/admin/subscribers");
  const main = page.getByRole("main");
  await expect(main.getByText(/^Total Subscribers: \d+$/)).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);

  const search = page.getByRole("searchbox", { name: "Search subscribers by email" });
  await search.fill(TAG.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?q=${TAG.toUpperCase()}$`));
  const rows = main.getByRole("row").filter({ hasText: TAG });
  await expect(rows).toHaveCount(3);
  for (const header of ["Email", "Subscription Date", "Actions"]) {
    await expect(main.getByRole("columnheader", { name: header })).toBeVisible();
  }

  const total = Number(
    (await main.getByText(/^Total Subscribers:/).textContent())!.replace(/\D/g, ""),
  );
  await main.getByRole("button", { name: `Remove ${emails[1]}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove Subscriber" });
  await expect(dialog).toContainText(
    `Are you sure you want to remove "${emails[1]}" from the newsletter subscribers? This action cannot be undone.`,
  );
  expect((await axe(page)).violations).toEqual([]);
  // Cancel keeps it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(3);
  await main.getByRole("button", { name: `Remove ${emails[1]}` }).click();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Subscriber removed")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);
  await expect(main.getByText(emails[1]!)).toHaveCount(0);
  await expect(main.getByText(/^Total Subscribers:/)).toHaveText(
    new RegExp(`^Total Subscribers: ${(total - 1).toLocaleString("en-ZA")}$`),
  );

  await search.fill(emails[1]!);
  await search.press("Enter");
  await expect(main.getByText(`No subscribers found for "${emails[1]}"`)).toBeVisible();

  await search.fill(TAG);
  await search.press("Enter");
  // The link's address comes with the list: clicked before the list has answered, it would
  // still export the previous search.
  await expect(page).toHaveURL(new RegExp(`\\?q=${TAG}$`));
  await expect(rows).toHaveCount(2);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = parseCsv(fs.readFileSync((await download.path())!, "utf8"));
  expect(records[0]).toEqual([
    "Email",
    "Subscription Date (SAST)",
    "Source",
    "State",
    "Confirmed (SAST)",
  ]);
  expect(
    records
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual([emails[0], emails[2]]);
});

test("arriving from another page: 'Loading subscribers...' until the total and the rows come", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  const main = page.getByRole("main");
  const loading = main.getByText("Loading subscribers...", { exact: true });
  const total = main.getByText(/^Total Subscribers: \d+$/);
  const rows = main.getByRole("table", { name: "Subscribers" }).getByRole("row");

  // From the dashboard through the sidebar, the subscribers' own data held for a moment.
  const { held, release } = await holdLoaderData(page, "routes/admin/subscribers");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Subscribers", exact: true })
    .click();
  await expect(
    main.getByRole("heading", { level: 1, name: "Newsletter Subscribers" }),
  ).toBeVisible();
  await expect(loading).toBeVisible();
  await expect(main.getByRole("searchbox", { name: "Search subscribers by email" })).toBeVisible();
  await expect(total).toHaveCount(0);
  await expect(rows).toHaveCount(0);
  release();
  // This run's subscribers (and others') arrive with the total.
  await expect(total).toBeVisible();
  await expect(rows.nth(1)).toBeVisible();
  await expect(loading).toHaveCount(0);
  expect(held()).toBe(1);
});
