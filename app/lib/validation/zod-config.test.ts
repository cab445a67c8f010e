import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OrderPaymentFormSchema, PAYMENT_MESSAGES } from "./orders.ts";
import "./zod-config.ts";

/*
 * A message a person can see is never zod's own ("Too big: expected int to
 * be <=9007199254740991", "Invalid input: expected string, received undefined").
 */

const ZODS_OWN_WORDS = /expected|received|Invalid input|Too big|Too small|<=|>=/;

describe("messages where a schema names none", () => {
  it.each([
    ["a number past the maximum", z.number().max(5), 6, "Please enter a smaller number."],
    [
      "an integer past JavaScript's exact ones",
      z.number().int(),
      2 ** 60,
      "Please enter a smaller number.",
    ],
    ["a number below the minimum", z.number().min(1), 0, "Please enter a larger number."],
    ["a long text", z.string().max(2), "abc", "Please keep this shorter."],
    ["an empty text", z.string().min(1), "", "Please fill this in."],
    ["a value outside a list", z.enum(["a", "b"]), "c", "Please choose one of the options."],
    ["a malformed id", z.uuid(), "x", "Please check the format of this value."],
    ["a missing value", z.string(), undefined, "Please check this value."],
  ])("%s reads as a sentence for a person", (_label, schema, value, message) => {
    const issue = schema.safeParse(value).error?.issues[0];
    expect(issue?.message).toBe(message);
    expect(issue?.message).not.toMatch(ZODS_OWN_WORDS);
  });

  it("leaves a schema's own message in place", () => {
    expect(z.number().max(5, "At most five.").safeParse(6).error?.issues[0]?.message).toBe(
      "At most five.",
    );
  });

  it("answers a payment amount of 99999999999999.99 in the shop's words", () => {
    const parsed = OrderPaymentFormSchema.safeParse({
      intent: "payment",
      payment: "paid",
      method: "eft",
      amount: "99999999999999.99",
      paidOn: "2026-01-05",
    });
    const issue = parsed.error?.issues.find((i) => i.path[0] === "amount");
    expect(issue?.message).toBe(PAYMENT_MESSAGES.amountTooLarge);
  });
});
