import { describe, expect, it } from "vitest";
import {
  isQuoteService,
  messagePreview,
  quoteReplyPrefill,
  quoteRequestWhatsAppMessage,
  serviceDisplayLabel,
} from "./quote-requests.ts";

/** The shop as its details say (Settings, decision 042): what the texts must name. */
const SHOP = { name: "Kwezi Workshop", phone: "031 555 0100", generalEmail: "hello@kwezi.example" };

describe("serviceDisplayLabel", () => {
  it("shows the product's label for each of the nine stored values", () => {
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
  it("is a complete reply: greeting, thanks for the service, what follows, how to reach us, sign-off", () => {
    const text = quoteReplyPrefill({ name: "Thandi Nkosi", service: "web-development" }, SHOP);
    expect(text).toBe(
      [
        "Dear Thandi Nkosi,",
        "Thank you for your quote request about Web Development. Our team will follow up with a detailed quote shortly.",
        "In the meantime, you can reach us on 031 555 0100 or at hello@kwezi.example.",
        "Kind regards,\nThe Kwezi Workshop team",
      ].join("\n\n"),
    );
  });

  it("uses the stored label as is, and leaves 'Other' unnamed", () => {
    expect(quoteReplyPrefill({ name: "Sipho", service: "IoT Systems" }, SHOP)).toContain(
      "your quote request about IoT Systems.",
    );
    expect(quoteReplyPrefill({ name: "Sipho", service: "other" }, SHOP)).toContain(
      "Thank you for your quote request. Our team",
    );
  });

  it("answers a contact message about its subject", () => {
    const text = quoteReplyPrefill({ name: "Lerato", service: "General Contact" }, SHOP);
    expect(text).toContain('your message about "General Contact"');
    expect(text).toContain("a detailed answer");
    expect(text).not.toContain("quote");
  });

  it("leaves no empty paragraph to fill in", () => {
    expect(quoteReplyPrefill({ name: "A", service: "iot" }, SHOP)).not.toMatch(/\n\n\n/);
  });
});

describe("quoteRequestWhatsAppMessage", () => {
  const createdAt = new Date("2026-11-22T12:05:00Z");

  it("greets by first name and names the quote request by its service and day", () => {
    expect(
      quoteRequestWhatsAppMessage(
        {
          name: " Thandi  Nkosi ",
          service: "Web Development",
          createdAt,
        },
        SHOP,
      ),
    ).toBe(
      "Hi Thandi, this is Kwezi Workshop about your quote request for Web Development of 22 November 2026.",
    );
  });

  it("names a contact message by its subject", () => {
    expect(
      quoteRequestWhatsAppMessage({ name: "Sipho", service: "Opening hours", createdAt }, SHOP),
    ).toBe(
      'Hi Sipho, this is Kwezi Workshop about your message "Opening hours" of 22 November 2026.',
    );
  });
});
