import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address.tsx";

describe("EmailAddress", () => {
  it("offers a line break after the @ and nowhere else", () => {
    expect(renderToStaticMarkup(<EmailAddress email="thandiwe.dlamini@example.co.za" />)).toBe(
      "thandiwe.dlamini@<wbr/>example.co.za",
    );
  });

  it("leaves text without an @ as it is, escaped", () => {
    expect(renderToStaticMarkup(<EmailAddress email="<not an address>" />)).toBe(
      "&lt;not an address&gt;",
    );
  });
});
