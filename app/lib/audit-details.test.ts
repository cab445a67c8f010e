import { describe, expect, it } from "vitest";
import {
  type AuditEntryToDescribe,
  type AuditNames,
  auditDetailLabel,
  categoryIdsIn,
  describeAuditEntry,
  formatSeasonShort,
} from "./audit-details.ts";

const MUGS = "0b3e4a52-6a43-4c1e-9f0e-3d1c2b7a9e01";
const EASTER = "7d2f9c10-1b5e-4f3a-8c6d-2e4b6a8c0d12";
const GONE = "c4a1e9b2-3d5f-4e6a-9b8c-7d0e1f2a3b45";
const ORDER = "3f2a9c1b-8e7d-4c6b-a5f4-e3d2c1b0a987";

const names: AuditNames = {
  categories: new Map([
    [MUGS, "Custom Gifts"],
    [EASTER, "Easter Collection"],
  ]),
};

/** The lines of one entry as "Label: value", the way a reader takes them in. */
function read(action: string, details: Record<string, unknown>, entityId: string | null = null) {
  const entry: AuditEntryToDescribe = {
    action,
    entity: action.split(".")[0]!,
    entityId,
    details,
  };
  return describeAuditEntry(entry, names).map((line) => `${line.label}: ${line.value}`);
}

// Intl's en-ZA rand format separates with no-break spaces: "R 1 234,00".
const zar = (text: string) => text.replaceAll(" ", "\u00a0");

describe("seasons", () => {
  it("reads a season as its two days with short month names", () => {
    expect(formatSeasonShort({ start: "11-01", end: "12-26" })).toBe("1 Nov – 26 Dec");
    expect(formatSeasonShort({ start: "12-01", end: "01-15" })).toBe("1 Dec – 15 Jan");
    expect(formatSeasonShort({ start: "02-29", end: "03-01" })).toBe("29 Feb – 1 Mar");
    expect(formatSeasonShort({ start: "13-01", end: "12-26" })).toBeNull();
    expect(formatSeasonShort("11-01")).toBeNull();
  });

  it("shows a category's season change, and a season taken away", () => {
    expect(
      read("category.update", {
        name: "Festive",
        isSpecial: true,
        season: { end: "12-26", start: "11-01" },
      }),
    ).toEqual(["Name: Festive", "Special: Yes", "Season: 1 Nov – 26 Dec"]);
    expect(read("category.update", { season: null })).toEqual(["Season: None (all year)"]);
  });
});

describe("categories", () => {
  it("names category ids by the names looked up, a deleted one as such", () => {
    expect(read("product.update", { categoryIds: [MUGS, EASTER] })).toEqual([
      "Categories: Custom Gifts, Easter Collection",
    ]);
    expect(read("product.update", { categoryIds: [EASTER, GONE] })).toEqual([
      "Categories: Easter Collection, a deleted category",
    ]);
    expect(read("product.update", { categoryIds: [GONE, GONE.replace("c4", "d5")] })).toEqual([
      "Categories: 2 deleted categories",
    ]);
    expect(read("product.update", { categoryIds: [] })).toEqual(["Categories: None"]);
  });

  it("finds ids written in capitals too", () => {
    expect(read("product.update", { categoryIds: [MUGS.toUpperCase()] })).toEqual([
      "Categories: Custom Gifts",
    ]);
  });

  it("lists the ids the server must look up", () => {
    expect(categoryIdsIn({ categoryIds: [MUGS, 7, EASTER] })).toEqual([MUGS, EASTER]);
    expect(categoryIdsIn({ name: "x" })).toEqual([]);
    expect(categoryIdsIn({ categoryIds: "not a list" })).toEqual([]);
  });
});

