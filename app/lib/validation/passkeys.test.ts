import { describe, expect, it } from "vitest";
import {
  AddPasskeySchema,
  PASSKEY_NAME_LINK_MESSAGE,
  PASSKEY_NAME_MESSAGE,
  PasskeySignInSchema,
} from "./passkeys.ts";

const add = (name: string) =>
  AddPasskeySchema.safeParse({ intent: "add-passkey", name, currentPassword: "x" });

describe("passkey forms (docs/product.md §3.13)", () => {
  it("takes a name of 1-60 characters on one line, trimmed", () => {
    expect(add("  Work laptop ").data?.name).toBe("Work laptop");
    expect(add("x".repeat(60)).success).toBe(true);
    for (const name of ["", "   ", "x".repeat(61)]) {
      expect(add(name).error?.issues[0]?.message, JSON.stringify(name)).toBe(PASSKEY_NAME_MESSAGE);
    }
    expect(add("Work\nlaptop").success).toBe(false);
    expect(add("Phone\u0085").success).toBe(false);
  });

  it("refuses links and markup in a name the owner is e-mailed", () => {
    for (const name of ["https://evil.example", "www.evil.example", "<b>Key</b>"]) {
      expect(add(name).error?.issues[0]?.message, name).toBe(PASSKEY_NAME_LINK_MESSAGE);
    }
  });

  it("takes a WebAuthn response only as JSON of its outline", () => {
    const response = {
      id: "abc",
      rawId: "abc",
      type: "public-key",
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      clientExtensionResults: {},
    };
    const parse = (value: string) =>
      PasskeySignInSchema.safeParse({ intent: "passkey", response: value });
    expect(parse(JSON.stringify(response)).data?.response).toEqual(response);
    for (const value of ["", "{", "[]", JSON.stringify({ ...response, type: "password" })]) {
      expect(parse(value).success, value).toBe(false);
    }
    expect(parse(JSON.stringify({ ...response, id: "" })).success).toBe(false);
  });
});
