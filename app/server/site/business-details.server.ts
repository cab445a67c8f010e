import { eq, sql } from "drizzle-orm";
import { COMPANY } from "#app/content/company.ts";
import {
  addressLine,
  type BusinessDetails,
  businessPhoneHref,
  type DayHours,
  dayHoursText,
  type FooterDetails,
  replyAddress,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from "#app/lib/business.ts";
import { BusinessDetailsSchema } from "#app/lib/validation/business.ts";
import { siteSettings } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import type { Database } from "../db/client.server.ts";
import { type Env, eftDetails } from "../env.server.ts";

/*
 * The business details (decision 042): one `site_settings` row, edited by the owner under
 * Settings (or `npm run admin -- settings set`). A new install's first values are the content
 * file (app/content/company.ts) and the environment (NOTIFY_EMAIL, MAIL_FROM's name, EFT_*), written
 * at the first start; from then on the admin's values win and the environment is not read
 * for them again.
 *
 * Every process keeps the record in memory (`BusinessDetailsCache`); a save announces itself
 * on the catalogue's channel, inside its transaction, and every process drops its copy and
 * its cached pages when it hears it.
 */

export const BUSINESS_SETTING_KEY = "business";

type SeedEnv = Pick<
  Env,
  | "NOTIFY_EMAIL"
  | "MAIL_FROM"
  | "EFT_ACCOUNT_NAME"
  | "EFT_BANK_NAME"
  | "EFT_ACCOUNT_NUMBER"
  | "EFT_BRANCH_CODE"
  | "EFT_ACCOUNT_TYPE"
>;

/** The display name of a From setting ("Kwezi Engineering <shop@…>" → "Kwezi Engineering"). */
function displayNameOf(from: string | undefined): string | null {
  const name = from?.match(/^\s*"?([^"<]*?)"?\s*</)?.[1]?.trim();
  return name ? name : null;
}

/** The values of a new install: the content file's company and the environment. */
export function firstBusinessDetails(env: SeedEnv): BusinessDetails {
  const hours = (from: string, to: string): DayHours => ({ open: true, from, to });
  return {
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    address: {
      street: COMPANY.address.street,
      suburb: COMPANY.address.suburb,
      city: COMPANY.address.city,
      postalCode: COMPANY.address.postalCode,
      province: COMPANY.address.province,
    },
    mapUrl: null,
    phone: COMPANY.phone,
    whatsApp: COMPANY.whatsApp,
    generalEmail: COMPANY.generalEmail,
    supportEmail: COMPANY.supportEmail,
    // docs/product.md §2.9: Mon-Fri 9:00-18:00, Sat 10:00-14:00, Sun closed.
    hours: {
      monday: hours("09:00", "18:00"),
      tuesday: hours("09:00", "18:00"),
      wednesday: hours("09:00", "18:00"),
      thursday: hours("09:00", "18:00"),
      friday: hours("09:00", "18:00"),
      saturday: hours("10:00", "14:00"),
      sunday: { open: false },
    },
    hoursNote: null,
    alertEmail: env.NOTIFY_EMAIL,
    senderName: displayNameOf(env.MAIL_FROM) ?? COMPANY.name,
    replyTo: null,
    eft: eftDetails(env),
  };
}

/**
 * A stored record read back. One that no longer passes the schema (a hand-edited row) is not
 * served half-read: the first values stand in until the admin's next save replaces it.
 */
function parseStored(value: unknown, fallback: BusinessDetails): BusinessDetails {
  const parsed = BusinessDetailsSchema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** Writes the first values when the database has none (at start-up, under the migration lock). */
export async function seedBusinessDetails(db: Database, env: SeedEnv): Promise<boolean> {
  const inserted = await db
    .insert(siteSettings)
    .values({ key: BUSINESS_SETTING_KEY, value: firstBusinessDetails(env) })
    .onConflictDoNothing()
    .returning({ key: siteSettings.key });
  return inserted.length > 0;
}

export async function loadBusinessDetails(db: Database, env: SeedEnv): Promise<BusinessDetails> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, BUSINESS_SETTING_KEY));
  const first = firstBusinessDetails(env);
  return row ? parseStored(row.value, first) : first;
}

