import type { Locator, Page } from "@playwright/test";
import { expect, test, toast, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { placeOrder, submitQuoteRequest, uniqueTag } from "./operations-helpers.ts";

/*
 * WCAG 2.4.3 Focus Order: the admin's dialogs open from state or from the URL (no Radix
 * Trigger), and closing one gives the keyboard back to the control that opened it, never to
 * <body> (the top of the page). Where that control went away with what it deleted, focus
 * goes to the same control of the next row. Every dialog here is opened and closed with the
 * keyboard.
 */

const TAG = uniqueTag("focus");
const order = { name: `Focus ${TAG}`, email: `focus.${TAG}@example.co.za`, phone: "082 555 0177" };

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await placeOrder(order);
});

/** Focuses `control` (once React handles it) and activates it with Enter. */
async function pressEnterOn(control: Locator) {
  await waitUntilHydrated(control);
  await control.focus();
  await expect(control).toBeFocused();
  await control.press("Enter");
}

/**
 * Esc, once the dialog has taken the focus: Radix registers the dialog's layer (which Esc
 * closes) in the same pass, so an earlier Esc would reach the dialog below it.
 */
async function pressEscapeIn(dialog: Locator) {
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await dialog.page().keyboard.press("Escape");
}

/** What has the keyboard focus: never <body>. */
async function expectFocusOffBody(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? "none"))
    .not.toMatch(/^(BODY|none)$/);
}

test("the delete confirmation gives focus back to its Delete button (Esc and Cancel)", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto("/admin/products");
  const opener = page.getByRole("button", { name: /^Delete "/ }).first();
  const dialog = page.getByRole("alertdialog", { name: "Delete Product" });

  await pressEnterOn(opener);
  await expect(dialog).toBeVisible();
  await pressEscapeIn(dialog);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.press("Enter");
  await expect(dialog).toBeVisible();
  // The alert dialog starts on Cancel, the safe answer.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Nothing was deleted, and the page did not move to the no-JavaScript confirmation.
  await expect(page).toHaveURL(/\/admin\/products$/);
});

test("after a confirmed delete, focus moves to the next row's Delete button", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  // Two categories next to each other in the name order.
  const tag = uniqueTag("focus");
  const names = [`Zz Focus ${tag} A`, `Zz Focus ${tag} B`];
  for (const name of names) {
    await page.goto("/admin/categories/new");
    await page.getByLabel("Category Name").fill(name);
    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(toast(page, "Category created")).toBeVisible();
  }
  await page.goto("/admin/categories");
  const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
  const first = page.getByRole("button", { name: `Delete "${names[0]}"` });
  const second = page.getByRole("button", { name: `Delete "${names[1]}"` });

  await pressEnterOn(first);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).press("Enter");
  await expect(toast(page, "Category Deleted")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(first).toHaveCount(0);
  await expect(second).toBeFocused();

  // The last of the two: focus goes to a neighbour (another category) or the page, not body.
  await second.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).press("Enter");
  await expect(dialog).toBeHidden();
  await expect(second).toHaveCount(0);
  await expectFocusOffBody(page);
});

test("the order dialog gives focus back to its card (Esc), also when opened by the URL", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto(`/admin/orders?q=${encodeURIComponent(order.email)}`);
  const card = page.getByRole("main").getByRole("link", { name: new RegExp(order.name) });
  const dialog = page.getByRole("dialog");

  await pressEnterOn(card);
  await expect(dialog.getByRole("heading", { name: /^Order [0-9A-F]{8}/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]order=[0-9a-f-]{36}/);
  const withDialog = page.url();
  await pressEscapeIn(dialog);
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]order=/);
  await expect(card).toBeFocused();

  // Opened by the address (no control had focus): closing focuses the order's card.
  await page.goto(withDialog);
  await expect(dialog.getByRole("heading", { name: /^Order [0-9A-F]{8}/ })).toBeVisible();
  await waitUntilHydrated(dialog.getByRole("button", { name: "Close" }).first());
  await pressEscapeIn(dialog);
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
});

test("the quote request dialogs give focus back to their openers; erasing moves it to the next card", async ({
  page,
  loginAsAdmin,
}) => {
  test.setTimeout(60_000); // two requests sent through the public form first
  const tag = uniqueTag("focusq");
  const requests = [
    { name: `Focusa ${tag}`, email: `focusa.${tag}@example.co.za`, service: "iot" },
    { name: `Focusb ${tag}`, email: `focusb.${tag}@example.co.za`, service: "web-development" },
  ];
  await Promise.all(
    requests.map((request) =>
      submitQuoteRequest({ ...request, message: `Please quote for ${request.name}.` }),
    ),
  );
  await loginAsAdmin();
  await page.goto(`/admin/quote-requests?q=${encodeURIComponent(tag)}`);
  const cards = page.getByRole("list", { name: "Quote requests" }).getByRole("link");
  await expect(cards).toHaveCount(2);
  // The card shown first (the newest), and the other one.
  const firstText = (await cards.first().textContent()) ?? "";
  const [firstName, secondName] = firstText.includes(requests[0]!.name)
    ? [requests[0]!.name, requests[1]!.name]
    : [requests[1]!.name, requests[0]!.name];
  const first = cards.filter({ hasText: firstName });
  const second = cards.filter({ hasText: secondName });
  const details = page.getByRole("dialog", { name: /IoT Systems|Web Development/ });

  // The details dialog, closed with Esc.
  await pressEnterOn(first);
  await expect(details).toBeVisible();
  await expect(details.getByText(`Please quote for ${firstName}.`)).toBeVisible();
  // The dialog itself has the focus, not its first button (Delete), so the keyboard starts at
  // the top of the request.
  await expect(details).toBeFocused();
  await expect(details.getByRole("button", { name: "Delete" })).toBeVisible();
  await pressEscapeIn(details);
  await expect(details).toBeHidden();
  await expect(first).toBeFocused();

  // Within it, Reply and Delete open dialogs of their own; closing one returns to its button.
  await first.press("Enter");
  await expect(details.getByText(`Please quote for ${firstName}.`)).toBeVisible();
  const reply = details.getByRole("button", { name: "Reply" });
  await pressEnterOn(reply);
  const replyDialog = page.getByRole("dialog", { name: `Reply to ${firstName}` });
  await expect(replyDialog).toBeVisible();
  await pressEscapeIn(replyDialog);
  await expect(replyDialog).toBeHidden();
  await expect(reply).toBeFocused();

  const erase = details.getByRole("button", { name: "Delete" });
  await pressEnterOn(erase);
  const confirm = page.getByRole("alertdialog", { name: "Delete Request" });
  await expect(confirm).toBeVisible();
  await pressEscapeIn(confirm);
  await expect(confirm).toBeHidden();
  await expect(erase).toBeFocused();

  // Erased: its card is gone, so focus goes to the next card rather than the top of the page.
  await erase.press("Enter");
  await confirm.getByRole("button", { name: "Delete" }).press("Enter");
  await expect(toast(page, "Request deleted")).toBeVisible();
  await expect(details).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(second).toBeFocused();
});
