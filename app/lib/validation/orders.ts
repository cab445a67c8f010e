import { z } from "zod";
import { ORDER_STATUS_VALUES, type OrderStatus } from "../order-status.ts";
import { plainString } from "./text.ts";

/*
 * The order forms of the admin (spec §2 /admin/orders/{id}; issue 8): the status selector
 * (with "E-mail the customer") and an internal note. One action takes both, told apart by
 * `intent`.
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
