/** Where a signed-in admin lands when no (acceptable) page was remembered (spec §9). */
export const DEFAULT_ADMIN_PATH = "/admin/dashboard";

/**
 * Only same-site relative paths may be redirect targets: "/admin/orders?page=2" is fine;
 * "//evil.example", "https://evil.example", "/\\evil.example" and anything with control
 * characters are refused, so the login page cannot be used as an open redirect.
 */
export function safeRedirectPath(
  target: string | null | undefined,
  fallback = DEFAULT_ADMIN_PATH,
): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // Browsers treat "\" like "/" ("/\evil" is protocol-relative) and drop tabs and newlines.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const base = "http://same-site.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    // Never bounce back to the login or logout pages themselves.
    if (url.pathname === "/admin/login" || url.pathname === "/admin/logout") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The page a request was for, as a redirect target (data requests map to their page). */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  // React Router data requests: "/admin/orders.data", or "/admin/orders/_.data" for a
  // trailing slash; the page to come back to is the page itself.
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname || "/"}${search ? `?${search}` : ""}`;
}
