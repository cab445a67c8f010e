import { simpleParser } from "mailparser";
import { expect, test, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { sendCheckout, uniquePhone } from "../helpers/forms.ts";
import { addFromList, openAdmin, openOrderAsAdmin, uniqueTag } from "../site/shop-helpers.ts";
import { findEmail } from "./operations-helpers.ts";

/*
 * docs/product.md §6.1 "Checkout": the buyer may leave a note ("needed by Friday", "gift wrap")
 * with the order; staff see it in the order's dialog, on its page and in the new-order alert.
 */

test("a note left at checkout reaches the staff alert, the order's dialog and its page", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const customer = { name: `Naledi Note ${tag}`, email: `naledi.${tag}@example.co.za` };
  const note = "Needed by Friday, please.\nGift wrap in blue paper.";
  await page.goto("/crafts");
  await addFromList(page, "Custom Name Keyring");
  await page.goto("/checkout");
  const field = page.getByLabel("Anything we should know?");
  // Optional, and it says how long it may be.
  await expect(field).not.toHaveAttribute("required");
  await expect(field).toHaveAttribute("maxlength", "500");
  await sendCheckout(page, {
    name: customer.name,
    email: customer.email,
    phone: uniquePhone(),
    note,
  });
  await expect(page.getByText("Order placed successfully")).toBeVisible();

  const alert = await simpleParser(
    await findEmail("order.company", (eml) => eml.includes(customer.email)),
  );
  expect(alert.text).toContain(`Note from the buyer:\n${note}`);
  const confirmation = await simpleParser(
    await findEmail("order.customer", (eml) => eml.includes(customer.email)),
  );
  expect(confirmation.text).not.toContain("Gift wrap in blue paper");

  const admin = await openAdmin(browser);
  try {
    await admin.page.goto(`/admin/orders?${new URLSearchParams({ q: customer.name })}`);
    const card = admin.page
      .getByRole("main")
      .getByRole("list", { name: "Orders" })
      .getByRole("link");
    await waitUntilHydrated(card);
    await card.click();
    const inDialog = admin.page
      .getByRole("dialog")
      .getByRole("region", { name: "Note from the buyer" });
    await expect(inDialog).toBeVisible();
    // As written, line break and all.
    expect(await inDialog.getByRole("paragraph").innerText()).toBe(note);
    await admin.page.keyboard.press("Escape");

    const main = await openOrderAsAdmin(admin.page, customer.name);
    const onPage = main.getByRole("region", { name: "Note from the buyer" });
    await expect(onPage).toBeVisible();
    expect(await onPage.getByRole("paragraph").innerText()).toBe(note);
  } finally {
    await admin.close();
  }
});
