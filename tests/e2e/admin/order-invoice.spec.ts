import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { axe, expect, test } from "#tests/playwright-utils.ts";
import {
  openAdmin,
  openOrderAsAdmin,
  orderKeyringAndFindOrderPage,
  uniqueTag,
} from "../site/shop-helpers.ts";

/*
 * docs/product.md §3.9 "Invoice": the admin opens the order's invoice from its page and prints
 * it (Chromium's own print to PDF, the page's print styles, A4); once the order is confirmed the
 * buyer's order page links the same document.
 */

const hasPoppler = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

test("the admin prints the invoice to an A4 PDF; the buyer's page links it once confirmed", async ({
  page,
  browser,
}) => {
  test.skip(!hasPoppler, "reading the printed PDF needs pdftotext: apt-get install poppler-utils");
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const customer = { name: `Lerato Invoice ${tag}`, email: `lerato.${tag}@example.co.za` };
  const orderPage = await orderKeyringAndFindOrderPage(page, customer);

  // Not confirmed yet: the buyer's page has no invoice.
  await page.goto(orderPage);
  await expect(page.getByRole("main")).toContainText("Items");
  await expect(page.getByRole("link", { name: "View or print your invoice" })).toHaveCount(0);

  const admin = await openAdmin(browser);
  try {
    const main = await openOrderAsAdmin(admin.page, customer.name);
    await main.getByRole("combobox", { name: "Status" }).selectOption("processing");
    await expect(
      admin.page.getByText("Order status has been updated to processing."),
    ).toBeVisible();
    await main.getByRole("button", { name: "Invoice" }).click();
    await expect(admin.page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}\/invoice$/);
    const document = admin.page.getByRole("main");
    await expect(document.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
    await expect(document).toContainText(customer.name);
    await expect(admin.page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
    expect((await axe(admin.page)).violations).toEqual([]);
    const number = (await document.getByText(/^INV-\d{5}$/).innerText()).trim();

    // Printed as the browser prints it: the print styles, the page size the stylesheet asks.
    await admin.page.emulateMedia({ media: "print" });
    const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "invoice-")), "invoice.pdf");
    await admin.page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    for (const expected of [
      "Invoice",
      number,
      customer.name,
      customer.email,
      "Custom Name Keyring",
      "Total",
      "To be calculated",
      `Please use ${number} as the payment reference.`,
    ]) {
      expect(text, `the PDF says ${expected}`).toContain(expected);
    }
    // The screen's toolbar is not printed; no VAT line without a VAT number.
    expect(text).not.toContain("Print or save as PDF");
    expect(text).not.toContain("VAT");
    const info = execFileSync("pdfinfo", [pdf], { encoding: "utf8" });
    expect(info).toMatch(/Pages:\s+1\n/);
    // A4 (210 × 297 mm = 595 × 842 pt), to Chromium's rounding.
    expect(info).toMatch(/Page size:\s+59[45]\.\d+ x 84[12]\.\d+ pts \(A4\)/);
  } finally {
    await admin.close();
  }

  // Confirmed: the buyer's page links the same document.
  await page.goto(orderPage);
  await page.getByRole("link", { name: "View or print your invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(customer.name);
  expect((await axe(page)).violations).toEqual([]);
});
