/*
 * Whether a route's page may be kept by the page cache and shared by every visitor
 * (decision 011, decision 031). Each route a visitor can GET says so in its `handle`; the cache
 * reads the decision from the route table instead of a list of paths of its own.
 */

/**
 * - `"public"`: the same for every visitor until the catalogue changes (or its time is up):
 *   kept, with its `.data` request;
 * - `"personal"`: differs per visitor (a cart, a buyer's order, an unsubscribe link): never kept;
 * - `false`: not kept for another reason (a page not found, a form's own answer page, a
 *   resource that changes with every request).
 */
export type PageCacheDecision = "public" | "personal" | false;

export interface PageCacheHandle {
  pageCache: PageCacheDecision;
  /**
   * A public page with parameters is kept only for values that match these patterns (the
   * product page for a product id, not for every made-up address); others are rendered.
   */
  pageCacheParams?: Readonly<Record<string, RegExp>>;
}
