import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, auditActionLabel } from "./audit-actions.ts";

/** Every `<entity>.<verb>` literal on a line that records an audit action in app/server. */
function recordedActions(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.server\.ts$/.test(entry.name)) {
        for (const line of fs.readFileSync(file, "utf8").split("\n")) {
          if (!/\baction: /.test(line)) continue;
          for (const [, action] of line.matchAll(/"([a-z_]+\.[a-z-]+)"/g)) found.add(action!);
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, "../server"));
  return [...found].sort();
}

describe("auditActionLabel", () => {
  it("reads each recorded action as words", () => {
    expect(auditActionLabel("quote_request.resolve")).toBe("Quote request: resolved");
    expect(auditActionLabel("quote_request.reopen")).toBe("Quote request: reopened");
    expect(auditActionLabel("product.create")).toBe("Product: created");
    expect(auditActionLabel("category.delete")).toBe("Category: deleted");
    expect(auditActionLabel("order.status")).toBe("Order: status changed");
    expect(auditActionLabel("user.grant-admin")).toBe("User: admin access granted");
    expect(auditActionLabel("user.revoke-admin")).toBe("User: admin access revoked");
    expect(auditActionLabel("held_submission.release")).toBe("Held submission: released");
  });

  it("has a label for every action the domain modules record", () => {
    const actions = recordedActions();
    // The scan finds them (a sanity check on the scan itself).
    expect(actions).toEqual(expect.arrayContaining(["product.create", "quote_request.resolve"]));
    expect(actions.filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
    // The access changes are built from a template (`user.${verb}-admin`).
    expect(AUDIT_ACTION_LABELS).toHaveProperty(["user.grant-admin"]);
    expect(AUDIT_ACTION_LABELS).toHaveProperty(["user.revoke-admin"]);
  });

  it("labels each action differently, in the same style", () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)*: [a-z]/);
  });

  it("spells out an action it does not know, never showing it raw", () => {
    expect(auditActionLabel("gift_card.top-up")).toBe("Gift card: top up");
    expect(auditActionLabel("invoice.send")).toBe("Invoice: send");
    expect(auditActionLabel("shipment_batch.mark.sent")).toBe("Shipment batch: mark sent");
    expect(auditActionLabel("maintenance")).toBe("Maintenance");
    expect(auditActionLabel(".odd")).toBe("Odd");
    expect(auditActionLabel("")).toBe("");
  });

  it("does not take inherited object keys for labels", () => {
    expect(auditActionLabel("constructor")).toBe("Constructor");
    expect(auditActionLabel("toString")).toBe("ToString");
  });
});
