import { createCookieSessionStorage, redirect } from "react-router";
import { type Toast, type ToastInput, ToastSchema } from "#app/lib/toast.ts";
import { type Env, isServedOverHttps } from "../env.server.ts";
import { TOAST_COOKIE } from "./cookie-names.server.ts";

/*
 * Flash toasts across a redirect (post/redirect/get): the action sets a signed cookie, the
 * next page's root loader reads it once and clears it. Works without JavaScript too.
 */

const TOAST_KEY = "toast";
type ToastStorage = ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>
>;
/** What the toast cookie needs: its signing secret, and whether the site is https. */
export type ToastCookieEnv = Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">;
const storages = new Map<string, ToastStorage>();

function toastStorage(env: ToastCookieEnv) {
  const key = `${env.SESSION_SECRET}|${env.PUBLIC_URL}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: TOAST_COOKIE,
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secrets: [env.SESSION_SECRET],
        // Over https never sent on a plain http request, where it could be read or planted.
        secure: isServedOverHttps(env),
      },
    });
    storages.set(key, storage);
  }
  return storage;
}

export async function createToastHeaders(env: ToastCookieEnv, input: ToastInput): Promise<Headers> {
  const storage = toastStorage(env);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(input));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(
  env: ToastCookieEnv,
  url: string,
  input: ToastInput,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(env, input)).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the flashed toast. Returns headers that clear it. */
export async function getToast(
  env: ToastCookieEnv,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = toastStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const raw = session.get(TOAST_KEY);
  if (raw === undefined) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
