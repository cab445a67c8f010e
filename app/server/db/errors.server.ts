/*
 * Recognising PostgreSQL errors the same way on PGlite and on postgres.js: Drizzle wraps the
 * driver's error, whose `code` is the SQLSTATE.
 */

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23505: a unique index refused the row (e.g. a duplicate subscriber, docs/product.md §8.1). */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";

/**
 * A foreign key refused a delete. PostgreSQL 15 reports ON DELETE RESTRICT as 23503,
 * PostgreSQL 17 (PGlite) as 23001 (restrict_violation): both mean "still in use".
 */
export const isForeignKeyViolation = (error: unknown) =>
  ["23503", "23001"].includes(pgErrorCode(error) ?? "");

/** 23514: a check constraint refused the row. */
export const isCheckViolation = (error: unknown) => pgErrorCode(error) === "23514";

/** postgres.js's own codes for a connection it could not open or lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * The database could not be reached (refused, cut, timed out, shutting down or not yet
 * accepting connections), as opposed to a statement it refused: the same request may succeed
 * in a moment, so the visitor gets 503 and Retry-After (docs/deploy.md, "When PostgreSQL goes
 * away"). SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, cannot connect
 * now), 53300 (too many connections).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const state = pgErrorCode(error);
  if (state) return /^(08|57P0[1-3]|53300)/.test(state);
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
