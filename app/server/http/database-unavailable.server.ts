import { data } from "react-router";
import { isDatabaseUnreachable } from "../db/errors.server.ts";

/*
 * A page that needs the database while it cannot be reached answers 503 with Retry-After and
 * says so (docs/deploy.md, "When PostgreSQL goes away"), instead of the 500 "Something went
 * wrong on our side" of an unexpected error: nothing is wrong with the request, and the same
 * request will work once the database is back.
 */

/** Seconds a visitor (or a crawler) is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 30;

export const DATABASE_UNAVAILABLE_HEADERS = {
  "Retry-After": String(DATABASE_RETRY_AFTER_S),
  "Cache-Control": "no-store",
} as const;

/** What the error boundaries read: the route error's data when the database is unreachable. */
export const DATABASE_UNAVAILABLE = "database-unavailable";

/**
 * The error to throw for `error`: a 503 route error response when the database could not be
 * reached (error boundaries then say so), the error itself otherwise. `promise.catch(...)`:
 *   await getSessionUser(db, token).catch(throwAsUnavailable)
 */
export function throwAsUnavailable(error: unknown): never {
  if (isDatabaseUnreachable(error)) {
    throw data(DATABASE_UNAVAILABLE, { status: 503, headers: DATABASE_UNAVAILABLE_HEADERS });
  }
  throw error;
}
