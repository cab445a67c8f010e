import { describe, expect, it } from "vitest";
import { ProductFormSchema } from "#app/lib/validation/catalog.ts";
import { CheckoutSchema } from "#app/lib/validation/checkout.ts";
import { OrderActionSchema, OrderPaymentFormSchema } from "#app/lib/validation/orders.ts";
import { LoginSchema, SignupSchema } from "#app/lib/validation/users.ts";
import { declaresField, formShapeOf, keepDeclaredFields } from "./form-shape.server.ts";

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
