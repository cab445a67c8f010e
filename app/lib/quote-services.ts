/*
 * The quote form's service options (docs/product.md §4), without zod, so pages can list them without
 * loading the validation library.
 */

/** docs/product.md §4 "Quote services" (value: label), in that order. */
export const SERVICE_OPTIONS = [
  { value: "web-development", label: "Web Development" },
  { value: "mobile-app", label: "Mobile App Development" },
  { value: "desktop-app", label: "Desktop App Development" },
  { value: "iot", label: "IoT Systems" },
  { value: "hardware", label: "Hardware Design" },
  { value: "prototyping", label: "Prototyping" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "custom-gifts", label: "Custom Gifts" },
  { value: "other", label: "Other" },
] as const;

export type ServiceValue = (typeof SERVICE_OPTIONS)[number]["value"];

export function serviceLabel(value: ServiceValue): string {
  return SERVICE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}
