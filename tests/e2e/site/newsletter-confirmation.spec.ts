import { expect, hideNewsletterPopup, test, toast } from "#tests/playwright-utils.ts";
import { confirmationPath, uniqueTag } from "../admin/operations-helpers.ts";
import { sendNewsletterForm } from "../helpers/forms.ts";
import { waitForHydration } from "./hydration.ts";
import { expectNoAxeViolations } from "./shop-helpers.ts";

/*
 * Double opt-in (docs/product.md §3.10 "States"): the footer form's address awaits
 * confirmation; the link in the .eml the server wrote opens a page with a button; confirming
 * subscribes it once, and the admin's list shows the state and the consent record.
 */

test("an address is subscribed once the link in its e-mail is used, and the admin sees it", async ({
  page,
  loginAsAdmin,
}) => {
  // A site journey, two axe runs and an admin sign-in (argon2) in one test.
  test.setTimeout(60_000);
  const email = `${uniqueTag("optin")}@example.co.za`;
  await hideNewsletterPopup(page);
  await page.goto("/privacy");
  await waitForHydration(page);
  await sendNewsletterForm(page, page.getByRole("form", { name: "Newsletter" }), email);
  await expect(toast(page, "Submission Successful")).toBeVisible();

  const link = await confirmationPath(email);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(link);
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Confirm your subscription" }),
    ).toBeVisible();
    await expect(page.getByText(`Subscribe ${email} to our newsletter?`)).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Thank you: ${email} is now subscribed to our newsletter.`,
  );
  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("status")).toContainText(
    "This confirmation link is not valid, or it has been used already.",
  );

  await loginAsAdmin();
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  const main = page.getByRole("main");
  const row = main.getByRole("row").filter({ hasText: email });
  await expect(row.locator('[data-state="subscribed"]').first()).toHaveText("Subscribed");
  await row.getByText("Consent record").click();
  await expect(row.getByText("in the footer form")).toBeVisible();
  await expect(row.getByText("Not yet")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The state filter: the address is under Subscribed, not under Awaiting confirmation.
  const filter = main.getByRole("navigation", { name: "Filter by state" });
  await filter.getByRole("link", { name: /^Awaiting confirmation/ }).click();
  await expect(page).toHaveURL(/state=pending/);
  await expect(main.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await filter.getByRole("link", { name: /^Subscribed/ }).click();
  await expect(page).toHaveURL(/state=subscribed/);
  await expect(main.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await expect(filter.getByRole("link", { name: /^Subscribed/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
