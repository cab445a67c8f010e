import { describe, expect, it } from "vitest";
import { hasUnshownErrors } from "./submission.server.ts";

describe("hasUnshownErrors", () => {
  it("is false when only shown fields, or the form itself, have messages", () => {
    expect(hasUnshownErrors({ name: ["Category name is required"] }, ["name"])).toBe(false);
    expect(hasUnshownErrors({ "": ["Failed"], name: null }, ["name"])).toBe(false);
    expect(hasUnshownErrors({ isSpecial: [] }, ["name"])).toBe(false);
    expect(hasUnshownErrors(undefined, ["name"])).toBe(false);
  });

  it("is true for a hidden field, and for list entries by their base name", () => {
    expect(hasUnshownErrors({ isSpecial: ["Invalid input"] }, ["name"])).toBe(true);
    expect(hasUnshownErrors({ "lines[0].quantity": ["Too big"] }, ["name", "email"])).toBe(true);
    expect(hasUnshownErrors({ "categoryIds[2]": ["Choose categories"] }, ["categoryIds"])).toBe(
      false,
    );
  });
});
