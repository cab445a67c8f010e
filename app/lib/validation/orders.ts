import { z } from "zod";
import { johannesburgDate } from "../dates.ts";
import { ORDER_STATUS_VALUES, type OrderStatus } from "../order-status.ts";
import type { OrderDelivery } from "../orders.ts";
import {
  isPaymentMethod,
  PAYMENT_STATUS_VALUES,
  type PaymentMethod,
  type PaymentStatus,
} from "../payment-status.ts";
import { moneyAmountSchema } from "./money.ts";
import { plainString, singleLineString } from "./text.ts";

/*
 * The order forms of the admin (docs/product.md §3.9 /admin/orders/{id}; decision 009): the status selector
 * (with "E-mail the customer"), an internal note, and (decision 014) the payment. One action
 * takes them all, told apart by `intent`.
 */

export const ORDER_NOTE_MAX_LENGTH = 2000;
export const NOTE_REQUIRED_MESSAGE = "Please write a note.";
export const NOTE_TOO_LONG_MESSAGE = `Please keep a note under ${ORDER_NOTE_MAX_LENGTH} characters.`;

/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

export const OrderStatusFormSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(ORDER_STATUS_VALUES as [OrderStatus, ...OrderStatus[]]),
  notify: checkbox.default(false),
});

export const OrderNoteFormSchema = z.object({
  intent: z.literal("note"),
  note: plainString({ error: NOTE_REQUIRED_MESSAGE })
    .trim()
    .min(1, NOTE_REQUIRED_MESSAGE)
    .max(ORDER_NOTE_MAX_LENGTH, NOTE_TOO_LONG_MESSAGE),
});