describe("money", () => {
  it("shows cents in the admin's rand format", () => {
    expect(
      read("product.create", {
        name: "Kiaat box",
        priceCents: 123_400,
        categoryIds: [MUGS],
        imageUrl: "/uploads/products/ab-800.webp",
      }),
    ).toEqual([
      "Name: Kiaat box",
      `Price: ${zar("R 1 234,00")}`,
      "Categories: Custom Gifts",
      "Image: Yes",
    ]);
  });

  it("shows a payment: its change, method, amount and day", () => {
    expect(
      read(
        "order.payment",
        {
          from: "arranged",
          to: "paid",
          method: "eft",
          reference: "INV-12",
          amountCents: 45_000,
          paidOn: "2027-05-03",
          customerNotified: false,
        },
        ORDER,
      ),
    ).toEqual([
      "Order: 3F2A9C1B",
      "Payment: Payment arranged → Paid",
      "Method: EFT",
      "Reference: INV-12",
      `Amount: ${zar("R 450,00")}`,
      "Paid on: 3 May 2027",
      "Customer notified: No",
    ]);
  });
});

describe("statuses", () => {
  it("shows an order's status change by the statuses' labels, with a link to the order", () => {
    const entry: AuditEntryToDescribe = {
      action: "order.status",
      entity: "order",
      entityId: ORDER,
      details: { from: "pending", to: "shipped", customerNotified: true },
    };
    expect(describeAuditEntry(entry, names)).toEqual([
      { label: "Order", value: "3F2A9C1B", href: `/admin/orders/${ORDER}` },
      { label: "Status", value: "Pending → Shipped" },
      { label: "Customer notified", value: "Yes" },
    ]);
  });

  it("keeps a status it does not know readable", () => {
    expect(read("order.status", { from: "pending", to: "on_hold" })).toEqual([
      "Status: Pending → on_hold",
    ]);
  });

  it("reads held submissions, quote requests and subscribers by their labels", () => {
    expect(
      read("held_submission.release", {
        form: "quote",
        reason: "too-fast",
        email: "n***@example.co.za",
      }),
    ).toEqual([
      "Form: Quote request",
      "Reason: Sent within 2 seconds of the form being shown",
      "E-mail: n***@example.co.za",
    ]);
    expect(read("quote_request.reply", { kind: "contact" })).toEqual(["Type: Contact message"]);
    expect(read("subscriber.remove", { email: "a***@b.co.za", source: "popup" })).toEqual([
      "E-mail: a***@b.co.za",
      "Signed up from: Newsletter pop-up",
    ]);
  });

  it("reads a backup's size", () => {
    expect(read("system.backup", { rows: 12_345, files: 36, bytes: 3_565_158 })).toEqual([
      `Rows: ${zar("12 345")}`,
      "Images: 36",
      "Size of images: 3.4 MB",
    ]);
  });
});

describe("anything else", () => {
  it("spells out keys it does not know", () => {
    expect(auditDetailLabel("isSpecial")).toBe("Special");
    expect(auditDetailLabel("customerNotified")).toBe("Customer notified");
    expect(auditDetailLabel("giftCardId")).toBe("Gift card ID");
    expect(auditDetailLabel("productIds")).toBe("Product IDs");
    expect(auditDetailLabel("heroImageUrl")).toBe("Hero image URL");
    expect(auditDetailLabel("discountCents")).toBe("Discount");
    expect(auditDetailLabel("hasGiftWrap")).toBe("Gift wrap");
    expect(auditDetailLabel("island")).toBe("Island");
    expect(auditDetailLabel("delivery_zone")).toBe("Delivery zone");
  });

  it("shows values in words, never as JSON", () => {
    expect(
      read("gift_card.top-up", {
        discountCents: 5_000,
        giftWrap: false,
        tags: ["gold", "large"],
        remark: null,
        limits: { perDay: 3, active: true },
        window: { start: "04-01", end: "05-11" },
        empty: {},
        blank: "",
      }),
    ).toEqual([
      `Discount: ${zar("R 50,00")}`,
      "Gift wrap: No",
      "Tags: gold, large",
      "Remark: None",
      "Limits: Per day: 3; Active: Yes",
      "Window: 1 Apr – 11 May",
      "Empty: None",
      "Blank: None",
    ]);
  });

  it("shows nothing for an entry without details", () => {
    expect(read("quote_request.resolve", {})).toEqual([]);
  });
});
