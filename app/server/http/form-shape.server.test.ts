import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProductFormSchema } from "#app/lib/validation/catalog.ts";
import { CheckoutSchema } from "#app/lib/validation/checkout.ts";
import { OrderActionSchema, OrderPaymentFormSchema } from "#app/lib/validation/orders.ts";
import { LoginSchema, SignupSchema } from "#app/lib/validation/users.ts";
import {
  declaresField,
  type FieldShape,
  formShapeOf,
  keepDeclaredFields,
} from "./form-shape.server.ts";

const names = (form: FormData) => [...form.keys()];

describe("formShapeOf and declaresField", () => {
  it("reads an object's fields through optional, default, pipe and transform", () => {
    const shape = formShapeOf(CheckoutSchema);
    for (const name of [
      "name",
      "email",
      "phone",
      "idempotencyKey",
      "lines",
      "lines[0].productId",
      "lines[199].quantity",
      "lines[3].priceCents",
    ]) {
      expect(declaresField(shape, name), name).toBe(true);
    }
    for (const name of ["x", "x[999999999]", "email[0]", "email.x", "lines[0].evil", "lines.a"]) {
      expect(declaresField(shape, name), name).toBe(false);
    }
  });

  it("reads the fields of every member of a union", () => {
    const shape = formShapeOf(OrderActionSchema);
    for (const name of ["intent", "status", "notify", "note"]) {
      expect(declaresField(shape, name), name).toBe(true);
    }
    expect(declaresField(shape, "payment")).toBe(false);
  });

  it("reads a list of values by its plain name (repeated fields)", () => {
    const shape = formShapeOf(ProductFormSchema);
    expect(declaresField(shape, "categoryIds")).toBe(true);
    expect(declaresField(shape, "categoryIds[0]")).toBe(true);
    expect(declaresField(shape, "image")).toBe(true);
    expect(declaresField(shape, "categoryIds[0].x")).toBe(false);
  });
});

describe("keepDeclaredFields", () => {
  it("keeps only what the schemas and the extra names declare, in order, files included", () => {
    const form = new FormData();
    form.append("x[100000]", "1");
    form.append("intent", "login");
    form.append("email", "owner@example.co.za");
    form.append("__intent__", '{"type":"validate","payload":{"name":"x[999999999]"}}');
    form.append("__state__", "{}");
    form.append("password", "secret-1");
    form.append("confirmPassword", "secret-1");
    form.append("hp_website", "");
    form.append("redirectTo", "/admin/orders");
    const kept = keepDeclaredFields(form, [LoginSchema, SignupSchema], ["hp_website"]);
    expect(names(kept)).toEqual([
      "intent",
      "email",
      "password",
      "confirmPassword",
      "hp_website",
      "redirectTo",
    ]);
    expect(names(keepDeclaredFields(form, LoginSchema))).toEqual([
      "intent",
      "email",
      "password",
      "redirectTo",
    ]);

    const upload = new FormData();
    upload.append("image", new File([new Uint8Array(3)], "a.png", { type: "image/png" }));
    upload.append("categoryIds", "a");
    upload.append("categoryIds", "b");
    const keptUpload = keepDeclaredFields(upload, ProductFormSchema);
    expect((keptUpload.get("image") as File).size).toBe(3);
    expect(keptUpload.getAll("categoryIds")).toEqual(["a", "b"]);
  });

  it("keeps the payment form's fields beside the status and note forms", () => {
    const form = new FormData();
    for (const name of ["intent", "payment", "method", "reference", "amount", "paidOn", "notify"]) {
      form.append(name, "v");
    }
    form.append("evil", "v");
    const kept = names(keepDeclaredFields(form, [OrderActionSchema, OrderPaymentFormSchema]));
    expect(kept).not.toContain("evil");
    expect(kept).toContain("payment");
    expect(kept).toContain("intent");
  });
});

describe("keepDeclaredFields with a field sent twice", () => {
  it("keeps the first value of a one-value field and every value of a list", () => {
    const form = new FormData();
    form.append("intent", "payment");
    form.append("payment", "paid");
    form.append("payment", "arranged");
    form.append("amount", "10");
    const kept = keepDeclaredFields(form, [OrderActionSchema, OrderPaymentFormSchema]);
    expect(kept.getAll("payment")).toEqual(["paid"]);
    expect(names(kept)).toEqual(["intent", "payment", "amount"]);

    const product = new FormData();
    product.append("name", "Box");
    product.append("name", "Other box");
    product.append("categoryIds", "a");
    product.append("categoryIds", "b");
    const keptProduct = keepDeclaredFields(product, ProductFormSchema);
    expect(keptProduct.getAll("name")).toEqual(["Box"]);
    expect(keptProduct.getAll("categoryIds")).toEqual(["a", "b"]);
  });
});

