import { axe, expect, test } from "#tests/playwright-utils.ts";
import {
  openAdmin,
  openOrderAsAdmin,
  orderKeyringAndFindOrderPage,
  uniqueTag,
} from "../site/shop-helpers.ts";

/*
 * docs/product.md §3.9 "Delivery": the owner records the delivery agreed with the buyer on the
 * order page; the total becomes items + charge there and on the buyer's own order page.
 */

test("the owner records delivery and the new total shows on the admin's page and the buyer's", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const customer = { name: `Sizwe Delivery ${tag}`, email: `sizwe.${tag}@example.co.za` };
  const orderPage = await orderKeyringAndFindOrderPage(page, customer);

  const admin = await openAdmin(browser);
  try {
    const main = await openOrderAsAdmin(admin.page, customer.name);
    const table = main.getByRole("table", { name: "Order items" });
    const itemsTotal = (await table.getByTestId("order-total").innerText()).trim();
    const form = main.getByRole("form", { name: "Delivery" });
    // Only "Delivery" asks for a charge, a courier and a tracking reference.
    await expect(form.getByLabel("Delivery charge (ZAR)")).toBeHidden();
    await form.getByRole("combobox", { name: "Delivery" }).selectOption("delivery");
    await form.getByLabel("Delivery charge (ZAR)").fill("120");
    await form.getByLabel("Courier (optional)").fill("The Courier Guy");
    await form.getByLabel("Tracking reference (optional)").fill("TCG123");
    expect((await axe(admin.page)).violations).toEqual([]);
    await form.getByRole("button", { name: "Save Delivery" }).click();
    await expect(admin.page.getByText("Delivery updated")).toBeVisible();
    await expect(table.getByTestId("order-delivery")).toHaveText(/R\s120,00/);
    await expect(table.getByText("The Courier Guy, tracking TCG123")).toBeVisible();
    await expect(table.getByTestId("order-total")).not.toHaveText(itemsTotal);
    await expect(
      main.getByText(/Delivery changed from To be calculated to Delivery/),
    ).toBeVisible();
  } finally {
    await admin.close();
  }

  await page.goto(orderPage);
  const items = page.getByRole("table", { name: "Items ordered" });
  await expect(items).not.toContainText("To be calculated");
  await expect(items.getByRole("row", { name: /Delivery/ })).toContainText("R120.00");
  await expect(items).toContainText("The Courier Guy, tracking TCG123");
});
