import { count, desc, eq, inArray } from "drizzle-orm";
import type { BusinessDetails } from "#app/lib/business.ts";
import type { HeldSubmission, HoldableForm, HoldReason } from "#app/lib/held.ts";
import {
  ContactSchema,
  QuoteSchema,
  type ServiceValue,
  serviceLabel,
} from "#app/lib/validation/inquiries.ts";
import { NewsletterSchema } from "#app/lib/validation/newsletter.ts";
import { heldSubmissions } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";
import { submitContactMessage, submitQuoteRequest } from "../inquiries/inquiries.server.ts";
import { maskEmail } from "../newsletter/admin-subscribers.server.ts";
import { subscribe } from "../newsletter/subscribers.server.ts";

/*
 * The admin's "Held as possible spam" view (decision 016): the held quote requests,
 * contact messages and newsletter sign-ups, with Release (the normal path runs then: the
 * request or subscriber is stored and its e-mails are queued, exactly once) and Delete.
 */

export const HELD_PAGE_SIZE = 100;

const text = (value: unknown) => (typeof value === "string" ? value : "");

function describe(row: typeof heldSubmissions.$inferSelect): HeldSubmission {
  const payload = row.payload;
  const topic =
    row.form === "quote"
      ? serviceLabel(text(payload.service) as ServiceValue)
      : row.form === "contact"
        ? text(payload.subject)
        : `Newsletter (${text(payload.source) || "footer"})`;
  return {
    id: row.id,
    form: row.form as HoldableForm,
    reason: row.reason as HoldReason,
    name: row.name,
    email: row.email,
    topic,
    message: text(payload.message),
    phone: text(payload.phone) || null,
    createdAt: row.createdAt,
  };
}

/** The held submissions, newest first: quote requests and messages, or sign-ups. */
export async function listHeldSubmissions(
  db: Database,
  kind: "requests" | "subscribers",
): Promise<{ items: HeldSubmission[]; total: number }> {
  const forms: HoldableForm[] = kind === "requests" ? ["quote", "contact"] : ["newsletter"];
  const where = inArray(heldSubmissions.form, forms);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(heldSubmissions)
      .where(where)
      .orderBy(desc(heldSubmissions.createdAt), desc(heldSubmissions.id))
      .limit(HELD_PAGE_SIZE),
    db.select({ n: count() }).from(heldSubmissions).where(where),
  ]);
  return { items: rows.map(describe), total: total!.n };
}

/** How many are held, for the links on the quote requests and subscribers pages. */
export async function countHeldSubmissions(db: Database) {
  const rows = await db
    .select({ form: heldSubmissions.form, n: count() })
    .from(heldSubmissions)
    .groupBy(heldSubmissions.form);
  const of = (form: string) => rows.find((row) => row.form === form)?.n ?? 0;
  return { requests: of("quote") + of("contact"), subscribers: of("newsletter") };
}

export type HeldChangeResult =
  | { ok: true; form: HoldableForm; outcome: "released" | "already-subscribed" | "deleted" }
  | { ok: false; reason: "gone" | "unreadable" };

type ReleaseEnv = Pick<Env, "PUBLIC_URL" | "SESSION_SECRET" | "NEWSLETTER_CONFIRM"> & {
  business: BusinessDetails;
};

/**
 * Releases a held submission through its form's normal path, in one transaction with its
 * removal from the held list and the audit record. Two admins releasing at once: the first
 * takes the row, the second finds it gone, so the e-mails are queued exactly once.
 */
export async function releaseHeldSubmission(
  db: Database,
  env: ReleaseEnv,
  actor: AuditActor,
  id: string,
): Promise<HeldChangeResult> {
  if (!isUuid(id)) return { ok: false, reason: "gone" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(heldSubmissions)
      .where(eq(heldSubmissions.id, id))
      .for("update");
    if (!row) return { ok: false as const, reason: "gone" as const };
    const form = row.form as HoldableForm;
    // Held as typed: checked again by the form's own schema, as the normal path does.
    const release = releaseOf(form, row.payload);
    if (!release) return { ok: false as const, reason: "unreadable" as const };
    await tx.delete(heldSubmissions).where(eq(heldSubmissions.id, id));
    const outcome = await release(tx, env);
    await recordAudit(tx, actor, {
      action: "held_submission.release",
      entity: "held_submission",
      entityId: row.id,
      details: { form, reason: row.reason, email: maskEmail(row.email) },
    });
    return { ok: true as const, form, outcome };
  });
}

/** The normal path of a held submission's form, or null when its input no longer passes. */
function releaseOf(
  form: HoldableForm,
  payload: Record<string, unknown>,
): ((tx: Database, env: ReleaseEnv) => Promise<"released" | "already-subscribed">) | null {
  if (form === "quote") {
    const input = QuoteSchema.safeParse(payload);
    if (!input.success) return null;
    return async (tx, env) => {
      await submitQuoteRequest(tx, env, input.data);
      return "released";
    };
  }
  if (form === "contact") {
    const input = ContactSchema.safeParse(payload);
    if (!input.success) return null;
    return async (tx, env) => {
      await submitContactMessage(tx, env, input.data);
      return "released";
    };
  }
  const input = NewsletterSchema.safeParse(payload);
  if (!input.success) return null;
  const consentText = text(payload.consentText);
  return async (tx, env) => {
    const result = await subscribe(tx, env, { ...input.data, consentText });
    return result.status === "already" ? "already-subscribed" : "released";
  };
}

/** Deletes a held submission for good (it was spam), with an audit record without its text. */
export async function deleteHeldSubmission(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<HeldChangeResult> {
  if (!isUuid(id)) return { ok: false, reason: "gone" };
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(heldSubmissions).where(eq(heldSubmissions.id, id)).returning({
      id: heldSubmissions.id,
      form: heldSubmissions.form,
      reason: heldSubmissions.reason,
      email: heldSubmissions.email,
    });
    if (!row) return { ok: false as const, reason: "gone" as const };
    await recordAudit(tx, actor, {
      action: "held_submission.delete",
      entity: "held_submission",
      entityId: row.id,
      details: { form: row.form, reason: row.reason, email: maskEmail(row.email) },
    });
    return { ok: true as const, form: row.form as HoldableForm, outcome: "deleted" as const };
  });
}
