/*
 * The names of the cookies the site sets, in one place: the session storage, the toast storage
 * and the page cache (which never serves a stored page to a request carrying one of them,
 * decision 011) read them here, so a renamed cookie cannot leave the cache behind.
 */

/** A signed-in admin's session (decision 006). */
export const SESSION_COOKIE = "en_session";
/**
 * A sign-in whose password was right and whose two-step code is still to come
 * (docs/product.md §3.15): no session, only the pending sign-in's token.
 */
export const TWO_STEP_COOKIE = "en_two_step";
/** A notice flashed across a redirect (`toast.server.ts`). */
export const TOAST_COOKIE = "en_toast";
/** A "Use a passkey" challenge's token, sent to the login page only (decision 036). */
export const PASSKEY_COOKIE = "en_passkey";
/**
 * The prefix a cookie's name gets over https: browsers accept it only from a secure page, with
 * Path=/ and no Domain.
 */
export const HOST_COOKIE_PREFIX = "__Host-";

/** Cookies that make a page personal: a request with one is never served a stored page. */
export const PERSONAL_COOKIES = [SESSION_COOKIE, TOAST_COOKIE, TWO_STEP_COOKIE] as const;
