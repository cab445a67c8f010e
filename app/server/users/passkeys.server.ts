import crypto from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import type { AccountPasskey } from "#app/lib/passkeys.ts";
import { adminUsers, passkeyChallenges, passkeys, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { AppServices } from "../context.server.ts";
import { type Env, isServedOverHttps } from "../env.server.ts";
import { PASSKEY_COOKIE } from "../http/cookie-names.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { passkeyChangedMessage } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { withBusinessDetails } from "../site/business-details.server.ts";
import { verifyPassword } from "./passwords.server.ts";
import { createSession, deleteSessionByToken, type SessionUser } from "./session.server.ts";

/*
 * Passkeys (WebAuthn), a second way for an admin to sign in (docs/product.md §3.13, §3.1;
 * decision 036). The relying party is the site of PUBLIC_URL: its host name is the RP ID and
 * its origin the only origin accepted. Every challenge is stored here, used once (deleted as
 * it is answered) and valid CHALLENGE_MS by `services.clock` (decision 032); a registration's
 * is bound to the admin's session, a sign-in's to a random token in an HttpOnly cookie whose
 * SHA-256 is stored.
 */

/** How long a browser has to answer a challenge. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
/** How many passkeys one account may hold. */
export const MAX_PASSKEYS = 10;

/**
 * A WebAuthn response as the form's schema lets it through (its outline checked, app/lib/
 * validation/passkeys.ts); the library checks every byte of it.
 */
export type SubmittedResponse = { id: string } & Record<string, unknown>;

type Services = Pick<AppServices, "db" | "env" | "rateLimits" | "clock" | "business">;

/** The relying party: the RP ID (host name) and the origin of PUBLIC_URL. */
export function relyingParty(env: Pick<Env, "PUBLIC_URL">) {
  const url = new URL(env.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

type CookieEnv = Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">;

/**
 * The sign-in challenge's cookie: a random token (its SHA-256 stored with the challenge),
 * HttpOnly, signed, sent only to the admin's addresses (the login page's action is reached as
 * /admin/login and /admin/login.data), gone after PASSKEY_CHALLENGE_MS.
 */
function passkeyCookie(env: CookieEnv) {
  return createCookie(PASSKEY_COOKIE, {
    path: "/admin",
    httpOnly: true,
    sameSite: "strict",
    secure: isServedOverHttps(env),
    secrets: [env.SESSION_SECRET],
    maxAge: PASSKEY_CHALLENGE_MS / 1000,
  });
}

export function commitPasskeyCookie(env: CookieEnv, token: string): Promise<string> {
  return passkeyCookie(env).serialize(token);
}

export function clearPasskeyCookie(env: CookieEnv): Promise<string> {
  return passkeyCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function readPasskeyCookie(request: Request, env: CookieEnv): Promise<string | null> {
  const value = await passkeyCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

const actorOf = (user: SessionUser): AuditActor => ({ userId: user.userId, email: user.email });

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Whether `password` is the account's current one (argon2, as at sign-in). */
async function passwordMatches(db: AppServices["db"], userId: string, password: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? verifyPassword(row.passwordHash, password) : false;
}

async function deleteExpiredChallenges(db: AppServices["db"], now: Date) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}

/** The account's passkeys for the account page, oldest first. */
export async function listPasskeys(
  services: Pick<AppServices, "db">,
  user: Pick<SessionUser, "userId">,
): Promise<AccountPasskey[]> {
  return services.db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, user.userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export type RegistrationStart =
  | { kind: "options"; options: PublicKeyCredentialCreationOptionsJSON }
  | { kind: "wrong-password" }
  | { kind: "too-many-passkeys" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * "Add a passkey": the current password first (counted per account like a password change,
 * so a borrowed session can neither guess it nor plant a passkey), then the options for the
 * browser. The challenge replaces any earlier one of this session.
 */
export async function startPasskeyRegistration(
  services: Services,
  user: SessionUser,
  input: { currentPassword: string },
): Promise<RegistrationStart> {
  const { db, env, rateLimits } = services;
  const limit = await rateLimits.consume("passwordChangePerUser", user.userId);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (!(await passwordMatches(db, user.userId, input.currentPassword))) {
    return { kind: "wrong-password" };
  }
  await rateLimits.refund("passwordChangePerUser", user.userId);
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.userId));
  if (existing.length >= MAX_PASSKEYS) return { kind: "too-many-passkeys" };
  const { rpID } = relyingParty(env);
  const options = await generateRegistrationOptions({
    rpName: "Admin Portal",
    rpID,
    userName: user.email,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.userId)),
    attestationType: "none",
    // A discoverable credential, so "Use a passkey" needs no e-mail first.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports,
    })),
    timeout: PASSKEY_CHALLENGE_MS,
  });
  const now = services.clock();
  await db.transaction(async (tx) => {
    await deleteExpiredChallenges(tx, now);
    await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.sessionId, user.sessionId));
    await tx.insert(passkeyChallenges).values({
      purpose: "register",
      challenge: options.challenge,
      sessionId: user.sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS),
    });
  });
  return { kind: "options", options };
}

