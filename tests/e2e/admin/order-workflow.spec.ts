import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import {
  axe,
  expect,
  test,
  waitUntilFormStampIsOldEnough,
  waitUntilHydrated,
} from "#tests/playwright-utils.ts";
import { OVERDUE_BUYER } from "../setup/overdue-order.ts";
import { addFromList, openAdmin, uniqueTag } from "../site/shop-helpers.ts";
import { findEmail } from "./operations-helpers.ts";

/*
 * Decision 014 acceptance, end to end: a visitor orders, opens their private order page from the
 * confirmation e-mail (the .eml the server wrote) and reads "Awaiting contact"; the admin
 * records payment arranged, then paid; the buyer's page shows it; and the dashboard's to-do
 * item for an overdue order disappears once it is dealt with. axe at 390 and 1280 px.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The order page link in the confirmation e-mail sent to `email` (parsed as a mail client would). */
async function orderPageLink(email: string): Promise<string> {
  const eml = await findEmail("order.customer", (text) => text.includes(email));
  const mail = await simpleParser(eml);
  const link = mail.text?.match(/https?:\/\/[^\s]+\/orders\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, "the confirmation links to the order page").toBeTruthy();
  expect(mail.html || "").toContain(`href="${link}"`);
  return new URL(link!).pathname;
}

async function axeAtBothWidths(page: Page, check?: () => Promise<void>) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await check?.();
    expect((await axe(page)).violations, `axe at ${size.width} px`).toEqual([]);
  }
}

test.describe.configure({ mode: "serial" });

