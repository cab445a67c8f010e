import { formatZar } from "./admin-money.ts";
import { formatCalendarDay } from "./dates.ts";
import { HELD_FORM_LABELS, HOLD_REASON_LABELS } from "./held.ts";
import { onFirstUse } from "./on-first-use.ts";
import { isOrderStatus, ORDER_STATUS_LABELS, orderReference } from "./order-status.ts";
import { asOrderDelivery, deliverySummary } from "./orders.ts";
import {
  isPaymentMethod,
  isPaymentStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from "./payment-status.ts";
import { isMonthDay } from "./seasons.ts";

/*
 * What the audit log shows of an entry's details: words a shop owner reads, not the JSON the
 * domain modules record (app/server/audit/audit.server.ts). Dates read "1 Nov – 26 Dec",
 * money is the admin's rand format, statuses and methods are their labels, and ids are the
 * names the server looked up for the page (`AuditNames`). The raw details stay in the
 * database and in the CSV export. A detail this module does not know still reads sensibly:
 * its key spelled out and its value in words, never as JSON.
 */

/** One line of an entry's details as the audit log shows it. */
export interface AuditDetailLine {
  label: string;
  value: string;
  /** Where the thing it names is, in the admin (an order's page). */
  href?: string;
}

/** Names for the ids in a page of entries, looked up by the server in one query. */
export interface AuditNames {
  categories: ReadonlyMap<string, string>;
}

export interface AuditEntryToDescribe {
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown>;
}

/** The category ids an entry's details name, for the server's one lookup of their names. */
export function categoryIdsIn(details: Record<string, unknown>): string[] {
  const ids = details.categoryIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** "11-01" → "1 Nov". */
function shortMonthDay(value: string): string {
  const [month, day] = value.split("-").map(Number);
  return `${day} ${MONTHS[month! - 1]}`;
}

/** A season {start, end} ("MM-DD") as "1 Nov – 26 Dec"; null when it is not one. */
export function formatSeasonShort(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const { start, end } = value as Record<string, unknown>;
  if (!isMonthDay(start) || !isMonthDay(end)) return null;
  return `${shortMonthDay(start)} – ${shortMonthDay(end)}`;
}

const plainNumber = onFirstUse(() => new Intl.NumberFormat("en-ZA"));

/** 1536 → "1.5 KB", 3_400_000 → "3.2 MB" (the size of a backup's images). */
function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${plainNumber().format(value)} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Where newsletter subscribers signed up. */
const SIGN_UP_SOURCE_LABELS: Record<string, string> = {
  footer: "Footer form",
  popup: "Newsletter pop-up",
};

/** Keys whose name alone does not say what they are. */
const DETAIL_LABELS: Record<string, string> = {
  categoryIds: "Categories",
  imageUrl: "Image",
  replacedImageUrl: "Image replaced",
  email: "E-mail",
  kind: "Type",
  source: "Signed up from",
  files: "Images",
  bytes: "Size of images",
};

/**
 * A detail's name in words: "customerNotified" → "Customer notified", "isSpecial" →
 * "Special", "priceCents" → "Price", "giftCardId" → "Gift card ID".
 */
export function auditDetailLabel(key: string): string {
  if (Object.hasOwn(DETAIL_LABELS, key)) return DETAIL_LABELS[key]!;
  const spaced = key
    .replace(/^(is|has)(?=[A-Z])/, "")
    .replace(/Cents$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/\burl\b/g, "URL")
    .replace(/\bids?\b/g, (id) => (id === "ids" ? "IDs" : "ID"));
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : key;
}

/** Any value in words, when nothing more is known about it. */
function genericValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    return key.endsWith("Cents") && Number.isInteger(value)
      ? formatZar(value)
      : plainNumber().format(value);
  }
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value.length > 0 ? value.map((item) => genericValue("", item)).join(", ") : "None";
  }
  if (typeof value === "object") {
    const season = formatSeasonShort(value);
    if (season) return season;
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${auditDetailLabel(k)}: ${genericValue(k, v)}`,
    );
    return parts.length > 0 ? parts.join("; ") : "None";
  }
  return String(value);
}

/** Category ids as the categories' current names; one no longer there is said to be gone. */
function categoryNames(value: unknown, names: AuditNames): string {
  if (!Array.isArray(value)) return genericValue("categoryIds", value);
  if (value.length === 0) return "None";
  const known: string[] = [];
  let deleted = 0;
  for (const id of value) {
    const name = typeof id === "string" ? names.categories.get(id.toLowerCase()) : undefined;
    if (name === undefined) deleted++;
    else known.push(name);
  }
  if (deleted === 1) known.push("a deleted category");
  if (deleted > 1) known.push(`${deleted} deleted categories`);
  return known.join(", ");
}

/** A status change's two ends, "Pending → Shipped", each by its label. */
function statusChange(from: unknown, to: unknown, label: (value: unknown) => string): string {
  if (from === undefined) return label(to);
  if (to === undefined) return `from ${label(from)}`;
  return `${label(from)} → ${label(to)}`;
}

const orderStatusLabel = (value: unknown) =>
  isOrderStatus(value) ? ORDER_STATUS_LABELS[value] : genericValue("status", value);
const deliveryLabel = (value: unknown) => deliverySummary(asOrderDelivery(value));
const paymentStatusLabel = (value: unknown) =>
  isPaymentStatus(value) ? PAYMENT_STATUS_LABELS[value] : genericValue("payment", value);

/** One detail's value in words, knowing what the key holds. */
function detailValue(key: string, value: unknown, names: AuditNames): string {
  switch (key) {
    case "categoryIds":
      return categoryNames(value, names);
    case "season":
      // A season taken away: the category is shown all year again.
      return value === null
        ? "None (all year)"
        : (formatSeasonShort(value) ?? genericValue(key, value));
    case "imageUrl":
      return typeof value === "string" && value !== "" ? "Yes" : "None";
    case "replacedImageUrl":
      return typeof value === "string" && value !== "" ? "Yes" : "No";
    case "method":
      return isPaymentMethod(value) ? PAYMENT_METHOD_LABELS[value] : genericValue(key, value);
    case "paidOn":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatCalendarDay(value)
        : genericValue(key, value);
    case "form":
    case "kind":
      return typeof value === "string" && Object.hasOwn(HELD_FORM_LABELS, value)
        ? HELD_FORM_LABELS[value]!
        : genericValue(key, value);
    case "reason":
      return typeof value === "string" && Object.hasOwn(HOLD_REASON_LABELS, value)
        ? HOLD_REASON_LABELS[value]!
        : genericValue(key, value);
    case "source":
      return typeof value === "string" && Object.hasOwn(SIGN_UP_SOURCE_LABELS, value)
        ? SIGN_UP_SOURCE_LABELS[value]!
        : genericValue(key, value);
    case "bytes":
      return typeof value === "number" ? formatBytes(value) : genericValue(key, value);
    default:
      return genericValue(key, value);
  }
}

/**
 * The order details are read in, whatever order the database keeps them in (jsonb sorts keys
 * by length): what it is, then what changed, then the rest. Keys not listed come last.
 */
const KEY_ORDER = [
  "name",
  "priceCents",
  "categoryIds",
  "isSpecial",
  "season",
  "description",
  "imageUrl",
  "replacedImageUrl",
  "method",
  "reference",
  "amountCents",
  "paidOn",
  "customerNotified",
  "note",
  "form",
  "kind",
  "service",
  "reason",
  "email",
  "source",
  "rows",
  "files",
  "bytes",
];

const keyRank = (key: string) => {
  const rank = KEY_ORDER.indexOf(key);
  return rank === -1 ? KEY_ORDER.length : rank;
};

/**
 * An entry's details as lines of words. An order's entries start with the order's reference
 * (a link to it); a status or payment change is one line, "Pending → Shipped".
 */
export function describeAuditEntry(
  entry: AuditEntryToDescribe,
  names: AuditNames,
): AuditDetailLine[] {
  const lines: AuditDetailLine[] = [];
  if (entry.entity === "order" && entry.entityId) {
    lines.push({
      label: "Order",
      value: orderReference(entry.entityId),
      href: `/admin/orders/${entry.entityId}`,
    });
  }
  const rest = Object.entries(entry.details)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => keyRank(a) - keyRank(b));
  const changeOf = {
    "order.status": { label: "Status", of: orderStatusLabel },
    "order.payment": { label: "Payment", of: paymentStatusLabel },
    "order.delivery": { label: "Delivery", of: deliveryLabel },
  }[entry.action];
  if (changeOf && ("from" in entry.details || "to" in entry.details)) {
    lines.push({
      label: changeOf.label,
      value: statusChange(entry.details.from, entry.details.to, changeOf.of),
    });
  }
  for (const [key, value] of rest) {
    if (changeOf && (key === "from" || key === "to")) continue;
    // A settings change: each field before → after (decision 042).
    if (key === "changes" && Array.isArray(value)) {
      for (const change of value as { field?: unknown; from?: unknown; to?: unknown }[]) {
        lines.push({
          label: String(change.field ?? "Setting"),
          value: `${String(change.from ?? "")} → ${String(change.to ?? "")}`,
        });
      }
      continue;
    }
    lines.push({ label: auditDetailLabel(key), value: detailValue(key, value, names) });
  }
  return lines;
}