export type RegistrationFinish =
  | { kind: "added"; id: string }
  | { kind: "expired" }
  | { kind: "invalid" }
  | { kind: "duplicate" };

/**
 * The browser's answer to this session's challenge: verified against the challenge, the
 * origin and the RP ID, then stored with its audit record and the owner's e-mail in one
 * transaction. The challenge is spent whatever the answer.
 */
export async function finishPasskeyRegistration(
  services: Services,
  user: SessionUser,
  input: { name: string; response: SubmittedResponse; clientAddress: string },
): Promise<RegistrationFinish> {
  const { db, env } = services;
  const now = services.clock();
  const challenge = await takeChallenge(
    db,
    and(eq(passkeyChallenges.purpose, "register"), eq(passkeyChallenges.sessionId, user.sessionId)),
    now,
  );
  if (!challenge) return { kind: "expired" };
  const { rpID, origin } = relyingParty(env);
  let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] };
  try {
    const verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verification.verified) return { kind: "invalid" };
    credential = verification.registrationInfo.credential;
  } catch {
    return { kind: "invalid" };
  }
  const mail = await withBusinessDetails(services);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey as Uint8Array<ArrayBuffer>),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 8).map((t) => t.slice(0, 32)),
        name: input.name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (!row) return { kind: "duplicate" } as const;
    await recordPasskeyChange(tx, mail, user, {
      how: "added",
      name: input.name,
      clientAddress: input.clientAddress,
      at: now,
    });
    return { kind: "added", id: row.id } as const;
  });
}

/**
 * A passkey added or removed: audited and e-mailed to the account's owner in the change's
 * transaction (decision 036), so a passkey planted from a stolen session reaches their inbox.
 */
async function recordPasskeyChange(
  tx: AppServices["db"],
  env: MailEnv,
  user: SessionUser,
  change: { how: "added" | "removed"; name: string; clientAddress: string; at: Date },
) {
  await recordAudit(tx, actorOf(user), {
    action: change.how === "added" ? "user.passkey-add" : "user.passkey-remove",
    entity: "user",
    entityId: user.userId,
    details: { passkey: change.name },
  });
  await queueMessages(
    tx,
    passkeyChangedMessage(env, {
      to: user.email,
      at: change.at,
      clientAddress: change.clientAddress,
      how: change.how,
      name: change.name,
    }),
  );
}

/** Deletes the matching challenge and returns it when it was still valid (single use). */
async function takeChallenge(
  db: AppServices["db"],
  where: ReturnType<typeof and>,
  now: Date,
): Promise<string | null> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(where)
    .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt });
  const valid = taken.find((row) => row.expiresAt.getTime() > now.getTime());
  return valid?.challenge ?? null;
}

export async function renamePasskey(
  services: Pick<AppServices, "db">,
  user: SessionUser,
  input: { passkeyId: string; name: string },
): Promise<"renamed" | "not-found"> {
  return services.db.transaction(async (tx) => {
    const renamed = await tx
      .update(passkeys)
      .set({ name: input.name })
      .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, user.userId)))
      .returning({ id: passkeys.id });
    if (renamed.length === 0) return "not-found";
    await recordAudit(tx, actorOf(user), {
      action: "user.passkey-rename",
      entity: "user",
      entityId: user.userId,
      details: { passkey: input.name },
    });
    return "renamed";
  });
}