test("a visitor orders, follows the e-mailed link, and sees the payment the admin records", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const customer = { name: `Lindiwe Payer ${tag}`, email: `lindiwe.${tag}@example.co.za` };
  await page.goto("/crafts");
  await addFromList(page, "Custom Name Keyring");
  await page.goto("/checkout");
  await page.getByLabel("Full Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Email Address", { exact: true }).fill(customer.email);
  await page.getByLabel("Phone Number", { exact: true }).fill("082 123 4567");
  await waitUntilFormStampIsOldEnough(page, page.locator("#checkout"));
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully")).toBeVisible();

  // The buyer opens the link from the confirmation, in a browser of their own.
  const path = await orderPageLink(customer.email);
  const buyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const buyer = await buyerContext.newPage();
  try {
    const response = await buyer.goto(path);
    expect(response?.status()).toBe(200);
    // Never stored by a browser or a CDN, never indexed.
    expect(response?.headers()["cache-control"]).toContain("no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    const main = buyer.getByRole("main");
    await expect(
      main.getByRole("heading", { level: 1, name: /^Order [0-9A-F]{8}$/ }),
    ).toBeVisible();
    await expect(main.getByText("Awaiting contact", { exact: true })).toBeVisible();
    await expect(main.getByRole("table", { name: "Items ordered" })).toContainText(
      "Custom Name Keyring",
    );
    await expect(main.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
    await axeAtBothWidths(buyer);

    // The admin records payment arranged (in the list's dialog), then paid (on the order page).
    const admin = await openAdmin(browser);
    try {
      await admin.page.goto(`/admin/orders?${new URLSearchParams({ q: customer.name })}`);
      const card = admin.page
        .getByRole("main")
        .getByRole("list", { name: "Orders" })
        .getByRole("link");
      await expect(card).toHaveCount(1);
      await expect(card).toContainText("Awaiting contact");
      await waitUntilHydrated(card);
      await card.click();
      const dialog = admin.page.getByRole("dialog");
      const form = dialog.getByRole("form", { name: "Payment" });
      await expect(form.getByRole("combobox", { name: "Payment" })).toHaveValue("awaiting_contact");
      // Only the fields of the state chosen are shown.
      await expect(form.getByRole("combobox", { name: "Method" })).toBeHidden();
      await form.getByRole("combobox", { name: "Payment" }).selectOption("arranged");
      await expect(form.getByRole("combobox", { name: "Method" })).toBeVisible();
      await expect(form.getByLabel("Amount paid (ZAR)")).toBeHidden();
      await axeAtBothWidths(admin.page, () => expect(dialog).toBeVisible());
      await admin.page.setViewportSize(DESKTOP);
      await form.getByRole("combobox", { name: "Method" }).selectOption("eft");
      await form.getByLabel("E-mail the customer").check();
      await form.getByRole("button", { name: "Save Payment" }).click();
      await expect(
        admin.page.getByText(
          "The payment is now: Payment arranged. The customer has been e-mailed.",
        ),
      ).toBeVisible();
      // The dialog's title shows the payment's new badge.
      await expect(dialog.getByRole("heading").first()).toContainText("Payment: Payment arranged");
      // The buyer's "how to pay" e-mail went out, with the order number as EFT reference.
      const howToPay = await simpleParser(
        await findEmail("order.payment_arranged", (text) => text.includes(customer.email)),
      );
      expect(howToPay.text).toContain("We will send you our banking details.");

      await dialog.getByRole("link", { name: "View Full Page" }).click();
      await expect(admin.page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
      const paymentForm = admin.page.getByRole("form", { name: "Payment" });
      await waitUntilHydrated(paymentForm.getByRole("button", { name: "Save Payment" }));
      await paymentForm.getByRole("combobox", { name: "Payment" }).selectOption("paid");
      await expect(paymentForm.getByRole("combobox", { name: "Method" })).toHaveValue("eft");
      await paymentForm.getByLabel("Amount paid (ZAR)").fill("150.00");
      await expect(paymentForm.getByLabel("Date paid")).toBeVisible();
      await axeAtBothWidths(admin.page);
      // Calling the buyer: on a phone right under the order's heading, above the status and
      // the items; on a wide screen in the customer's card beside them. One set either way.
      const contact = admin.page.getByRole("list", { name: `Contact ${customer.name}` });
      await admin.page.setViewportSize(PHONE);
      await expect(contact).toHaveCount(1);
      const [callOnPhone, statusOnPhone] = await Promise.all([
        contact.getByRole("link", { name: "Call" }).boundingBox(),
        admin.page.getByRole("heading", { name: "Order Status" }).boundingBox(),
      ]);
      expect(callOnPhone!.y).toBeLessThan(statusOnPhone!.y);
      await admin.page.setViewportSize(DESKTOP);
      await expect(contact).toHaveCount(1);
      const [callOnDesktop, statusOnDesktop] = await Promise.all([
        contact.getByRole("link", { name: "Call" }).boundingBox(),
        admin.page.getByRole("heading", { name: "Order Status" }).boundingBox(),
      ]);
      expect(callOnDesktop!.x).toBeGreaterThan(statusOnDesktop!.x + 400);
      await paymentForm.getByRole("button", { name: "Save Payment" }).click();
      await expect(admin.page.getByText("The payment is now: Paid.")).toBeVisible();
      const history = admin.page
        .getByRole("main")
        .getByRole("list")
        .filter({ hasText: "Payment changed" });
      await expect(history).toContainText("Payment changed from Payment arranged to Paid");
      await expect(history).toContainText(
        "Payment changed from Awaiting contact to Payment arranged",
      );
    } finally {
      await admin.close();
    }

    // The buyer's page shows it.
    await buyer.reload();
    await expect(main.getByText("Paid", { exact: true })).toBeVisible();
    await expect(
      main.getByText(/We received R150\.00 on \d{1,2} [A-Z][a-z]+ \d{4}\. Thank you!/),
    ).toBeVisible();
    await axeAtBothWidths(buyer);
  } finally {
    await buyerContext.close();
  }
});

test("a wrong or malformed link shows no order", async ({ page }) => {
  for (const path of ["/orders/not-a-token", `/orders/${"A".repeat(43)}`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
  }
  await axeAtBothWidths(page);
});

test("the dashboard's to-do item for an overdue order disappears once it is dealt with", async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  test.setTimeout(90_000);
  // Placed 25 hours before the server started (tests/e2e/setup/seed-overdue-order.ts).
  const path = await orderPageLink(OVERDUE_BUYER.email);
  await loginAsAdmin();
  const todo = page.getByRole("region", { name: "To do" });
  const item = todo.getByRole("link", { name: /awaiting contact for 24 hours or more/ });
  await expect(item).toContainText("1 order awaiting contact for 24 hours or more");
  await expect(item).toContainText("Overdue");
  // Above the product's four cards.
  const cards = page.getByTestId("count-/admin/products");
  expect((await todo.boundingBox())!.y).toBeLessThan((await cards.boundingBox())!.y);
  await axeAtBothWidths(page);
  await page.setViewportSize(DESKTOP);

  // The item leads to exactly that order.
  await waitUntilHydrated(item);
  await item.click();
  await expect(page).toHaveURL(/\/admin\/orders\?payment=awaiting_contact&overdue=1$/);
  await expect(
    page.getByText("Only open orders awaiting contact for 24 hours or more."),
  ).toBeVisible();
  const card = page.getByRole("main").getByRole("list", { name: "Orders" }).getByRole("link");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(OVERDUE_BUYER.name);
  await waitUntilHydrated(card);
  await card.click();
  const form = page.getByRole("dialog").getByRole("form", { name: "Payment" });
  await form.getByRole("combobox", { name: "Payment" }).selectOption("arranged");
  await form.getByRole("combobox", { name: "Method" }).selectOption("cash");
  await form.getByRole("button", { name: "Save Payment" }).click();
  await expect(page.getByText("The payment is now: Payment arranged.")).toBeVisible();

  // The buyer sees it too.
  const buyer = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await buyer.goto(path);
  await expect(
    buyer.getByRole("main").getByText("Payment arranged", { exact: true }),
  ).toBeVisible();
  await expect(
    buyer.getByText(
      "Please have the amount ready in cash when your order is delivered or collected.",
    ),
  ).toBeVisible();
  await buyer.close();

  await page.goto("/admin/dashboard");
  await expect(todo).toBeVisible();
  await expect(todo.getByText("...")).toHaveCount(0);
  // No longer overdue. (Orders other specs place meanwhile may wait, not yet overdue.)
  await expect(
    todo.getByRole("link", { name: /awaiting contact for 24 hours or more/ }),
  ).toHaveCount(0);
  await expect(todo.locator('[data-todo][data-overdue="true"]')).toHaveCount(0);
});
