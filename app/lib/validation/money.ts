import { z } from "zod";
import "./zod-config.ts";

/** The largest amount numeric(12,2) holds, in cents. */
export const MAX_MONEY_CENTS = 999_999_999_999;

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A rand amount as typed ("12.5", "12.50", "0"): exact integer cents, never a float. Each
 * form names its own messages (a product's price, a payment's amount).
 */
export function moneyAmountSchema(messages: {
  required: string;
  negative: string;
  decimals: string;
  tooLarge: string;
}) {
  return (
    z
      .string({ error: messages.required })
      .trim()
      .regex(NUMBER, { error: messages.required, abort: true })
      .refine((value) => !value.startsWith("-"), { error: messages.negative, abort: true })
      .refine((value) => (value.split(".")[1] ?? "").length <= 2, {
        error: messages.decimals,
        abort: true,
      })
      // More whole rands than numeric(12,2) holds: said before the cents are computed, since a
      // number that long is past what JavaScript counts exactly (zod would say so in its words).
      .refine((value) => (value.split(".")[0] ?? "").replace(/^0+(?=\d)/, "").length <= 10, {
        error: messages.tooLarge,
        abort: true,
      })
      .transform((value) => {
        const [whole = "0", fraction = ""] = value.split(".");
        return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
      })
      .pipe(
        z
          .number({ error: messages.required })
          .int(messages.required)
          .max(MAX_MONEY_CENTS, messages.tooLarge),
      )
  );
}