/** The footer's part of the details (the public layout's loader sends only this). */
export function footerDetails(details: BusinessDetails): FooterDetails {
  return {
    name: details.name,
    legalName: details.legalName,
    phone: details.phone,
    phoneHref: businessPhoneHref(details),
    generalEmail: details.generalEmail,
  };
}

// ---- Changes in words, for the audit log ------------------------------------------------------

/** Each setting as a person reads it, with its value in words (the audit log and the CLI). */
export function businessDetailsInWords(details: BusinessDetails): [label: string, value: string][] {
  return [
    ["Company name", details.name],
    ["Registered name", details.legalName],
    ["Address", addressLine(details)],
    ["Province", details.address.province],
    ["Map link", details.mapUrl ?? "none"],
    ["Phone", details.phone],
    ["WhatsApp", details.whatsApp],
    ["General e-mail", details.generalEmail],
    ["Support e-mail", details.supportEmail],
    ...WEEKDAYS.map((day): [string, string] => [
      WEEKDAY_LABELS[day].long,
      dayHoursText(details.hours[day]),
    ]),
    ["Hours note", details.hoursNote ?? "none"],
    ["Staff alerts to", details.alertEmail],
    ["Sender name", details.senderName],
    ["Reply-to", replyAddress(details)],
    [
      "Bank details",
      details.eft
        ? [
            details.eft.accountName,
            details.eft.bankName,
            details.eft.accountNumber,
            details.eft.branchCode,
            details.eft.accountType,
          ]
            .filter(Boolean)
            .join(", ")
        : "none",
    ],
  ];
}

export interface SettingChange {
  field: string;
  from: string;
  to: string;
}

export function businessDetailsChanges(
  before: BusinessDetails,
  after: BusinessDetails,
): SettingChange[] {
  const was = new Map(businessDetailsInWords(before));
  return businessDetailsInWords(after)
    .filter(([label, value]) => was.get(label) !== value)
    .map(([label, value]) => ({ field: label, from: was.get(label) ?? "", to: value }));
}

// ---- One setting at a time (the CLI) ------------------------------------------------------

type Writable = Record<string, unknown> & {
  address: Record<string, unknown>;
  hours: Record<string, unknown>;
  eft: Record<string, unknown>;
};

interface SettingKey {
  read: (details: BusinessDetails) => string;
  write: (input: Writable, value: string) => string | null;
}

const text = (
  read: (details: BusinessDetails) => string | null,
  write: (input: Writable, value: string) => void,
): SettingKey => ({
  read: (details) => read(details) ?? "",
  write: (input, value) => {
    write(input, value);
    return null;
  },
});

const EFT_FIELDS = [
  "accountName",
  "bankName",
  "accountNumber",
  "branchCode",
  "accountType",
] as const;

/**
 * The keys of `npm run admin -- settings set <key> <value>`: each reads and writes one value
 * as text. Hours are "09:00-18:00" or "closed"; an empty value clears an optional one.
 */
export const BUSINESS_SETTING_KEYS: Readonly<Record<string, SettingKey>> = {
  name: text(
    (d) => d.name,
    (i, v) => {
      i.name = v;
    },
  ),
  legalName: text(
    (d) => d.legalName,
    (i, v) => {
      i.legalName = v;
    },
  ),
  ...Object.fromEntries(
    (["street", "suburb", "city", "postalCode", "province"] as const).map((field) => [
      `address.${field}`,
      text(
        (d) => d.address[field],
        (i, v) => {
          i.address[field] = v;
        },
      ),
    ]),
  ),
  mapUrl: text(
    (d) => d.mapUrl,
    (i, v) => {
      i.mapUrl = v;
    },
  ),
  phone: text(
    (d) => d.phone,
    (i, v) => {
      i.phone = v;
    },
  ),
  whatsapp: text(
    (d) => d.whatsApp,
    (i, v) => {
      i.whatsApp = v;
    },
  ),
  email: text(
    (d) => d.generalEmail,
    (i, v) => {
      i.generalEmail = v;
    },
  ),
  supportEmail: text(
    (d) => d.supportEmail,
    (i, v) => {
      i.supportEmail = v;
    },
  ),
  ...Object.fromEntries(
    WEEKDAYS.map((day) => [
      `hours.${day}`,
      {
        read: (details: BusinessDetails) => dayHoursText(details.hours[day]),
        write: (input: Writable, value: string) => {
          const trimmed = value.trim().toLowerCase();
          if (trimmed === "closed") {
            input.hours[day] = { open: false };
            return null;
          }
          const match = /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(trimmed);
          if (!match)
            return `${WEEKDAY_LABELS[day].long}: give the hours as 09:00-18:00, or closed.`;
          const pad = (time: string) => time.padStart(5, "0");
          input.hours[day] = { open: true, from: pad(match[1]!), to: pad(match[2]!) };
          return null;
        },
      } satisfies SettingKey,
    ]),
  ),
  "hours.note": text(
    (d) => d.hoursNote,
    (i, v) => {
      i.hoursNote = v;
    },
  ),
  alertEmail: text(
    (d) => d.alertEmail,
    (i, v) => {
      i.alertEmail = v;
    },
  ),
  senderName: text(
    (d) => d.senderName,
    (i, v) => {
      i.senderName = v;
    },
  ),
  replyTo: text(
    (d) => d.replyTo,
    (i, v) => {
      i.replyTo = v;
    },
  ),
  ...Object.fromEntries(
    EFT_FIELDS.map((field) => [
      `eft.${field}`,
      text(
        (d) => d.eft?.[field] ?? null,
        (i, v) => {
          i.eft[field] = v;
        },
      ),
    ]),
  ),
};

