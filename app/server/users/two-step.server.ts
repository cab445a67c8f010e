import crypto from "node:crypto";
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { COMPANY } from "#app/content/company.ts";
import { type QrSvg, RECOVERY_CODE_COUNT, type TwoStepState } from "#app/lib/two-step.ts";
import { recoveryCodes, totpCredentials, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { AppServices } from "../context.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { type TwoStepEvent, twoStepMessage } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { withBusinessDetails } from "../site/business-details.server.ts";
import { verifyPassword } from "./passwords.server.ts";
import type { SessionUser } from "./session.server.ts";

/*
 * Two-step sign-in with an authenticator app (docs/product.md §3.15, decision 035): TOTP of
 * RFC 6238 through `otpauth` (SHA-1, 6 digits, 30-second steps, ±1 step of clock drift), the
 * set-up's QR code drawn by `qrcode`, ten one-time recovery codes. Time is `services.clock`
 * (decision 032). Every change is one transaction with its audit record and the owner's
 * e-mail (decision 009).
 */

type Services = Pick<AppServices, "db" | "env" | "rateLimits" | "clock" | "business">;

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the server's are accepted too (a phone's clock drifts). */
export const TOTP_WINDOW = 1;

/**
 * The one answer to "does this account have two-step sign-in?" (docs/product.md §3.15): the
 * owner's policy (REQUIRE_ADMIN_2FA), User Access's badge and sign-in all ask here. A passkey
 * does not count (decision 036): that account's password still signs in by itself.
 */
