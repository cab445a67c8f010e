import { safeSitePath } from "../http/site-path.server.ts";

/** Where a signed-in admin lands when no (acceptable) page was remembered (docs/product.md §9). */
export const DEFAULT_ADMIN_PATH = "/admin/dashboard";

/**
 * Where to go after signing in: a same-site path ("/admin/orders?page=2"), never another
 * site (`safeSitePath`), and never the login or logout page itself.
 */
export function safeRedirectPath(
  target: string | null | undefined,
  fallback = DEFAULT_ADMIN_PATH,
): string {
  const path = safeSitePath(target, fallback);
  const pathname = new URL(path, "http://same-site.invalid").pathname;
  return pathname === "/admin/login" || pathname === "/admin/logout" ? fallback : path;
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