/** A shape as plain data: "value", a list of one item shape, or an object of fields. */
type PlainShape = "value" | [PlainShape] | { [name: string]: PlainShape };
function plain(shape: FieldShape): PlainShape {
  if (shape.kind === "value") return "value";
  if (shape.kind === "array") return [plain(shape.item)];
  return Object.fromEntries([...shape.fields].map(([name, field]) => [name, plain(field)]));
}

describe("formShapeOf for each kind of schema the forms use", () => {
  it("a plain object: its fields, each one value", () => {
    expect(plain(formShapeOf(z.object({ name: z.string(), age: z.number() })))).toEqual({
      name: "value",
      age: "value",
    });
  });

  it("optional, nullable, default, catch and readonly fields: the inner field", () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.string().nullable(),
      c: z.boolean().default(false),
      d: z.array(z.string()).default([]),
      e: z.string().catch(""),
      f: z.object({ x: z.string() }).optional().readonly(),
      g: z.string().prefault(""),
    });
    expect(plain(formShapeOf(schema))).toEqual({
      a: "value",
      b: "value",
      c: "value",
      d: ["value"],
      e: "value",
      f: { x: "value" },
      g: "value",
    });
  });

  it("enums and literals: one value", () => {
    const schema = z.object({ status: z.enum(["a", "b"]), intent: z.literal("save") });
    expect(plain(formShapeOf(schema))).toEqual({ status: "value", intent: "value" });
  });

  it("arrays of values and of objects, nested objects", () => {
    const schema = z.object({
      tags: z.array(z.string()).max(5),
      lines: z.array(z.object({ id: z.string(), qty: z.coerce.number() })),
      address: z.object({ street: z.string(), city: z.object({ name: z.string() }) }),
    });
    expect(plain(formShapeOf(schema))).toEqual({
      tags: ["value"],
      lines: [{ id: "value", qty: "value" }],
      address: { street: "value", city: { name: "value" } },
    });
    const shape = formShapeOf(schema);
    expect(declaresField(shape, "address.city.name")).toBe(true);
    expect(declaresField(shape, "address.city")).toBe(true);
    expect(declaresField(shape, "address.city.name.x")).toBe(false);
    expect(declaresField(shape, "lines[2].qty")).toBe(true);
    expect(declaresField(shape, "tags[1]")).toBe(true);
  });

  it("discriminated unions and plain unions (intents): the fields of every member", () => {
    const schema = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("a"), one: z.string() }),
      z.object({ intent: z.literal("b"), two: z.array(z.string()) }),
    ]);
    expect(plain(formShapeOf(schema))).toEqual({ intent: "value", one: "value", two: ["value"] });
    const union = z.union([
      z.object({ x: z.string() }),
      z.object({ x: z.object({ y: z.string() }) }),
    ]);
    // A field that is a value in one member and structured in another keeps the structure.
    expect(plain(formShapeOf(union))).toEqual({ x: { y: "value" } });
    expect(
      plain(formShapeOf(z.object({ a: z.string() }).and(z.object({ b: z.string() })))),
    ).toEqual({ a: "value", b: "value" });
  });

  it("transforms, pipes, preprocess and refinements: the fields the form sends", () => {
    const schema = z
      .object({
        trimmed: z.string().transform((value) => value.trim()),
        piped: z.string().pipe(z.email()),
        checked: z.preprocess((value) => value === "on", z.boolean()),
        items: z
          .array(z.string())
          .transform((values) => values.length)
          .pipe(z.number()),
        refined: z.string().refine((value) => value !== "x"),
      })
      .superRefine(() => {})
      .transform((value) => ({ ...value, extra: 1 }));
    expect(plain(formShapeOf(schema))).toEqual({
      trimmed: "value",
      piped: "value",
      checked: "value",
      items: ["value"],
      refined: "value",
    });
  });

  it("coerced values, files and custom checks: one value", () => {
    const schema = z.object({
      count: z.coerce.number().int(),
      flag: z.coerce.boolean(),
      day: z.coerce.date(),
      image: z.instanceof(File).optional(),
      upload: z.file().optional(),
      custom: z.custom<string>((value) => typeof value === "string"),
    });
    expect(plain(formShapeOf(schema))).toEqual({
      count: "value",
      flag: "value",
      day: "value",
      image: "value",
      upload: "value",
      custom: "value",
    });
  });

  it("records and tuples are one value; a recursive schema is followed to a bounded depth", () => {
    expect(plain(formShapeOf(z.object({ r: z.record(z.string(), z.string()) })))).toEqual({
      r: "value",
    });
    expect(plain(formShapeOf(z.object({ t: z.tuple([z.string(), z.string()]) })))).toEqual({
      t: "value",
    });
    interface Node {
      name: string;
      children: Node[];
    }
    const NodeSchema: z.ZodType<Node> = z.object({
      name: z.string(),
      children: z.array(z.lazy(() => NodeSchema)),
    });
    const shape = formShapeOf(z.object({ root: NodeSchema }));
    expect(declaresField(shape, "root.children[0].children[1].name")).toBe(true);
    expect(declaresField(shape, "root.children[0].other")).toBe(false);
  });
});

