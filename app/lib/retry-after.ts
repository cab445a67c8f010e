/**
 * A route's `headers` export for pages whose action may answer 429: the action's Retry-After
 * reaches the browser with the rendered page. A route's `headers` replaces the headers of
 * the routes above it, so those are passed on (React Router adds their cookies itself).
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
