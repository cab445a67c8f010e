/**
 * A route's `headers` export for pages whose action may answer 429: the action's Retry-After
 * reaches the browser with the rendered page. A route's `headers` replaces what the routes
 * above it set, so theirs (e.g. the root's Set-Cookie clearing a flashed notice) are kept.
 */
export function retryAfterHeaders({
  parentHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
