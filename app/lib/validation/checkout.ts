import { z } from "zod";
import { MAX_LINE_QUANTITY } from "../cart.ts";
import { isValidPhone, PHONE_INVALID_MESSAGE } from "../phone.ts";
import { personNameString, plainString, singleLineString } from "./text.ts";

/*
 * The checkout form (docs/product.md §2.11 /checkout, §6.1 "Checkout"): Full Name, Email Address and Phone
 * Number, all required, validated in the browser and again by the action. The cart's lines
 * travel as product ids and quantities (plus the unit price the visitor was shown, only to
 * detect a price change); the server prices the order.
 */

export const CHECKOUT_MESSAGES = {
  nameRequired: "Full name is required",
  nameTooLong: "Full name must be at most 100 characters",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Phone number is required",
  phoneInvalid: PHONE_INVALID_MESSAGE,
  noteTooLong: "Please keep your note to 500 characters or fewer.",
} as const;

/** The longest note a buyer may leave with an order (docs/product.md §6.1 "Checkout"). */
export const BUYER_NOTE_MAX_LENGTH = 500;

/**
 * "Anything we should know?" (docs/product.md §6.1 "Checkout"): optional, several lines, at most
 * 500 characters. Line endings are stored as LF, and a note of white space alone is no note.
 */
export const BuyerNoteSchema = plainString()
  .transform((note) => note.replace(/\r\n?/g, "\n").trim())
  // A refinement, not a piped z.string(): Conform's coercion would turn the "" of a blank note
  // inside a pipe into a missing value and refuse it.
  .refine((note) => note.length <= BUYER_NOTE_MAX_LENGTH, CHECKOUT_MESSAGES.noteTooLong)
  .optional()
  .transform((note) => (note ? note : null));

/** The phone rule lives with the phone helpers; the quote and contact forms share it. */
export { isValidPhone };

export const CheckoutContactSchema = z.object({
  name: personNameString({ error: CHECKOUT_MESSAGES.nameRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.nameRequired)
    .max(100, CHECKOUT_MESSAGES.nameTooLong),
  email: singleLineString({ error: CHECKOUT_MESSAGES.emailRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.emailRequired)
    .max(254, CHECKOUT_MESSAGES.emailInvalid)
    .pipe(z.email(CHECKOUT_MESSAGES.emailInvalid)),
  phone: singleLineString({ error: CHECKOUT_MESSAGES.phoneRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.phoneRequired)
    .max(30, CHECKOUT_MESSAGES.phoneInvalid)
    .refine(isValidPhone, CHECKOUT_MESSAGES.phoneInvalid)
    // Stored with single spaces, as typed otherwise (the company reads and dials it).
    .transform((phone) => phone.replace(/\s+/g, " ")),
});
export type CheckoutContact = z.infer<typeof CheckoutContactSchema>;

/** One cart line as the form posts it. Range rules are the domain's (clear messages there). */
export const CheckoutLineSchema = z.object({
  productId: z.string().max(100),
  quantity: z.number().int().min(-1_000_000).max(1_000_000),
  /** The unit price shown to the visitor, in cents: a mismatch refuses the order. */
  priceCents: z.number().int().nonnegative().optional(),
  /**
   * The buyer's text for a personalised product (decision 040). Checked by the domain against
   * the product's current rules, so that the refusal names the line; here only a sane size.
   */
  personalisation: z.string().max(1000).optional(),
});

export const CheckoutSchema = CheckoutContactSchema.extend({
  /** Generated when the form renders; a resubmitted form stores one order (decision 005). */
  idempotencyKey: z.uuid(),
  lines: z.array(CheckoutLineSchema).max(200).default([]),
  note: BuyerNoteSchema,
});
export type CheckoutForm = z.infer<typeof CheckoutSchema>;

export { MAX_LINE_QUANTITY };
