import { and, gte, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { addDays, johannesburgDate } from "#app/lib/dates.ts";
import type { HoldableForm, HoldReason, VerdictCount } from "#app/lib/held.ts";
import { formVerdictCounts, heldSubmissions, usedFormStamps } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { type FormStamp, MAX_FORM_AGE_MS, type StampVerdict } from "../http/honeypot.server.ts";

/*
 * What happens to a public form's submission once its honeypot and stamp are read (decisions
 * 016, 020 and 015). A filled honeypot stores nothing. Anything else is
 * stored: accepted when the stamp is genuine, in time and not used before for this form;
 * otherwise held for an admin ("Held as possible spam"), never e-mailed until released.
 * Every verdict is logged and counted per day, so an admin sees what the defences do.
 */

/** The forms whose stamps are checked; a stamp is usable once per form. */
export type GuardedForm = "quote" | "contact" | "newsletter" | "checkout";
/** The forms whose suspect submissions are held (checkout asks the buyer to confirm instead). */

/** A submission's final verdict: the stamp's, or "reused" when the database knew its nonce. */
export type FormVerdict = StampVerdict | "reused";

/** Held submissions are deleted after this many days if no admin looked at them (POPIA). */
export const HELD_RETENTION_DAYS = 30;

/**
 * Marks the stamp used for this form. False when it was used before (a replay, or the same
 * form sent twice). Call it in the transaction that stores the submission, so a failed store
 * leaves the stamp usable. Stamps past their age are forgotten on the way.
 */
export async function claimFormStamp(
  db: Database,
  form: GuardedForm,
  stamp: FormStamp,
  now = new Date(),
): Promise<boolean> {
  await db.delete(usedFormStamps).where(lt(usedFormStamps.expiresAt, now));
  const claimed = await db
    .insert(usedFormStamps)
    .values({ form, nonce: stamp.nonce, expiresAt: new Date(stamp.issuedAt + MAX_FORM_AGE_MS) })
    .onConflictDoNothing()
    .returning({ nonce: usedFormStamps.nonce });
  return claimed.length > 0;
}

/**
 * The verdict once the database is asked: a genuine, in-time stamp (also a too-fast one, so
 * that a script cannot replay it later) is claimed; a claimed one is "reused".
 */
export async function finalVerdict(
  db: Database,
  form: GuardedForm,
  inspected: { verdict: StampVerdict; stamp: FormStamp | null },
  now = new Date(),
): Promise<FormVerdict> {
  const { verdict, stamp } = inspected;
  if (!stamp || verdict === "honeypot" || verdict === "expired" || verdict === "bad-stamp") {
    return verdict;
  }
  return (await claimFormStamp(db, form, stamp, now)) ? verdict : "reused";
}

export interface HeldInput {
  form: HoldableForm;
  reason: HoldReason;
  name: string | null;
  email: string;
  /** The form's checked input, as its normal path takes it. */
  payload: Record<string, unknown>;
}

/** Keeps a suspect submission for an admin; forgets held ones past their retention. */
export async function holdSubmission(db: Database, input: HeldInput, now = new Date()) {
  const before = new Date(now.getTime() - HELD_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(heldSubmissions).where(lt(heldSubmissions.createdAt, before));
  const [row] = await db
    .insert(heldSubmissions)
    .values(input)
    .returning({ id: heldSubmissions.id });
  return row!;
}

/**
 * Stores a submission of a holdable form by its verdict, in one transaction: the stamp is
 * claimed, then either the normal path runs (`accept`, with its e-mails) or the submission
 * is held (no e-mail). Returns the verdict and, when accepted, what `accept` returned.
 */
export async function storeOrHold<T>(
  db: Database,
  form: HoldableForm,
  inspected: { verdict: StampVerdict; stamp: FormStamp | null },
  submission: Omit<HeldInput, "form" | "reason"> & { accept: (tx: Database) => Promise<T> },
  now = new Date(),
): Promise<{ verdict: "ok"; accepted: T } | { verdict: HoldReason }> {
  if (inspected.verdict === "honeypot") throw new Error("a honeypot submission is never stored");
  return db.transaction(async (tx) => {
    const verdict = await finalVerdict(tx, form, inspected, now);
    if (verdict === "ok") return { verdict, accepted: await submission.accept(tx) };
    if (verdict === "honeypot") throw new Error("unreachable");
    const { accept: _accept, ...held } = submission;
    await holdSubmission(tx, { ...held, form, reason: verdict }, now);
    return { verdict };
  });
}

/**
 * Logs a verdict and counts it for the admin's counters. Counting never fails the visitor's
 * submission: a failed count is logged.
 */
export async function recordVerdict(
  db: Database,
  logger: Logger,
  form: GuardedForm,
  verdict: FormVerdict | "confirm" | "limited",
  now = new Date(),
) {
  if (verdict === "ok") logger.debug({ form, verdict }, "form verdict");
  else logger.info({ form, verdict }, "form verdict");
  try {
    await db
      .insert(formVerdictCounts)
      .values({ day: johannesburgDate(now), form, verdict, count: 1 })
      .onConflictDoUpdate({
        target: [formVerdictCounts.day, formVerdictCounts.form, formVerdictCounts.verdict],
        set: { count: sql`${formVerdictCounts.count} + 1` },
      });
  } catch (error) {
    logger.warn({ err: error, form, verdict }, "form verdict: counting failed");
  }
}

/** The counts of the last `days` days (today included), by form and verdict. */
export async function verdictCounts(
  db: Database,
  days = 30,
  now = new Date(),
): Promise<VerdictCount[]> {
  const since = addDays(johannesburgDate(now), -(days - 1));
  const rows = await db
    .select({
      form: formVerdictCounts.form,
      verdict: formVerdictCounts.verdict,
      count: sql<number>`sum(${formVerdictCounts.count})::int`,
    })
    .from(formVerdictCounts)
    .where(and(gte(formVerdictCounts.day, since)))
    .groupBy(formVerdictCounts.form, formVerdictCounts.verdict)
    .orderBy(formVerdictCounts.form, formVerdictCounts.verdict);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