export type RemoveOutcome =
  | { kind: "removed" }
  | { kind: "not-found" }
  | { kind: "wrong-password" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Removes one of the account's passkeys. Needs the current password (decision 036): a
 * borrowed session cannot take away the owner's passkey. Audited and e-mailed in the change's
 * transaction.
 */
export async function removePasskey(
  services: Services,
  user: SessionUser,
  input: { passkeyId: string; currentPassword: string; clientAddress: string },
): Promise<RemoveOutcome> {
  const { db, rateLimits } = services;
  const limit = await rateLimits.consume("passwordChangePerUser", user.userId);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (!(await passwordMatches(db, user.userId, input.currentPassword))) {
    return { kind: "wrong-password" };
  }
  await rateLimits.refund("passwordChangePerUser", user.userId);
  const now = services.clock();
  const mail = await withBusinessDetails(services);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, user.userId)))
      .returning({ name: passkeys.name });
    if (!removed) return { kind: "not-found" } as const;
    await recordPasskeyChange(tx, mail, user, {
      how: "removed",
      name: removed.name,
      clientAddress: input.clientAddress,
      at: now,
    });
    return { kind: "removed" } as const;
  });
}

export type SignInStart =
  | { kind: "options"; token: string; options: PublicKeyCredentialRequestOptionsJSON }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * "Use a passkey": options for a discoverable credential (no e-mail asked), with a challenge
 * bound to a fresh random token the caller puts in an HttpOnly cookie.
 */
export async function startPasskeySignIn(
  services: Services,
  input: { clientAddress: string },
): Promise<SignInStart> {
  const { db, env, rateLimits } = services;
  const limit = await rateLimits.consume("passkeyChallengesPerAddress", input.clientAddress);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(env).rpID,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_MS,
  });
  const token = crypto.randomBytes(32).toString("base64url");
  const now = services.clock();
  await db.transaction(async (tx) => {
    await deleteExpiredChallenges(tx, now);
    await tx.insert(passkeyChallenges).values({
      purpose: "sign-in",
      challenge: options.challenge,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS),
    });
  });
  return { kind: "options", token, options };
}

export type PasskeySignInOutcome =
  | { kind: "signed-in"; userId: string; token: string }
  | { kind: "expired" }
  | { kind: "invalid" }
  | { kind: "denied" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * The browser's signed answer: counted against the address's sign-in budget first
 * (decision 006), the challenge spent, the credential looked up by its id, the signature,
 * origin, RP ID, user verification and counter checked. An admin gets a session exactly as
 * with a password (the browser's earlier session ends, User-Agent and address kept); a passkey
 * is two factors (something held, unlocked by something known or a biometric), so no further
 * step follows. Anyone else is denied and left signed out (docs/product.md §5.3).
 */
export async function finishPasskeySignIn(
  services: Services,
  input: {
    challengeToken: string | null;
    response: SubmittedResponse;
    clientAddress: string;
    previousToken?: string | null;
    userAgent?: string | null;
  },
): Promise<PasskeySignInOutcome> {
  const { db, env, rateLimits } = services;
  const limit = await rateLimits.consume("loginFailuresPerAddress", input.clientAddress);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const now = services.clock();
  if (!input.challengeToken) return { kind: "expired" };
  const challenge = await takeChallenge(
    db,
    and(
      eq(passkeyChallenges.purpose, "sign-in"),
      eq(passkeyChallenges.tokenHash, hashToken(input.challengeToken)),
    ),
    now,
  );
  if (!challenge) return { kind: "expired" };
  const [stored] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      adminId: adminUsers.id,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .leftJoin(adminUsers, eq(adminUsers.id, passkeys.userId))
    .where(eq(passkeys.credentialId, input.response.id))
    .limit(1);
  if (!stored) return { kind: "invalid" };
  const { rpID, origin } = relyingParty(env);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      // The library refuses a counter that did not grow when either side uses one.
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      },
    });
    if (!verification.verified) return { kind: "invalid" };
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    return { kind: "invalid" };
  }
  // A valid passkey: this attempt was no failure.
  await rateLimits.refund("loginFailuresPerAddress", input.clientAddress);
  // Counter and last use in one conditional step: two answers signed with the same counter
  // cannot both pass (the second finds the counter already moved).
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, stored.id),
        sql`(${passkeys.counter} = 0 and ${newCounter} = 0) or ${passkeys.counter} < ${newCounter}`,
      ),
    )
    .returning({ id: passkeys.id });
  if (updated.length === 0) return { kind: "invalid" };
  if (input.previousToken) await deleteSessionByToken(db, input.previousToken);
  if (!stored.adminId) return { kind: "denied" };
  const { token } = await createSession(db, stored.userId, new Date(), {
    userAgent: input.userAgent,
    clientAddress: input.clientAddress,
  });
  return { kind: "signed-in", userId: stored.userId, token };
}
