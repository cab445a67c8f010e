import { type RouterContextProvider, redirect } from "react-router";
import { getServices } from "../context.server.ts";
import { throwAsUnavailable } from "../http/database-unavailable.server.ts";
import { createToastHeaders } from "../http/toast.server.ts";
import { requestedPath } from "./redirect.server.ts";
import {
  clearSessionCookie,
  deleteSession,
  getSessionUser,
  readSessionToken,
  type SessionUser,
  sessionCookieName,
} from "./session.server.ts";
import { hasTwoStepSignIn } from "./two-step.server.ts";

/** docs/product.md §8.2 "Not an admin" (toast 'Access Denied'). */
export const ACCESS_DENIED_TOAST = {
  title: "Access Denied",
  description: "You are not an admin user. Please request access from an admin of the system.",
  type: "destructive",
} as const;

type Context = Readonly<RouterContextProvider>;

// One lookup per request: the layout's and the page's loaders run in parallel, and both must
// see the same answer (otherwise one could find the session the other just ended).
const lookups = new WeakMap<object, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null (unknown, expired or missing cookie). */
export function getSessionUserFromRequest(
  request: Request,
  context: Context,
): Promise<SessionUser | null> {
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = (async () => {
      const { db, env } = getServices(context);
      const token = await readSessionToken(request, env);
      // Every admin page and action starts here: with the database unreachable, they answer
      // 503 with a page that says so, not a 500 (docs/deploy.md, "When PostgreSQL goes away").
      return token ? getSessionUser(db, token).catch(throwAsUnavailable) : null;
    })();
    lookups.set(context, lookup);
  }
  return lookup;
}

/**
 * The guard that starts every admin loader and action (docs/product.md §5.3, enforced on
 * the server). An anonymous visitor is redirected to the login page, which remembers the
 * page; a signed-in non-admin is signed out and sent there with the denial notice. Thrown
 * redirects also end data requests (`*.data`) before any data is read or written.
 */
export async function requireAdmin(request: Request, context: Context): Promise<SessionUser> {
  const user = await getSessionUserFromRequest(request, context);
  if (!user) {
    const { env } = getServices(context);
    const headers = new Headers();
    // A stale or forged cookie is dropped, so the browser stops sending it.
    if (request.headers.get("Cookie")?.includes(`${sessionCookieName(env)}=`)) {
      headers.append("Set-Cookie", await clearSessionCookie(env));
    }
    const redirectTo = requestedPath(request);
    throw redirect(`/admin/login?${new URLSearchParams({ redirectTo })}`, { headers });
  }
  if (!user.isAdmin) throw await signOutDenied(context, user);
  await requireTwoStepSetUp(request, context, user);
  return user;
}

/**
 * The pages an admin without two-step sign-in may open while REQUIRE_ADMIN_2FA holds
 * (docs/product.md §3.15): the account page, where it is set up (its `.data` too). Sign Out
 * and the sign-in pages do not go through the guard.
 */
const SET_UP_PATHS = new Set(["/admin/account", "/admin/account.data"]);

const twoStepChecks = new WeakMap<object, Promise<boolean>>();

/**
 * docs/product.md §3.15, the owner's policy: with REQUIRE_ADMIN_2FA, an admin without
 * two-step sign-in is sent to the account page to turn it on before any other admin page,
 * data request or action. One lookup per request, like the session's.
 */
async function requireTwoStepSetUp(request: Request, context: Context, user: SessionUser) {
  const { db, env } = getServices(context);
  if (!env.REQUIRE_ADMIN_2FA) return;
  if (SET_UP_PATHS.has(new URL(request.url).pathname.replace(/\/$/, ""))) return;
  let check = twoStepChecks.get(context);
  if (!check) {
    check = hasTwoStepSignIn(db, user.userId).catch(throwAsUnavailable);
    twoStepChecks.set(context, check);
  }
  if (await check) return;
  throw redirect("/admin/account#two-step", {
    headers: await createToastHeaders(env, {
      title: "Two-step sign-in is required",
      description: "Turn on two-step sign-in to use the other admin pages.",
      type: "destructive",
    }),
  });
}

/** Signs a non-admin out and answers with the redirect to the login page and its notice. */
export async function signOutDenied(context: Context, user: SessionUser): Promise<Response> {
  const { db, env } = getServices(context);
  await deleteSession(db, user.sessionId);
  const headers = await createToastHeaders(env, ACCESS_DENIED_TOAST);
  headers.append("Set-Cookie", await clearSessionCookie(env));
  return redirect("/admin/login", { headers });
}
