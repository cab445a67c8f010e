import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, CheckoutContactSchema, isValidPhone } from "./checkout.ts";

describe("checkout phone numbers", () => {
  it.each([
    "082 123 4567",
    "0821234567",
    "031-123-4567",
    "(031) 123 4567",
    "+27 82 123 4567",
    "+27821234567",
    "0027 82 123 4567",
    "+44 20 7946 0958",
    "+1 (415) 555-2671",
  ])("accepts %s", (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    "",
    "12345",
    "082 123 456", // nine digits
    "082 123 45678", // eleven digits
    "+27 082 123 4567", // trunk 0 after the country code
    "+27 82 123 456",
    "phone me",
    "+0 123 456 789",
    "1234567890",
  ])("refuses %s", (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe("checkout contact details", () => {
  it("trims and keeps valid details", () => {
    expect(
      CheckoutContactSchema.parse({
        name: "  Thandi Nkosi ",
        email: " thandi@example.co.za ",
        phone: "082  123 4567",
      }),
    ).toEqual({ name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567" });
  });

  it("gives one clear message per field", () => {
    const result = CheckoutContactSchema.safeParse({ name: " ", email: "nope", phone: "123" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toEqual({
      name: CHECKOUT_MESSAGES.nameRequired,
      email: CHECKOUT_MESSAGES.emailInvalid,
      phone: CHECKOUT_MESSAGES.phoneInvalid,
    });
    const missing = CheckoutContactSchema.safeParse({});
    expect(missing.error!.issues.map((issue) => issue.message)).toEqual([
      CHECKOUT_MESSAGES.nameRequired,
      CHECKOUT_MESSAGES.emailRequired,
      CHECKOUT_MESSAGES.phoneRequired,
    ]);
  });
});
