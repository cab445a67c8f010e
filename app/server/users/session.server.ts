import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { adminUsers, sessions, users } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { type Env, isServedOverHttps } from "../env.server.ts";
import { HOST_COOKIE_PREFIX, SESSION_COOKIE } from "../http/cookie-names.server.ts";

/*
 * Database-backed sessions (docs/decisions/006-admin-sessions-and-guards.md).
 * The cookie holds an opaque random token; the sessions row holds only its SHA-256, so a
 * leaked table cannot be replayed. Sliding expiry: a session ends after SESSION_IDLE_MS
 * without use, and never lives longer than SESSION_MAX_AGE_MS after sign-in.
 */

/** Signed out after 8 hours without a request (an admin's working day). */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Signed out 7 days after sign-in however active (the cookie's own lifetime). */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Renewing writes at most once a minute per session, not on every request. */
const RENEW_AFTER_MS = 60 * 1000;

/**
 * The session cookie's name: over https with the `__Host-` prefix, which browsers accept only
 * from a secure page, with Path=/ and no Domain, so neither a sibling subdomain nor a plain
 * http page can set or overwrite it.
 */
export function sessionCookieName(env: Pick<Env, "PUBLIC_URL">): string {
  return isServedOverHttps(env) ? `${HOST_COOKIE_PREFIX}${SESSION_COOKIE}` : SESSION_COOKIE;
}

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** The session cookie: HttpOnly, SameSite=Lax, Secure and `__Host-` over https. */
export function sessionCookie(env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">) {
  const key = `${env.SESSION_SECRET}|${env.PUBLIC_URL}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(sessionCookieName(env), {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: isServedOverHttps(env),
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_MAX_AGE_MS / 1000,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

export function hashSessionToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export interface SessionUser {
  /** The sessions row id (the token's hash). */
  sessionId: string;
  userId: string;
  email: string;
  isAdmin: boolean;
}

/** Where a session was started from, for the account page's list (docs/product.md §3.13). */
export interface SessionOrigin {
  userAgent?: string | null;
  clientAddress?: string | null;
}

/** Longer User-Agent strings are cut: they are shown, never parsed for a rule. */
const USER_AGENT_MAX = 512;

/** A new session for the user; returns the token for the cookie. */
export async function createSession(
  db: Database,
  userId: string,
  now = new Date(),
  origin: SessionOrigin = {},
) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    id: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) || null,
    clientAddress: origin.clientAddress || null,
  });
  return { token, expiresAt };
}

/**
 * The user behind a cookie token, or null when the session is unknown or expired (an expired
 * row is deleted). Renews the idle expiry while in use, capped at the absolute maximum.
 */
export async function getSessionUser(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SessionUser | null> {
  const id = hashSessionToken(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      email: users.email,
      adminId: adminUsers.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= RENEW_AFTER_MS) {
    const hardLimit = row.createdAt.getTime() + SESSION_MAX_AGE_MS;
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, hardLimit));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    isAdmin: row.adminId !== null,
  };
}

export async function deleteSessionByToken(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Housekeeping: drops expired rows (also done lazily when an expired cookie comes back). */
export async function deleteExpiredSessions(db: Database, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function countSessions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId)));
  return row?.n ?? 0;
}

/** The raw token from the request's cookie (null when absent or its signature is wrong). */
export async function readSessionToken(
  request: Request,
  env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">,
): Promise<string | null> {
  const value = await sessionCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function commitSessionCookie(
  env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">,
  token: string,
): Promise<string> {
  return sessionCookie(env).serialize(token);
}

export function clearSessionCookie(env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">) {
  return sessionCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}
