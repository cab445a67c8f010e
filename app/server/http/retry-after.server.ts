import type { HeadersFunction } from "react-router";

/*
 * A rate limit answers 429 with a Retry-After header (decision 010). An action's headers reach the
 * response only through its route's `headers` export, so every route whose action can be
 * rate-limited exports this one. The parents' headers pass through as they would without it.
 */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
