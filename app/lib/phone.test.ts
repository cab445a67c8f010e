import { describe, expect, it } from "vitest";
import { internationalPhone, telHref, whatsAppHref } from "./phone.ts";

describe("internationalPhone", () => {
  it.each([
    ["082 123 4567", "27821234567"],
    ["0821234567", "27821234567"],
    ["082-123-4567", "27821234567"],
    ["(082) 123 4567", "27821234567"],
    ["+27 82 123 4567", "27821234567"],
    ["+27821234567", "27821234567"],
    ["0027 82 123 4567", "27821234567"],
    ["27821234567", "27821234567"],
    ["+27 (0)82 123 4567", "27821234567"],
    ["+27 082 123 4567", "27821234567"],
    ["031 464 0192", "27314640192"],
    ["  072.555.0101 ", "27725550101"],
  ])("reads the South African number %s as %s", (raw, expected) => {
    expect(internationalPhone(raw)).toBe(expected);
  });

  it.each([
    ["+44 20 7946 0958", "442079460958"],
    ["0044 20 7946 0958", "442079460958"],
    ["+1 (415) 555-2671", "14155552671"],
    ["+263 77 123 4567", "263771234567"],
  ])("keeps the international number %s as %s", (raw, expected) => {
    expect(internationalPhone(raw)).toBe(expected);
  });

  it.each([
    [""],
    ["   "],
    ["12345"],
    ["082 123 456"],
    ["082 123 45678"],
    ["+27 82 123 456"],
    ["0 82 123 4567 ext 2"],
    ["call me"],
    ["+1234567"],
    ["2782123456"],
    ["00"],
  ])("refuses %j", (raw) => {
    expect(internationalPhone(raw)).toBeNull();
  });

  it("handles null and undefined", () => {
    expect(internationalPhone(null)).toBeNull();
    expect(internationalPhone(undefined)).toBeNull();
  });
});

describe("telHref and whatsAppHref", () => {
  it("dials the international number", () => {
    expect(telHref("082 123 4567")).toBe("tel:+27821234567");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });

  it("falls back to the digits as typed for a number it cannot place", () => {
    expect(telHref("12345")).toBe("tel:12345");
    expect(telHref("ask at reception")).toBeNull();
  });

  it("opens WhatsApp with the number in international form and the message encoded", () => {
    expect(whatsAppHref("082 123 4567", "Hi Thandi, about order AB12CD34 & more")).toBe(
      "https://wa.me/27821234567?text=Hi%20Thandi%2C%20about%20order%20AB12CD34%20%26%20more",
    );
    expect(whatsAppHref("12345", "hello")).toBeNull();
  });
});