/** Every schema in app/lib/validation, each file's exports by name. */
const validationModules = import.meta.glob<Record<string, unknown>>(
  ["/app/lib/validation/*.ts", "!/app/lib/validation/*.test.ts"],
  { eager: true },
);

/**
 * The field tree of every schema exported by app/lib/validation, as the forms post them. A new
 * schema, or a changed one, changes what its form's action may receive: add or update it here.
 */
const EXPECTED_SHAPES: Record<string, PlainShape> = {
  "about.ts AboutSectionSchema": {
    heading: "value",
    text: "value",
    videoSource: "value",
    videoLink: "value",
    videoFile: "value",
    videoTitle: "value",
    poster: "value",
    removePoster: "value",
  },
  "account.ts ChangePasswordSchema": {
    intent: "value",
    currentPassword: "value",
    newPassword: "value",
    confirmPassword: "value",
  },
  "account.ts EndSessionSchema": { intent: "value", sessionId: "value" },
  "account.ts EndOtherSessionsSchema": { intent: "value" },
  "account.ts ForgotPasswordSchema": { email: "value" },
  "account.ts ResetPasswordSchema": { newPassword: "value", confirmPassword: "value" },
  "passkeys.ts AddPasskeySchema": { intent: "value", name: "value", currentPassword: "value" },
  "passkeys.ts RegisterPasskeySchema": { intent: "value", name: "value", response: "value" },
  "passkeys.ts PasskeySignInOptionsSchema": { intent: "value" },
  "passkeys.ts PasskeySignInSchema": { intent: "value", redirectTo: "value", response: "value" },
  "passkeys.ts RemovePasskeySchema": {
    intent: "value",
    passkeyId: "value",
    currentPassword: "value",
  },
  "passkeys.ts RenamePasskeySchema": { intent: "value", passkeyId: "value", name: "value" },
  "catalog.ts PriceSchema": "value",
  "catalog.ts ImageFileSchema": "value",
  "catalog.ts ProductFormSchema": {
    name: "value",
    description: "value",
    price: "value",
    categoryIds: ["value"],
    image: ["value"],
    photos: ["value"],
    removePhotos: ["value"],
    personalise: "value",
    personalisationLabel: "value",
    personalisationMaxLength: "value",
    personalisationRequired: "value",
    personalisationChoices: "value",
  },
  "catalog.ts CategoryFormFields": {
    name: "value",
    isSpecial: "value",
    seasonStartDay: "value",
    seasonStartMonth: "value",
    seasonEndDay: "value",
    seasonEndMonth: "value",
  },
  "catalog.ts CategoryFormSchema": {
    name: "value",
    isSpecial: "value",
    seasonStartDay: "value",
    seasonStartMonth: "value",
    seasonEndDay: "value",
    seasonEndMonth: "value",
  },
  "catalog.ts CategoryManagerSchema": {
    intent: "value",
    id: "value",
    name: "value",
    description: "value",
    image: "value",
    removeImage: "value",
  },
  "catalog.ts DeleteSchema": { intent: "value", id: "value" },
  "business.ts BusinessDetailsSchema": {
    name: "value",
    legalName: "value",
    address: {
      street: "value",
      suburb: "value",
      city: "value",
      postalCode: "value",
      province: "value",
    },
    mapUrl: "value",
    phone: "value",
    whatsApp: "value",
    generalEmail: "value",
    supportEmail: "value",
    hours: {
      monday: { open: "value", from: "value", to: "value" },
      tuesday: { open: "value", from: "value", to: "value" },
      wednesday: { open: "value", from: "value", to: "value" },
      thursday: { open: "value", from: "value", to: "value" },
      friday: { open: "value", from: "value", to: "value" },
      saturday: { open: "value", from: "value", to: "value" },
      sunday: { open: "value", from: "value", to: "value" },
    },
    hoursNote: "value",
    alertEmail: "value",
    senderName: "value",
    replyTo: "value",
    eft: {
      accountName: "value",
      bankName: "value",
      accountNumber: "value",
      branchCode: "value",
      accountType: "value",
    },
  },
  "hero-tiles.ts HeroTilesSchema": {
    tiles: [{ categoryId: "value", blurb: "value", icon: "value" }],
  },
  "legal.ts LegalTextSchema": { markdown: "value" },
  "checkout.ts CheckoutContactSchema": { name: "value", email: "value", phone: "value" },
  "checkout.ts CheckoutLineSchema": {
    productId: "value",
    quantity: "value",
    priceCents: "value",
    personalisation: "value",
  },
  "checkout.ts CheckoutSchema": {
    name: "value",
    email: "value",
    phone: "value",
    idempotencyKey: "value",
    lines: [
      { productId: "value", quantity: "value", priceCents: "value", personalisation: "value" },
    ],
    note: "value",
  },
  "checkout.ts BuyerNoteSchema": "value",
  "email.ts RetryEmailSchema": { id: "value" },
  "held.ts HeldActionSchema": { intent: "value", id: "value" },
  "inquiries.ts emailField": "value",
  "inquiries.ts optionalPhoneField": "value",
  "inquiries.ts QuoteSchema": {
    name: "value",
    email: "value",
    phone: "value",
    service: "value",
    message: "value",
  },
  "inquiries.ts ContactSchema": {
    name: "value",
    email: "value",
    phone: "value",
    subject: "value",
    message: "value",
  },
  "newsletter.ts NewsletterSchema": { email: "value", source: "value" },
  "newsletters.ts NewsletterDraftSchema": { subject: "value", preheader: "value", body: "value" },
  "newsletters.ts NewsletterSendSchema": { when: "value", sendAt: "value", ratePerMinute: "value" },
  "newsletters.ts NewsletterImageSchema": { image: "value", alt: "value" },
  "orders.ts OrderStatusFormSchema": { intent: "value", status: "value", notify: "value" },
  "orders.ts OrderNoteFormSchema": { intent: "value", note: "value" },
  "orders.ts OrderActionSchema": {
    intent: "value",
    status: "value",
    notify: "value",
    note: "value",
  },
  "orders.ts OrderDeliveryFormSchema": {
    intent: "value",
    delivery: "value",
    amount: "value",
    courier: "value",
    reference: "value",
  },
  "orders.ts OrderPaymentFormSchema": {
    intent: "value",
    payment: "value",
    method: "value",
    reference: "value",
    amount: "value",
    paidOn: "value",
    notify: "value",
  },
  "personal-data.ts ErasePersonalDataSchema": { intent: "value", email: "value", confirm: "value" },
  "personal-data.ts PersonalDataLookupSchema": { email: "value" },
  "quote-requests.ts QuoteRequestActionSchema": {
    intent: "value",
    requestId: "value",
    reply: "value",
  },
  "showcase.ts PortfolioProjectSchema": {
    title: "value",
    description: "value",
    hidden: "value",
    image: "value",
    division: "value",
    linkUrl: "value",
  },
  "showcase.ts EquipmentItemSchema": {
    title: "value",
    description: "value",
    hidden: "value",
    image: "value",
  },
  "showcase.ts ShowcaseListActionSchema": { intent: "value", id: "value" },
  "subscribers.ts RemoveSubscriberSchema": { intent: "value", subscriberId: "value" },
  "two-step.ts CancelTotpSchema": { intent: "value" },
  "two-step.ts ConfirmTotpSchema": { intent: "value", code: "value" },
  "two-step.ts DisableTwoStepSchema": { intent: "value", passwordOrCode: "value" },
  "two-step.ts StartTotpSchema": { intent: "value" },
  "two-step.ts TwoStepCodeSchema": { code: "value" },
  "users.ts LoginSchema": {
    intent: "value",
    email: "value",
    password: "value",
    redirectTo: "value",
  },
  "users.ts SignupSchema": {
    intent: "value",
    email: "value",
    password: "value",
    confirmPassword: "value",
  },
  "users.ts AdminToggleSchema": { intent: "value", userId: "value" },
};

describe("every form schema of app/lib/validation", () => {
  it("derives the field tree each form posts", () => {
    const derived: Record<string, PlainShape> = {};
    for (const [file, exports] of Object.entries(validationModules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (value instanceof z.ZodType) {
          derived[`${file.split("/").pop()} ${name}`] = plain(formShapeOf(value));
        }
      }
    }
    expect(Object.keys(derived).length).toBeGreaterThan(20);
    expect(derived).toEqual(EXPECTED_SHAPES);
  });
});
