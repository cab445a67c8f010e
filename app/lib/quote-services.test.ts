import { describe, expect, it } from "vitest";
import { SERVICE_OPTIONS, serviceLabel } from "./quote-services.ts";

describe("SERVICE_OPTIONS", () => {
  it("are exactly the nine value: label pairs of docs/product.md §4, in its order", () => {
    expect(SERVICE_OPTIONS.map(({ value, label }) => `${value}: ${label}`)).toEqual([
      "web-development: Web Development",
      "mobile-app: Mobile App Development",
      "desktop-app: Desktop App Development",
      "iot: IoT Systems",
      "hardware: Hardware Design",
      "prototyping: Prototyping",
      "manufacturing: Manufacturing",
      "custom-gifts: Custom Gifts",
      "other: Other",
    ]);
    // Nothing else rides along on an option.
    for (const option of SERVICE_OPTIONS) expect(Object.keys(option)).toEqual(["value", "label"]);
  });

  it("serviceLabel names each value by its label", () => {
    for (const { value, label } of SERVICE_OPTIONS) expect(serviceLabel(value)).toBe(label);
  });
});
