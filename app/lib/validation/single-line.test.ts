import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { CategoryFormFields, CategoryManagerSchema, ProductFormSchema } from "./catalog.ts";
import { CheckoutContactSchema } from "./checkout.ts";
import { ContactSchema, QuoteSchema, REQUIRED_MESSAGE } from "./inquiries.ts";
import { NewsletterSchema } from "./newsletter.ts";
import { OrderPaymentFormSchema } from "./orders.ts";
import { LINE_BREAK_MESSAGE } from "./text.ts";
import { EMAIL_MESSAGE, LoginSchema, SignupSchema } from "./users.ts";

/*
 * Issue 20 item 5: no single-line field anywhere takes a line break (CR, LF, U+2028, U+2029),
 * wherever in the value it is, and the field says so with its own message.
 */

const BREAKS = { CR: "\r", LF: "\n", CRLF: "\r\n", "U+2028": "\u2028", "U+2029": "\u2029" };

/** Each form with a valid value for every field, and the names of its single-line fields. */
const FORMS: {
  name: string;
  schema: ZodType;
  valid: Record<string, unknown>;
  fields: string[];
  /** Where the spec gives the field one message for every problem. */
  message?: string;
}[] = [
  {
    name: "checkout",
    schema: CheckoutContactSchema,
    valid: { name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567" },
    fields: ["name", "email", "phone"],
  },
  {
    name: "quote",
    schema: QuoteSchema,
    valid: {
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      service: "web-development",
      message: "Line one\nline two",
    },
    fields: ["name", "email", "phone"],
  },
  {
    name: "contact",
    schema: ContactSchema,
    valid: {
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      subject: "Gate motor",
      message: "Line one\nline two",
    },
    fields: ["name", "email", "phone", "subject"],
  },
  {
    name: "newsletter",
    schema: NewsletterSchema,
    valid: { email: "thandi@example.co.za", source: "footer" },
    fields: ["email"],
  },
  {
    name: "admin sign-in",
    schema: LoginSchema,
    valid: { intent: "login", email: "admin@example.co.za", password: "secret1" },
    fields: ["email"],
    message: EMAIL_MESSAGE,
  },
  {
    name: "admin create account",
    schema: SignupSchema,
    valid: {
      intent: "signup",
      email: "admin@example.co.za",
      password: "secret1",
      confirmPassword: "secret1",
    },
    fields: ["email"],
    message: EMAIL_MESSAGE,
  },
  {
    name: "admin product",
    schema: ProductFormSchema,
    valid: { name: "Gate motor", description: "Line one\nline two", price: "10.00" },
    fields: ["name"],
  },
  {
    name: "admin category",
    schema: CategoryFormFields,
    valid: { name: "Gifts" },
    fields: ["name"],
  },
  {
    name: "admin category manager",
    schema: CategoryManagerSchema,
    valid: { intent: "save", name: "Gifts", description: "Line one\nline two" },
    fields: ["name"],
  },
  {
    name: "admin order payment",
    schema: OrderPaymentFormSchema,
    valid: { intent: "payment", payment: "arranged", method: "eft", reference: "INV 12" },
    fields: ["reference"],
  },
];

describe("single-line fields refuse line breaks", () => {
  for (const form of FORMS) {
    it(`${form.name}: the valid form passes, multi-line text stays allowed where it belongs`, () => {
      const parsed = form.schema.safeParse(form.valid);
      expect(parsed.error?.issues ?? []).toEqual([]);
    });

    for (const field of form.fields) {
      for (const [label, lineBreak] of Object.entries(BREAKS)) {
        for (const where of ["inside", "at the end"] as const) {
          it(`${form.name}: ${field} with ${label} ${where} is refused with the field's message`, () => {
            const value = String(form.valid[field]);
            const broken =
              where === "inside"
                ? `${value.slice(0, 3)}${lineBreak}${value.slice(3)}`
                : `${value}${lineBreak}`;
            const parsed = form.schema.safeParse({ ...form.valid, [field]: broken });
            expect(parsed.success).toBe(false);
            const issue = parsed.error?.issues.find((i) => i.path[0] === field);
            expect(issue?.message).toBe(form.message ?? LINE_BREAK_MESSAGE);
          });
        }
      }
    }
  }

  it("leaves a blank field to its required message", () => {
    const quote = FORMS.find((form) => form.name === "quote")!;
    const parsed = quote.schema.safeParse({ ...quote.valid, name: "\r\n" });
    expect(parsed.error?.issues.find((i) => i.path[0] === "name")?.message).toBe(REQUIRED_MESSAGE);
  });
});