export async function usersWithTwoStepSignIn(
  db: Database,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(
      and(inArray(totpCredentials.userId, [...userIds]), isNotNull(totpCredentials.confirmedAt)),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Whether signing in to this account needs a second step (see usersWithTwoStepSignIn). */
export async function hasTwoStepSignIn(db: Database, userId: string): Promise<boolean> {
  return (await usersWithTwoStepSignIn(db, [userId])).has(userId);
}

// The secret at rest: AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the
// table (or of a backup file) does not give the codes (decision 035).
const SECRET_FORMAT = "v1";

function secretKey(env: Pick<Env, "SESSION_SECRET">): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", env.SESSION_SECRET, "", "kwezi totp secret v1", 32));
}

export function encryptTotpSecret(env: Pick<Env, "SESSION_SECRET">, base32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretKey(env), iv);
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return [SECRET_FORMAT, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The base32 secret, or null when it cannot be read (another SESSION_SECRET, a damaged row). */
export function decryptTotpSecret(env: Pick<Env, "SESSION_SECRET">, stored: string): string | null {
  const [format, iv, tag, body] = stored.split(".");
  if (format !== SECRET_FORMAT || !iv || !tag || !body) return null;
  try {
    const decipher = crypto.createDecipheriv(
      "aes-256-gcm",
      secretKey(env),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

function totpFor(base32: string, label: string) {
  return new TOTP({
    issuer: COMPANY.name,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The 30-second time step of an instant (RFC 6238's T). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, within ±TOTP_WINDOW steps of `at`, or null. The caller
 * still has to check the step was not used before (`claimStep`).
 */
export function matchTotpStep(base32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(base32, "").validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(at) + delta;
}

/** The code an app shows at `at` (for tests and the e2e journeys' own clock). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpFor(base32, "").generate({ timestamp: at.getTime() });
}

/**
 * Takes the step for the account, once: the update only happens when the step is later than
 * the last one used, so a code (or an earlier one) is refused the second time, also when two
 * requests carry it at the same moment.
 */
async function claimStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        isNotNull(totpCredentials.confirmedAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return claimed.length === 1;
}

/**
 * Checks a 6-digit code of a confirmed credential and uses it up. False for a wrong, stale,
 * replayed or unreadable one.
 */
export async function spendTotpCode(
  services: Pick<AppServices, "db" | "env" | "clock" | "business">,
  userId: string,
  code: string,
): Promise<boolean> {
  const [row] = await services.db
    .select({ secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  const base32 = row ? decryptTotpSecret(services.env, row.secret) : null;
  if (!base32) return false;
  const step = matchTotpStep(base32, code.replaceAll(/\s/g, ""), services.clock());
  return step !== null && (await claimStep(services.db, userId, step));
}

// Recovery codes: 16 base32 characters (80 random bits) in groups of four. Only their SHA-256
// is stored: at 80 bits a fast hash cannot be searched backwards, so argon2 buys nothing.
const RECOVERY_CODE_SHAPE = /^[a-z2-7]{16}$/;

/** "ABCD-efgh ijkl-mnop" → "abcdefghijklmnop", or null when it cannot be a recovery code. */
export function normaliseRecoveryCode(input: string): string | null {
  const bare = input.toLowerCase().replaceAll(/[\s-]/g, "");
  return RECOVERY_CODE_SHAPE.test(bare) ? bare : null;
}

export function hashRecoveryCode(normalised: string): string {
  return crypto.createHash("sha256").update(normalised).digest("hex");
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bare = new Secret({ size: 10 }).base32.toLowerCase();
    return bare.match(/.{4}/g)!.join("-");
  });
}

/**
 * Uses one of the account's recovery codes, once (one conditional UPDATE), and records it with
 * the owner's e-mail in the same transaction. False for a wrong or used code.
 */
export async function spendRecoveryCode(
  services: Pick<AppServices, "db" | "env" | "clock" | "business">,
  userId: string,
  input: { code: string; clientAddress: string },
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(input.code);
  if (!normalised) return false;
  const now = services.clock();
  const mail = { env: await withBusinessDetails(services), clock: services.clock };
  return services.db.transaction(async (tx) => {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(normalised)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (used.length === 0) return false;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const codesLeft = await recoveryCodesLeft(tx, userId);
    await recordTwoStepEvent(tx, mail, {
      actor: { userId, email: user!.email },
      userId,
      email: user!.email,
      event: "recovery-code-used",
      clientAddress: input.clientAddress,
      codesLeft,
    });
    return true;
  });
}

async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

const AUDIT_ACTIONS: Record<TwoStepEvent, string> = {
  on: "user.two-step-on",
  off: "user.two-step-off",
  "off-by-operator": "user.two-step-off",
  "recovery-code-used": "user.recovery-code-use",
};

/** The audit record and the owner's e-mail of a two-step event, in the change's transaction. */
async function recordTwoStepEvent(
  tx: Database,
  services: { env: MailEnv; clock: () => Date },
  input: {
    actor: AuditActor;
    userId: string;
    email: string;
    event: TwoStepEvent;
    clientAddress: string;
    codesLeft?: number;
  },
) {
  await recordAudit(tx, input.actor, {
    action: AUDIT_ACTIONS[input.event],
    entity: "user",
    entityId: input.userId,
    details:
      input.codesLeft === undefined
        ? { from: input.clientAddress }
        : { from: input.clientAddress, recoveryCodesLeft: input.codesLeft },
  });
  await queueMessages(
    tx,
    twoStepMessage(services.env, {
      to: input.email,
      at: services.clock(),
      clientAddress: input.clientAddress,
      event: input.event,
      codesLeft: input.codesLeft,
    }),
  );
}

/** The QR code of an otpauth:// address, as `qrcode` draws it in SVG (no script, no image). */
export async function qrSvg(text: string): Promise<QrSvg> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const viewBox = /viewBox="([\d .]+)"/.exec(svg)?.[1];
  const paths = [...svg.matchAll(/<path\s([^>]*?)\/?>/g)].map(([, attributes]) => {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes ?? "")?.[1];
    return { fill: attribute("fill"), stroke: attribute("stroke"), d: attribute("d") ?? "" };
  });
  if (!viewBox || paths.length === 0) throw new Error("qrcode drew an SVG this page cannot read");
  return { viewBox, paths };
}

/** What the account page shows of the user's two-step sign-in. */
export async function twoStepStateOf(
  services: Pick<AppServices, "db" | "env">,
  user: Pick<SessionUser, "userId" | "email">,
): Promise<TwoStepState> {
  const [row] = await services.db
    .select({ secret: totpCredentials.secret, confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, user.userId));
  if (!row) return { state: "off" };
  if (row.confirmedAt) {
    return {
      state: "on",
      since: row.confirmedAt,
      recoveryCodesLeft: await recoveryCodesLeft(services.db, user.userId),
    };
  }
  const secret = decryptTotpSecret(services.env, row.secret);
  if (!secret) return { state: "off" };
  const otpauthUri = totpFor(secret, user.email).toString();
  return { state: "setting-up", secret, otpauthUri, qr: await qrSvg(otpauthUri) };
}

/**
 * "Turn on two-step sign-in": a new secret to scan, kept unconfirmed until a code from the app
 * proves it was. An account that has it on already keeps its own.
 */
export async function startTotpSetup(
  services: Pick<AppServices, "db" | "env" | "clock" | "business">,
  user: Pick<SessionUser, "userId">,
): Promise<"started" | "already-on"> {
  const secret = encryptTotpSecret(services.env, new Secret({ size: 20 }).base32);
  const written = await services.db
    .insert(totpCredentials)
    .values({ userId: user.userId, secret, createdAt: services.clock() })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secret, createdAt: services.clock(), lastUsedStep: null },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ userId: totpCredentials.userId });
  return written.length === 1 ? "started" : "already-on";
}

/** "Cancel" during the set-up: the unconfirmed secret is dropped; a confirmed one stays. */
export async function cancelTotpSetup(db: Database, user: Pick<SessionUser, "userId">) {
  await db
    .delete(totpCredentials)
    .where(and(eq(totpCredentials.userId, user.userId), isNull(totpCredentials.confirmedAt)));
}

export type ConfirmTotpOutcome =
  | { kind: "on"; recoveryCodes: string[] }
  | { kind: "wrong-code" }
  | { kind: "not-started" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * The first code from the app turns two-step sign-in on: the credential is confirmed (its
 * step used), ten recovery codes replace any older ones, audited and e-mailed, all in one
 * transaction. The codes are returned to be shown once.
 */
export async function confirmTotpSetup(
  services: Services,
  user: Pick<SessionUser, "userId" | "email">,
  input: { code: string; clientAddress: string },
): Promise<ConfirmTotpOutcome> {
  const { db, rateLimits } = services;
  const limit = await rateLimits.consume("twoStepFailuresPerUser", user.userId);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const [row] = await db
    .select({ secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, user.userId), isNull(totpCredentials.confirmedAt)));
  if (!row) return { kind: "not-started" };
  const base32 = decryptTotpSecret(services.env, row.secret);
  const now = services.clock();
  const step = base32 ? matchTotpStep(base32, input.code, now) : null;
  if (step === null) return { kind: "wrong-code" };
  await rateLimits.refund("twoStepFailuresPerUser", user.userId);
  const codes = newRecoveryCodes();
  const mail = { env: await withBusinessDetails(services), clock: services.clock };
  const confirmed = await db.transaction(async (tx) => {
    const updated = await tx
      .update(totpCredentials)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(totpCredentials.userId, user.userId), isNull(totpCredentials.confirmedAt)))
      .returning({ userId: totpCredentials.userId });
    if (updated.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    await tx.insert(recoveryCodes).values(
      codes.map((code) => ({
        userId: user.userId,
        codeHash: hashRecoveryCode(normaliseRecoveryCode(code)!),
        createdAt: now,
      })),
    );
    await recordTwoStepEvent(tx, mail, {
      actor: { userId: user.userId, email: user.email },
      userId: user.userId,
      email: user.email,
      event: "on",
      clientAddress: input.clientAddress,
    });
    return true;
  });
  return confirmed ? { kind: "on", recoveryCodes: codes } : { kind: "not-started" };
}

export type DisableTwoStepOutcome =
  | { kind: "off" }
  | { kind: "wrong" }
  | { kind: "not-on" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * "Turn off two-step sign-in" needs the password or a current code (used up like at
 * sign-in), counted per account, so a borrowed session cannot turn it off.
 */
export async function disableTwoStep(
  services: Services,
  user: Pick<SessionUser, "userId" | "email">,
  input: { passwordOrCode: string; clientAddress: string },
): Promise<DisableTwoStepOutcome> {
  const { db, rateLimits } = services;
  if (!(await hasTwoStepSignIn(db, user.userId))) return { kind: "not-on" };
  const limit = await rateLimits.consume("twoStepFailuresPerUser", user.userId);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.userId));
  const proven =
    (await spendTotpCode(services, user.userId, input.passwordOrCode)) ||
    (account !== undefined && (await verifyPassword(account.passwordHash, input.passwordOrCode)));
  if (!proven) return { kind: "wrong" };
  await rateLimits.refund("twoStepFailuresPerUser", user.userId);
  const removed = await removeTwoStep(services, {
    userId: user.userId,
    actor: { userId: user.userId, email: user.email },
    event: "off",
    clientAddress: input.clientAddress,
  });
  return removed ? { kind: "off" } : { kind: "not-on" };
}

/**
 * Drops the account's TOTP credential and recovery codes with the audit record and the
 * owner's e-mail, in one transaction. False when it had none.
 */
export async function removeTwoStep(
  services: Pick<AppServices, "db" | "env" | "clock" | "business">,
  input: {
    userId: string;
    actor: AuditActor;
    event: "off" | "off-by-operator";
    clientAddress: string;
  },
): Promise<boolean> {
  const mail = { env: await withBusinessDetails(services), clock: services.clock };
  return services.db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpCredentials)
      .where(eq(totpCredentials.userId, input.userId))
      .returning({ confirmedAt: totpCredentials.confirmedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
    if (!removed[0]?.confirmedAt) return false;
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, input.userId));
    await recordTwoStepEvent(tx, mail, {
      actor: input.actor,
      userId: input.userId,
      email: user!.email,
      event: input.event,
      clientAddress: input.clientAddress,
    });
    return true;
  });
}
