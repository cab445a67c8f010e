import pino from "pino";

/*
 * What the server logs must not hold (decision 010: no secrets or passwords in logs; POPIA: no
 * more personal data than needed).
 *
 * Addresses that carry a secret (capability URLs) must not reach the logs whole: an
 * unsubscribe link holds the subscriber's e-mail (base64) and a working signature, so a log
 * line would both disclose the address and let its reader unsubscribe it; a buyer's order
 * page (/orders/<token>, decision 014) would let its reader see the order, and a password
 * reset link (/admin/reset-password/<token>, decision 034) set the account's password, and a
 * newsletter confirmation link (/newsletter/confirm/<token>) subscribe someone. The path keeps its
 * shape, so the logs still say which page was asked for. (/admin/orders/<id> is no secret.)
 */

/**
 * The secret segment of each capability URL, wherever it appears (a query may quote one, and
 * React Router's /__manifest lists paths separated by commas).
 */
const SECRET_SEGMENT =
  /(\/newsletter\/unsubscribe\/|\/newsletter\/confirm\/|\/admin\/reset-password\/|(?<!\/admin)\/orders\/)[^/?#&,\s"'\\]+?(\.data)?(?=[/?#&,\s"'\\]|$)/gi;

export const REDACTED = "[redacted]";

/** A request URL (path and query) or path, safe to log, as long as it is not encoded. */
export function redactUrl(url: string): string {
  const plain = url.replace(SECRET_SEGMENT, (_match, prefix: string, data: string | undefined) => {
    return `${prefix}${REDACTED}${data ?? ""}`;
  });
  // The router decodes what the log does not: /%6Frders/<token> is the order page, and
  // /__manifest?paths=%2Forders%2F<token> names it. Such an address is logged decoded and
  // redacted; every other address exactly as it came.
  if (!plain.includes("%")) return plain;
  const decoded = fullyDecoded(plain);
  const redacted = decoded.replace(SECRET_SEGMENT, (_match, prefix: string, data?: string) => {
    return `${prefix}${REDACTED}${data ?? ""}`;
  });
  return redacted === decoded ? plain : redacted;
}

/**
 * `text` with its percent-escapes decoded until none is left (at most a few rounds: a double
 * encoding is still an address someone may decode). A malformed escape stays as it is.
 */
function fullyDecoded(text: string): string {
  let current = text;
  for (let round = 0; round < 4 && current.includes("%"); round++) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        // Not UTF-8 as a whole: each escape on its own, as the byte it names.
        return run.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Whether a log line may name a capability URL at all (most lines cannot). */
const MAY_HOLD_SECRET = /orders|unsubscribe|confirm|%/i;

/**
 * Every line the server logs, as pino is about to write it (its `streamWrite` hook): each
 * string in it (a request's URL, a 404's path, an error's message or stack) redacted as
 * `redactUrl` does, after decoding. Lines that cannot hold such an address pass as they are.
 */
export function redactLogLine(line: string): string {
  if (!MAY_HOLD_SECRET.test(line)) return line;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return redactUrl(line);
  }
  const redacted = redactStrings(entry, 0);
  return `${JSON.stringify(redacted)}${line.endsWith("\n") ? "\n" : ""}`;
}

function redactStrings(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactUrl(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, redactStrings(item, depth + 1)]),
  );
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
