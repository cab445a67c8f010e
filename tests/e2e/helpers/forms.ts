import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { waitUntilFormStampIsOldEnough } from "#tests/playwright-utils.ts";

/*
 * Filling and sending the public forms as a visitor does (docs/testing.md "Time in tests"):
 * `fill…` types the fields given (a field left out is left as it is), `send…` fills, waits
 * until the form's stamp is as old as the server's minimum fill time (decision 032) and
 * presses the form's button. What the answer must be stays in each test.
 */

/** The quote form of /digital, /hardware, …: `service` is an option's label. */
export interface QuoteFields {
  name?: string;
  email?: string;
  phone?: string;
  service?: string;
  message?: string;
}

export async function fillQuoteForm(form: Locator, fields: QuoteFields) {
  if (fields.name !== undefined) await form.getByLabel("Name").fill(fields.name);
  if (fields.email !== undefined) await form.getByLabel("Email").fill(fields.email);
  if (fields.phone !== undefined) await form.getByLabel("Phone (optional)").fill(fields.phone);
  if (fields.service !== undefined) {
    await form.getByLabel("Service").selectOption({ label: fields.service });
  }
  if (fields.message !== undefined) await form.getByLabel("Message").fill(fields.message);
}

/** Presses Submit Request, without waiting for the stamp (for answers that refuse the form). */
export const submitQuoteForm = (form: Locator) =>
  form.getByRole("button", { name: "Submit Request" }).click();

export async function sendQuoteForm(page: Page, form: Locator, fields: QuoteFields = {}) {
  await fillQuoteForm(form, fields);
  await waitUntilFormStampIsOldEnough(page, form);
  await submitQuoteForm(form);
}

/** The contact form of /contact. */
export interface ContactFields {
  name?: string;
  email?: string;
  phone?: string;
  subject?: string;
  message?: string;
}

export async function fillContactForm(form: Locator, fields: ContactFields) {
  if (fields.name !== undefined) await form.getByLabel("Name").fill(fields.name);
  if (fields.email !== undefined) await form.getByLabel("Email").fill(fields.email);
  if (fields.phone !== undefined) await form.getByLabel("Phone (optional)").fill(fields.phone);
  if (fields.subject !== undefined) await form.getByLabel("Subject").fill(fields.subject);
  if (fields.message !== undefined) await form.getByLabel("Message").fill(fields.message);
}

/** Presses Send Message, without waiting for the stamp (for answers that refuse the form). */
export const submitContactForm = (form: Locator) =>
  form.getByRole("button", { name: "Send Message" }).click();

export async function sendContactForm(page: Page, form: Locator, fields: ContactFields = {}) {
  await fillContactForm(form, fields);
  await waitUntilFormStampIsOldEnough(page, form);
  await submitContactForm(form);
}

/** The footer's (or the popup's) newsletter form: types `email` and presses Subscribe. */
export async function sendNewsletterForm(page: Page, form: Locator, email: string) {
  await form.getByLabel("Email address").fill(email);
  await waitUntilFormStampIsOldEnough(page, form);
  await form.getByRole("button", { name: "Subscribe" }).click();
}

/** The checkout's customer fields (the cart already holds what is bought). */
export interface CheckoutFields {
  name?: string;
  email?: string;
  phone?: string;
  /** "Anything we should know?" (optional). */
  note?: string;
}

export async function fillCheckout(page: Page, fields: CheckoutFields) {
  if (fields.name !== undefined) {
    await page.getByLabel("Full Name", { exact: true }).fill(fields.name);
  }
  if (fields.email !== undefined) {
    await page.getByLabel("Email Address", { exact: true }).fill(fields.email);
  }
  if (fields.phone !== undefined) {
    await page.getByLabel("Phone Number", { exact: true }).fill(fields.phone);
  }
  if (fields.note !== undefined) {
    await page.getByLabel("Anything we should know?").fill(fields.note);
  }
}

/** The checkout form's stamp is old enough to be taken for a person's. */
export const waitUntilCheckoutStampIsOldEnough = (page: Page) =>
  waitUntilFormStampIsOldEnough(page, page.locator("#checkout"));

/** Fills the checkout, waits for its stamp and presses `button` (Place Order by default). */
export async function sendCheckout(
  page: Page,
  fields: CheckoutFields = {},
  button: "Place Order" | "Confirm Order" = "Place Order",
) {
  await fillCheckout(page, fields);
  await waitUntilCheckoutStampIsOldEnough(page);
  await page.getByRole("button", { name: button }).click();
}

/**
 * A South African mobile number of its own for an order: the checkout limits orders per buyer
 * phone (5 in 10 minutes, decision 016), and specs that shared one number pushed whichever
 * ordered sixth over it.
 */
export function uniquePhone(): string {
  const digits = (n: number) => String(crypto.randomInt(10 ** n)).padStart(n, "0");
  return `083 ${digits(3)} ${digits(4)}`;
}
