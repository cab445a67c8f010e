import { describe, expect, it } from "vitest";
import {
  isQuoteService,
  messagePreview,
  quoteReplyPrefill,
  quoteRequestWhatsAppMessage,
  serviceDisplayLabel,
} from "./quote-requests.ts";

describe("serviceDisplayLabel", () => {
  it("shows the spec's label for each of the nine stored values", () => {
    expect(serviceDisplayLabel("web-development")).toBe("Web Development");
    expect(serviceDisplayLabel("mobile-app")).toBe("Mobile App Development");
    expect(serviceDisplayLabel("desktop-app")).toBe("Desktop App Development");
    expect(serviceDisplayLabel("iot")).toBe("IoT Systems");
    expect(serviceDisplayLabel("hardware")).toBe("Hardware Design");
    expect(serviceDisplayLabel("prototyping")).toBe("Prototyping");
    expect(serviceDisplayLabel("manufacturing")).toBe("Manufacturing");
    expect(serviceDisplayLabel("custom-gifts")).toBe("Custom Gifts");
    expect(serviceDisplayLabel("other")).toBe("Other");
  });

  it("keeps a label or a contact subject as stored", () => {
    expect(serviceDisplayLabel("Web Development")).toBe("Web Development");
    expect(serviceDisplayLabel("General Contact")).toBe("General Contact");
    expect(serviceDisplayLabel("Delivery to Pinetown?")).toBe("Delivery to Pinetown?");
  });

  it("tells quote requests from contact messages", () => {
    expect(isQuoteService("iot")).toBe(true);
    expect(isQuoteService("IoT Systems")).toBe(true);
    expect(isQuoteService("General Contact")).toBe(false);
  });
});

describe("messagePreview", () => {
  it("cuts at 100 characters", () => {
    expect(messagePreview("short")).toBe("short");
    expect(messagePreview("x".repeat(100))).toBe("x".repeat(100));
    expect(messagePreview("x".repeat(101))).toBe(`${"x".repeat(100)}...`);
  });

  it("never splits an emoji in half", () => {
    const text = `${"a".repeat(99)}🎁🎁`;
    expect(messagePreview(text)).toBe(`${"a".repeat(99)}🎁...`);
  });
});

describe("quoteReplyPrefill", () => {
  it("greets by name, names the service's label and ends with the team's sign-off", () => {
    const text = quoteReplyPrefill({ name: "Thandi Nkosi", service: "web-development" });
    expect(text.startsWith("Dear Thandi Nkosi,\n\n")).toBe(true);
    expect(text).toContain("our Web Development services");
    expect(text.endsWith("Kind regards,\nThe Kwezi Engineering team")).toBe(true);
  });

  it("uses the stored label as is", () => {
    expect(quoteReplyPrefill({ name: "Sipho", service: "IoT Systems" })).toContain(
      "our IoT Systems services",
    );
    expect(quoteReplyPrefill({ name: "Sipho", service: "other" })).toContain("(service: Other)");
  });

  it("answers a contact message about its subject", () => {
    const text = quoteReplyPrefill({ name: "Lerato", service: "General Contact" });
    expect(text).toContain('your message about "General Contact"');
    expect(text).not.toContain("services");
  });

  it("leaves an empty paragraph for the answer", () => {
    expect(quoteReplyPrefill({ name: "A", service: "iot" })).toMatch(/help\.\n\n\n\nKind regards/);
  });
});

describe("quoteRequestWhatsAppMessage", () => {
  const createdAt = new Date("2026-11-22T12:05:00Z");

  it("greets by first name and names the quote request by its service and day", () => {
    expect(
      quoteRequestWhatsAppMessage({
        name: " Thandi  Nkosi ",
        service: "Web Development",
        createdAt,
      }),
    ).toBe(
      "Hi Thandi, this is Kwezi Engineering about your quote request for Web Development of 22 November 2026.",
    );
  });

  it("names a contact message by its subject", () => {
    expect(
      quoteRequestWhatsAppMessage({ name: "Sipho", service: "Opening hours", createdAt }),
    ).toBe(
      'Hi Sipho, this is Kwezi Engineering about your message "Opening hours" of 22 November 2026.',
    );
  });
});
