import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { CategoryFormFields, CategoryManagerSchema, ProductFormSchema } from "./catalog.ts";
import { CheckoutContactSchema } from "./checkout.ts";
import { ContactSchema, QuoteSchema, REQUIRED_MESSAGE } from "./inquiries.ts";
import { NewsletterSchema } from "./newsletter.ts";
import { OrderPaymentFormSchema } from "./orders.ts";
import { LINE_BREAK_MESSAGE, NAME_LINK_MESSAGE, UNSUPPORTED_CHARACTER_MESSAGE } from "./text.ts";
import { EMAIL_MESSAGE, LoginSchema, SignupSchema } from "./users.ts";

/*
 * docs/product.md §6.1: no single-line field anywhere takes a line break (CR, LF, U+2028, U+2029),
 * wherever in the value it is, and the field says so with its own message.
 */

const BREAKS = { CR: "\r", LF: "\n", CRLF: "\r\n", "U+2028": "\u2028", "U+2029": "\u2029" };

/** Each form with a valid value for every field, and the names of its single-line fields. */
const FORMS: {
  name: string;
  schema: ZodType;
  valid: Record<string, unknown>;
  fields: string[];
  /** Where docs/product.md gives the field one message for every problem. */
  message?: string;
  /** Its multi-line text fields (line breaks allowed, control characters not). */
  multiLine?: string[];
  /** Its fields that hold a person's name. */
  names?: string[];
}[] = [
  {
    name: "checkout",
    schema: CheckoutContactSchema,
    valid: { name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567" },
    fields: ["name", "email", "phone"],
    names: ["name"],
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
    multiLine: ["message"],
    names: ["name"],
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
    multiLine: ["message"],
    names: ["name"],
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
    multiLine: ["description"],
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
    multiLine: ["description"],
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

/*
 * docs/product.md §6.1: the C1 controls (U+0080–U+009F, NEL among them) are refused in every text
 * field, single- and multi-line, with the message other control characters get.
 */
describe("text fields refuse C1 control characters", () => {
  for (const form of FORMS) {
    for (const field of [...form.fields, ...(form.multiLine ?? [])]) {
      for (const c1 of ["\u0080", "\u0085", "\u009f"]) {
        const code = `U+${c1.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
        it(`${form.name}: ${field} with ${code} is refused`, () => {
          const value = String(form.valid[field]);
          const parsed = form.schema.safeParse({
            ...form.valid,
            [field]: `${value.slice(0, 3)}${c1}${value.slice(3)}`,
          });
          expect(parsed.success).toBe(false);
          const issue = parsed.error?.issues.find((i) => i.path[0] === field);
          expect(issue?.message).toBe(form.message ?? UNSUPPORTED_CHARACTER_MESSAGE);
        });
      }
    }
  }

  it("still takes letters just past the C1 range (é, ñ, non-breaking space)", () => {
    const checkout = FORMS.find((form) => form.name === "checkout")!;
    const parsed = checkout.schema.safeParse({ ...checkout.valid, name: "Zoë\u00a0Muñoz" });
    expect(parsed.success).toBe(true);
  });
});

/* docs/product.md §6.1: a name is a name, not a link or markup that the shop would e-mail back. */
describe("name fields refuse links and markup", () => {
  const refused = [
    "https://win.example",
    "Visit http://x.example now",
    "ftp://files.example",
    "www.win-a-prize.example",
    "WWW.SHOUT.EXAMPLE",
    "Thandi <b>Nkosi</b>",
    "<script>",
    "Thandi > Sipho",
  ];
  const accepted = ["Thandi Nkosi", "Jean-Luc O'Neill", "Dr. A. B. Smith", "Mr www", "Zoë (Zee)"];
  for (const form of FORMS.filter((f) => f.names)) {
    for (const field of form.names!) {
      for (const value of refused) {
        it(`${form.name}: ${field} "${value}" is refused with the name message`, () => {
          const parsed = form.schema.safeParse({ ...form.valid, [field]: value });
          expect(parsed.success).toBe(false);
          const issue = parsed.error?.issues.find((i) => i.path[0] === field);
          expect(issue?.message).toBe(NAME_LINK_MESSAGE);
        });
      }
      it(`${form.name}: ${field} takes ordinary names`, () => {
        for (const value of accepted) {
          const parsed = form.schema.safeParse({ ...form.valid, [field]: value });
          expect(parsed.error?.issues ?? [], value).toEqual([]);
        }
      });
    }
  }
});
