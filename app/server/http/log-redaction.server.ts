import pino from "pino";

/*
 * What the server logs must not hold (issue 9: no secrets or passwords in logs; POPIA: no
 * more personal data than needed).
 *
 * Addresses that carry a secret (capability URLs) must not reach the logs whole: an
 * unsubscribe link holds the subscriber's e-mail (base64) and a working signature, so a log
 * line would both disclose the address and let its reader unsubscribe it; a buyer's order
 * page (/orders/<token>, issue 19) would let its reader see the order. The path keeps its
 * shape, so the logs still say which page was asked for. (/admin/orders/<id> is no secret.)
 */

/** The secret segment of each capability URL, wherever it appears (a query may quote one). */
const SECRET_SEGMENT =
  /(\/newsletter\/unsubscribe\/|(?<!\/admin)\/orders\/)[^/?#&\s]+?(\.data)?(?=[/?#&\s]|$)/gi;

export const REDACTED = "[redacted]";

/** A request URL (path and query) or path, safe to log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, (_match, prefix: string, data: string | undefined) => {
    return `${prefix}${REDACTED}${data ?? ""}`;
  });
}

/**
 * A failed query's error names the query and its values (drizzle's "Failed query: … params:
 * …"): the values are what people typed (names, e-mails, messages) or hashes. The query and
 * the database's own message say what went wrong; the values are left out.
 */
function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  if (typeof query !== "string" || !Array.isArray(params)) return error;
  const message = `Failed query: ${query}\nparams: [${params.length} left out]`;
  const safe = new Error(message, { cause: error.cause });
  safe.name = error.name;
  safe.stack = error.stack?.includes(error.message)
    ? error.stack.replace(error.message, message)
    : `${error.name}: ${message}`;
  return Object.assign(safe, { query });
}

/** pino's `err` serializer, without the values of a failed query. */
export function serializeLoggedError(error: unknown) {
  const safe = withoutQueryValues(error);
  const serialized = pino.stdSerializers.err(safe as Error);
  // The type names the original class (DrizzleQueryError), not the stand-in.
  if (safe !== error && error instanceof Error) serialized.type = error.constructor.name;
  return serialized;
}