export const OrderActionSchema = z.discriminatedUnion("intent", [
  OrderStatusFormSchema,
  OrderNoteFormSchema,
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;

export const PAYMENT_REFERENCE_MAX_LENGTH = 100;

export const PAYMENT_MESSAGES = {
  state: "Please choose the payment's state.",
  method: "Please choose how the buyer pays.",
  referenceTooLong: `Please keep the reference under ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`,
  amount: "Please enter the amount paid, e.g. 450.00.",
  amountNegative: "The amount paid must be more than R0.00.",
  amountDecimals: "The amount can have at most 2 decimal places.",
  amountTooLarge: "The amount must be at most R9 999 999 999.99.",
  amountZero: "The amount paid must be more than R0.00.",
  date: "Please enter the date the payment arrived.",
  futureDate: "The payment date cannot be in the future.",
  beforeOrder: "The payment date cannot be before the order was placed.",
} as const;

/** What a payment change sets (decision 014): each state with exactly the details it has. */
export type PaymentChange =
  | { status: "awaiting_contact" }
  | { status: "arranged"; method: PaymentMethod; reference: string | null }
  | {
      status: "paid";
      method: PaymentMethod;
      reference: string | null;
      amountCents: number;
      /** "YYYY-MM-DD", Johannesburg. */
      paidOn: string;
    };

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const AmountSchema = moneyAmountSchema({
  required: PAYMENT_MESSAGES.amount,
  negative: PAYMENT_MESSAGES.amountNegative,
  decimals: PAYMENT_MESSAGES.amountDecimals,
  tooLarge: PAYMENT_MESSAGES.amountTooLarge,
});

const ReferenceSchema = singleLineString()
  .trim()
  .max(PAYMENT_REFERENCE_MAX_LENGTH, PAYMENT_MESSAGES.referenceTooLong);

const PaidOnSchema = z.iso.date({ error: PAYMENT_MESSAGES.date });

/**
 * The payment form of the order dialog and page (decision 014). Which fields count depends on
 * the state chosen: a method (and maybe a reference) once arranged, an amount and a date
 * once paid. The others are ignored, unchecked, so a form that keeps them all (hidden by CSS,
 * and shown without JavaScript too) never fails on a field that does not apply. The date may
 * not be in the future (Johannesburg); the server also keeps it on or after the day the
 * order was placed.
 */
export const OrderPaymentFormSchema = z
  .object({
    intent: z.literal("payment"),
    payment: z.enum(PAYMENT_STATUS_VALUES as [PaymentStatus, ...PaymentStatus[]], {
      error: PAYMENT_MESSAGES.state,
    }),
    method: z.preprocess(blankAsUndefined, z.string().optional()),
    reference: z.preprocess(blankAsUndefined, z.string().optional()),
    amount: z.preprocess(blankAsUndefined, z.string().optional()),
    paidOn: z.preprocess(blankAsUndefined, z.string().optional()),
    notify: checkbox.default(false),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (value.payment === "awaiting_contact") return;
    if (!isPaymentMethod(value.method)) issue("method", PAYMENT_MESSAGES.method);
    if (value.reference !== undefined) {
      const reference = ReferenceSchema.safeParse(value.reference);
      if (!reference.success) issue("reference", reference.error.issues[0]!.message);
    }
    if (value.payment !== "paid") return;
    const amount = AmountSchema.safeParse(value.amount ?? "");
    if (!amount.success) issue("amount", amount.error.issues[0]!.message);
    else if (amount.data === 0) issue("amount", PAYMENT_MESSAGES.amountZero);
    const paidOn = PaidOnSchema.safeParse(value.paidOn ?? "");
    if (!paidOn.success) issue("paidOn", PAYMENT_MESSAGES.date);
    else if (paidOn.data > johannesburgDate(new Date())) {
      issue("paidOn", PAYMENT_MESSAGES.futureDate);
    }
  })
  .transform((value): { change: PaymentChange; notify: boolean } => {
    if (value.payment === "awaiting_contact") {
      return { change: { status: "awaiting_contact" }, notify: false };
    }
    const method = value.method as PaymentMethod;
    const reference = value.reference ? ReferenceSchema.parse(value.reference) || null : null;
    if (value.payment === "arranged") {
      return { change: { status: "arranged", method, reference }, notify: value.notify };
    }
    return {
      change: {
        status: "paid",
        method,
        reference,
        amountCents: AmountSchema.parse(value.amount),
        paidOn: value.paidOn!,
      },
      notify: value.notify,
    };
  });

export const DELIVERY_TEXT_MAX_LENGTH = 100;

export const DELIVERY_MESSAGES = {
  choice: "Please choose how the order reaches the buyer.",
  amount: "Please enter the delivery charge, e.g. 120.00.",
  amountNegative: "The delivery charge cannot be less than R0.00.",
  amountDecimals: "The amount can have at most 2 decimal places.",
  amountTooLarge: "The amount must be at most R9 999 999 999.99.",
  courierTooLong: `Please keep the courier under ${DELIVERY_TEXT_MAX_LENGTH} characters.`,
  referenceTooLong: `Please keep the tracking reference under ${DELIVERY_TEXT_MAX_LENGTH} characters.`,
} as const;

/** The delivery form's choices: not agreed yet, collection, or delivery for an amount. */
export const DELIVERY_CHOICES = ["none", "collection", "delivery"] as const;
export type DeliveryChoice = (typeof DELIVERY_CHOICES)[number];

const DeliveryAmountSchema = moneyAmountSchema({
  required: DELIVERY_MESSAGES.amount,
  negative: DELIVERY_MESSAGES.amountNegative,
  decimals: DELIVERY_MESSAGES.amountDecimals,
  tooLarge: DELIVERY_MESSAGES.amountTooLarge,
});

const deliveryText = (message: string) =>
  singleLineString().trim().max(DELIVERY_TEXT_MAX_LENGTH, message);

/**
 * The delivery form of the order page (docs/product.md §3.9 "Delivery"). Like the payment
 * form, the fields that do not apply to the choice (an amount for a collection) are ignored,
 * so the form can keep them all, also without JavaScript.
 */
export const OrderDeliveryFormSchema = z
  .object({
    intent: z.literal("delivery"),
    delivery: z.enum(DELIVERY_CHOICES, { error: DELIVERY_MESSAGES.choice }),
    amount: z.preprocess(blankAsUndefined, z.string().optional()),
    courier: z.preprocess(blankAsUndefined, z.string().optional()),
    reference: z.preprocess(blankAsUndefined, z.string().optional()),
  })
  .superRefine((value, ctx) => {
    if (value.delivery !== "delivery") return;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const amount = DeliveryAmountSchema.safeParse(value.amount ?? "");
    if (!amount.success) issue("amount", amount.error.issues[0]!.message);
    for (const [field, message] of [
      ["courier", DELIVERY_MESSAGES.courierTooLong],
      ["reference", DELIVERY_MESSAGES.referenceTooLong],
    ] as const) {
      const text = value[field];
      if (text === undefined) continue;
      const parsed = deliveryText(message).safeParse(text);
      if (!parsed.success) issue(field, parsed.error.issues[0]!.message);
    }
  })
  .transform((value): { delivery: OrderDelivery | null } => {
    if (value.delivery === "none") return { delivery: null };
    if (value.delivery === "collection") {
      return { delivery: { method: "collection", amountCents: 0, courier: null, reference: null } };
    }
    const text = (raw: string | undefined) => (raw ? raw.trim() || null : null);
    return {
      delivery: {
        method: "delivery",
        amountCents: DeliveryAmountSchema.parse(value.amount),
        courier: text(value.courier),
        reference: text(value.reference),
      },
    };
  });
