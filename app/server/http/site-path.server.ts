/*
 * Redirect targets taken from a request (after sign-in, after a newsletter form without
 * JavaScript) must stay on this site: only a path, never another host.
 */

const BASE = "http://same-site.invalid";

/**
 * `target` as a same-site path ("/admin/orders?page=2#top"), or `fallback`. The path is
 * checked as it will be sent, after URL normalisation: "/.//evil.example", "/..//evil" and
 * "/%2e//evil" all normalise to "//evil…", which a browser follows to another host.
 */
export function safeSitePath(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/")) return fallback;
  // Browsers treat "\" like "/" ("/\evil" is protocol-relative) and drop tabs and newlines.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
