import { describe, expect, it } from "vitest";
import { LoginSchema, SignupSchema } from "./users.ts";

type Issues = { issues: { path: PropertyKey[]; message: string }[] };
/** The first message per field: what the form shows next to it. */
const messages = (result: { error?: Issues }) => {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join(".")] ??= issue.message;
  return first;
};

describe("LoginSchema (docs/product.md §6.2)", () => {
  it("accepts a valid e-mail and a 6-character password", () => {
    const result = LoginSchema.safeParse({
      intent: "login",
      email: " a@b.co ",
      password: "123456",
    });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("a@b.co");
  });

  it("gives the product's messages", () => {
    const result = LoginSchema.safeParse({
      intent: "login",
      email: "not-an-email",
      password: "12345",
    });
    expect(messages(result)).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });

  it("treats missing fields like invalid ones", () => {
    const result = LoginSchema.safeParse({ intent: "login" });
    expect(messages(result)).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });
});

describe("SignupSchema (docs/product.md §6.2)", () => {
  it("requires the confirmation to match, on confirmPassword", () => {
    const result = SignupSchema.safeParse({
      intent: "signup",
      email: "a@b.co",
      password: "secret-1",
      confirmPassword: "secret-2",
    });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("applies the minimum length to confirmPassword too", () => {
    const result = SignupSchema.safeParse({
      intent: "signup",
      email: "a@b.co",
      password: "secret-1",
      confirmPassword: "abc",
    });
    expect(messages(result).confirmPassword).toBe("Password must be at least 6 characters");
  });
});