/**
 * The details with one setting changed, checked by the form's schema: the new details, or the
 * message that says what is wrong (the same words the admin's form shows).
 */
export function withSetting(
  details: BusinessDetails,
  key: string,
  value: string,
): { ok: true; details: BusinessDetails } | { ok: false; message: string } {
  const setting = BUSINESS_SETTING_KEYS[key];
  if (!setting) return { ok: false, message: `Unknown setting "${key}".` };
  const input = structuredClone(details) as unknown as Writable;
  input.eft ??= {};
  const refused = setting.write(input, value);
  if (refused) return { ok: false, message: refused };
  const parsed = BusinessDetailsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, details: parsed.data };
}

// ---- Saving --------------------------------------------------------------------------------

export type SaveBusinessDetailsResult = { ok: true; changes: SettingChange[] };

/**
 * Saves validated details: the row, its audit record (each change, before → after) and the
 * announcement that empties every process's cached pages, in one transaction. Nothing
 * changed: nothing written.
 */
export async function saveBusinessDetails(
  db: Database,
  env: SeedEnv,
  actor: AuditActor,
  details: BusinessDetails,
): Promise<SaveBusinessDetailsResult> {
  return db.transaction(async (tx) => {
    // The row locked, so two admins saving at once are recorded one after the other.
    const [row] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, BUSINESS_SETTING_KEY))
      .for("update");
    const first = firstBusinessDetails(env);
    const before = row ? parseStored(row.value, first) : first;
    const changes = businessDetailsChanges(before, details);
    if (changes.length === 0 && row) return { ok: true as const, changes };
    await tx
      .insert(siteSettings)
      .values({ key: BUSINESS_SETTING_KEY, value: details })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: details, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: "settings.business",
      entity: "settings",
      entityId: null,
      details: { changes },
    });
    await notifyCatalogChanged(tx);
    return { ok: true as const, changes };
  });
}

// ---- The per-process copy ------------------------------------------------------------------

/**
 * The details as this process last read them. Pages, e-mails and documents read them on every
 * request, so they are kept in memory and read again only after a change was announced
 * (`forget`, called by the listener and right after this process's own save).
 */
export class BusinessDetailsCache {
  #current: Promise<BusinessDetails> | null = null;
  readonly #db: Database;
  readonly #env: SeedEnv;

  constructor(db: Database, env: SeedEnv) {
    this.#db = db;
    this.#env = env;
  }

  get(): Promise<BusinessDetails> {
    if (!this.#current) {
      const loading = loadBusinessDetails(this.#db, this.#env);
      this.#current = loading;
      // A failed read (the database briefly away) is tried again by the next request.
      loading.catch(() => {
        if (this.#current === loading) this.#current = null;
      });
    }
    return this.#current;
  }

  forget(): void {
    this.#current = null;
  }
}

/**
 * The environment with the business details beside it: what the domain functions that send
 * e-mail take (`MailEnv`), read once per request.
 */
export async function withBusinessDetails<E extends Env>(services: {
  env: E;
  business: BusinessDetailsCache;
}): Promise<E & { business: BusinessDetails }> {
  return { ...services.env, business: await services.business.get() };
}
