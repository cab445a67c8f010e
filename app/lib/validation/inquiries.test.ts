import { describe, expect, it } from "vitest";
import { PHONE_INVALID_MESSAGE } from "../phone.ts";
import { ContactSchema, fieldErrorsOf, QuoteSchema } from "./inquiries.ts";

const quote = {
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  service: "iot",
  message: "Sensors for a cold room.",
};
const contact = { name: "Sipho", email: "sipho@example.co.za", subject: "Hours", message: "Hi" };

describe("the optional phone number of the quote and contact forms", () => {
  it.each([undefined, "", "   "])("is null when left out (%j)", (phone) => {
    expect(QuoteSchema.parse({ ...quote, phone }).phone).toBeNull();
    expect(ContactSchema.parse({ ...contact, phone }).phone).toBeNull();
  });

  it.each([
    ["082  123 4567", "082 123 4567"],
    [" +27 82 123 4567 ", "+27 82 123 4567"],
    ["+44 20 7946 0958", "+44 20 7946 0958"],
  ])("keeps %j as %j (the checkout's rule)", (phone, stored) => {
    expect(QuoteSchema.parse({ ...quote, phone }).phone).toBe(stored);
    expect(ContactSchema.parse({ ...contact, phone }).phone).toBe(stored);
  });

  it.each(["12345", "082 123 456", "+27 082 123 4567", "call me", "0".repeat(31)])(
    "refuses %j with the checkout's message on the field",
    (phone) => {
      const result = QuoteSchema.safeParse({ ...quote, phone });
      expect(result.success).toBe(false);
      expect(fieldErrorsOf(result.error!)).toEqual({ phone: PHONE_INVALID_MESSAGE });
    },
  );
});
