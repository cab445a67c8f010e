import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./password-policy.server.ts";

describe("isCommonPassword", () => {
  it("refuses listed passwords in any letter case", () => {
    expect(isCommonPassword("qwerty123456")).toBe(true);
    expect(isCommonPassword("LeaveMeAlone")).toBe(true);
  });

  it("refuses a listed password stretched with digits or punctuation", () => {
    expect(isCommonPassword("password1234")).toBe(true);
    expect(isCommonPassword("Sunshine2026!")).toBe(true);
  });

  it("accepts passwords that are not on the list", () => {
    expect(isCommonPassword("kwezi-workshop-lathe-42")).toBe(false);
    expect(isCommonPassword("correct horse battery staple")).toBe(false);
    // A short listed word inside a longer one is not the listed password.
    expect(isCommonPassword("dragonfly-over-umhlanga")).toBe(false);
  });
});
