import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { johannesburgDate } from "../dates.ts";
import { OrderPaymentFormSchema, PAYMENT_MESSAGES } from "./orders.ts";

/** The payment form (decision 014): each state takes exactly its own fields. */

function form(fields: Record<string, string>) {
  const data = new FormData();
  data.set("intent", "payment");
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const parse = (fields: Record<string, string>) =>
  parseWithZod(form(fields), { schema: OrderPaymentFormSchema });
const errorsOf = (fields: Record<string, string>) => parse(fields).reply().error ?? null;

describe("OrderPaymentFormSchema", () => {
  it("ignores the fields a state does not have, even when they hold rubbish", () => {
    const awaiting = parse({ payment: "awaiting_contact", method: "eft", amount: "abc" });
    expect(awaiting.status === "success" && awaiting.value).toEqual({
      change: { status: "awaiting_contact" },
      notify: false,
    });
    const arranged = parse({
      payment: "arranged",
      method: "eft",
      reference: "  INV-7 ",
      amount: "not a number",
      paidOn: "yesterday",
      notify: "on",
    });
    expect(arranged.status === "success" && arranged.value).toEqual({
      change: { status: "arranged", method: "eft", reference: "INV-7" },
      notify: true,
    });
  });

  it("reads a payment in exact cents with its date", () => {
    const paid = parse({
      payment: "paid",
      method: "cash",
      reference: "",
      amount: "450.5",
      paidOn: "2026-11-20",
    });
    expect(paid.status === "success" && paid.value).toEqual({
      change: {
        status: "paid",
        method: "cash",
        reference: null,
        amountCents: 45050,
        paidOn: "2026-11-20",
      },
      notify: false,
    });
  });

  it("asks for a method, an amount above zero and a date that is not in the future", () => {
    expect(errorsOf({ payment: "arranged", method: "" })).toEqual({
      method: [PAYMENT_MESSAGES.method],
    });
    expect(errorsOf({ payment: "arranged", method: "bitcoin" })).toEqual({
      method: [PAYMENT_MESSAGES.method],
    });
    expect(errorsOf({ payment: "paid", method: "eft", amount: "", paidOn: "" })).toEqual({
      amount: [PAYMENT_MESSAGES.amount],
      paidOn: [PAYMENT_MESSAGES.date],
    });
    expect(errorsOf({ payment: "paid", method: "eft", amount: "0", paidOn: "2026-11-20" })).toEqual(
      { amount: [PAYMENT_MESSAGES.amountZero] },
    );
    expect(
      errorsOf({ payment: "paid", method: "eft", amount: "1.234", paidOn: "2026-11-20" }),
    ).toEqual({ amount: [PAYMENT_MESSAGES.amountDecimals] });
    expect(
      errorsOf({ payment: "paid", method: "eft", amount: "10", paidOn: "2026-02-30" }),
    ).toEqual({ paidOn: [PAYMENT_MESSAGES.date] });
    const tomorrow = new Date(Date.now() + 36 * 3_600_000);
    expect(
      errorsOf({
        payment: "paid",
        method: "eft",
        amount: "10",
        paidOn: johannesburgDate(tomorrow),
      }),
    ).toEqual({ paidOn: [PAYMENT_MESSAGES.futureDate] });
  });

  it("refuses an unknown state and an overlong reference", () => {
    expect(errorsOf({ payment: "refunded" })).toEqual({ payment: [PAYMENT_MESSAGES.state] });
    expect(errorsOf({ payment: "arranged", method: "eft", reference: "x".repeat(101) })).toEqual({
      reference: [PAYMENT_MESSAGES.referenceTooLong],
    });
  });
});
