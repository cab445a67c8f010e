/*
 * Addresses that carry a secret (capability URLs) must not reach the logs whole: an
 * unsubscribe link holds the subscriber's e-mail (base64) and a working signature, so a log
 * line would both disclose the address and let its reader unsubscribe it. The path keeps its
 * shape, so the logs still say which page was asked for.
 */

/** The secret segment of each capability URL, wherever it appears (a query may quote one). */
const SECRET_SEGMENT = /(\/newsletter\/unsubscribe\/)[^/?#&\s]+?(\.data)?(?=[/?#&\s]|$)/gi;

export const REDACTED = "[redacted]";

/** A request URL (path and query) or path, safe to log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, (_match, prefix: string, data: string | undefined) => {
    return `${prefix}${REDACTED}${data ?? ""}`;
  });
}
