import crypto from "node:crypto";
import { buildGzipTemplate, type GzipTemplate, gzipFromTemplate } from "./spliced-gzip.server.ts";

/*
 * Public pages rendered once and served from memory until the catalogue changes (decision 011,
 * docs/decisions/011-page-cache.md). A page is rendered with placeholders where each
 * response must differ — the CSP nonce and the anti-spam form stamp — and every response
 * gets its own values in their place.
 */

/** Public pages whose content changes only when an admin edits the catalogue (or daily). */
const CACHEABLE_PATH =
  /^\/(?:|_\.data|(?:digital|hardware|crafts|contact|privacy|terms|sitemap)(?:\.data)?|products\/[0-9a-fA-F-]{36}(?:\.data)?|sitemap\.xml|robots\.txt)$/;

/** Cookies that make a page personal: a signed-in admin, a flashed notice. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?(?:en_session|en_toast)=/;

export function isCacheableRequest(request: {
  method: string;
  path: string;
  cookie: string | undefined;
}): boolean {
  if (request.method !== "GET") return false;
  if (request.cookie && PERSONAL_COOKIE.test(request.cookie)) return false;
  return CACHEABLE_PATH.test(request.path);
}

/** The query parameters a cacheable page reads; /crafts filters by `category`. */
const PAGE_PARAMETERS = new Set(["category"]);
/** React Router's own parameter on data requests: which routes' loaders to run. */
const DATA_PARAMETERS = new Set(["_routes"]);

/**
 * The cache key of a cacheable request, which is also the URL it is rendered from: the path
 * and only the parameters the page reads, in a fixed order. `/?utm_source=x` is `/`, so
 * links with tracking tags, or a flood of made-up query strings, are served from the cache
 * instead of each rendering the page again.
 */
export function pageCacheKey(path: string, search: string): string {
  const kept = [...new URLSearchParams(search)]
    .filter(
      ([name]) =>
        PAGE_PARAMETERS.has(name) || (path.endsWith(".data") && DATA_PARAMETERS.has(name)),
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${path}?${new URLSearchParams(kept)}` : path;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

export interface Placeholders {
  nonce: string;
  formStamp: string;
}

/** How long a page may be served before it is rendered again (the legal pages show today). */
export const PAGE_TTL_MS = 60_000;
/**
 * How long past its time a page is still kept, to be served when rendering it again fails (the
 * database is unreachable, docs/deploy.md "When PostgreSQL goes away"): a page a minute old
 * beats an error page. A catalogue change still empties the cache at once.
 */
export const PAGE_STALE_MS = 60 * 60_000;
/** After a failed render, a stale page is served this long before the next attempt. */
export const STALE_RETRY_MS = 5_000;
/** At most this many pages (each /crafts filter is a key; memory stays bounded). */
export const PAGE_CACHE_ENTRIES = 500;
/** Pages larger than this are not kept. */
const MAX_BODY_BYTES = 512 * 1024;
/** Smaller pages are not worth compressing (the compression middleware's threshold). */
const MIN_GZIP_BYTES = 1024;

export class PageCache {
  /** Random per process, so no stored text can contain them by chance or by design. */
  readonly placeholders: Placeholders = {
    nonce: `csp${crypto.randomBytes(12).toString("hex")}`,
    formStamp: `stamp${crypto.randomBytes(12).toString("hex")}`,
  };
  #entries = new Map<string, { page: CachedPage; storedAt: number; retryAt?: number }>();
  /** Each stored page compressed once (null: it cannot be), made on its first gzip response. */
  #gzipTemplates = new WeakMap<CachedPage, GzipTemplate | null>();
  #generation = 0;

  constructor(
    private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {}

  get size() {
    return this.#entries.size;
  }

  /** Changes whenever the cache is cleared: a render that began earlier is not stored. */
  get generation() {
    return this.#generation;
  }

  /** The page while it is fresh (its time, and its Expires, not past). */
  get(key: string): CachedPage | undefined {
    const found = this.lookup(key);
    return found?.fresh ? found.page : undefined;
  }

  /**
   * The page, fresh or stale: a stale one (past its time, within PAGE_STALE_MS) is to be
   * rendered again, and served only if that fails (`serveStale`); `retryLater` is true while a
   * recent render failed, and the stale page is served without trying again.
   */
  lookup(key: string): { page: CachedPage; fresh: boolean; retryLater: boolean } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    const expires = pageExpiresAt(entry.page);
    const ttlEnd = entry.storedAt + (this.options.ttlMs ?? PAGE_TTL_MS);
    const fresh = now <= ttlEnd && (expires === null || now < expires);
    if (now - Math.min(ttlEnd, expires ?? ttlEnd) > PAGE_STALE_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    // Most recently used last: the first key is the one to evict.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { page: entry.page, fresh, retryLater: !fresh && (entry.retryAt ?? 0) > now };
  }

  /**
   * Rendering the stale page at `key` again failed: it is served as it is, and not rendered
   * again for STALE_RETRY_MS (during an outage, each attempt may wait for the database).
   */
  serveStale(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.retryAt = this.#now() + STALE_RETRY_MS;
    return entry.page;
  }

  /** Keeps a rendered page if it is a plain success rendered since the last clear. */
  set(key: string, page: CachedPage, renderedInGeneration: number): boolean {
    const max = this.options.maxEntries ?? PAGE_CACHE_ENTRIES;
    if (max === 0 || renderedInGeneration !== this.#generation) return false;
    if (page.status !== 200 || page.body.length > MAX_BODY_BYTES) return false;
    const headers = new Map(page.headers.map(([name, value]) => [name.toLowerCase(), value]));
    if (headers.has("set-cookie")) return false;
    if (/no-store|private/.test(headers.get("cache-control") ?? "")) return false;
    this.#entries.delete(key);
    this.#entries.set(key, { page, storedAt: this.#now() });
    while (this.#entries.size > max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return true;
  }

  clear() {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** The page for one response: this response's nonce and form stamp in place. */
  personalise(page: CachedPage, values: Placeholders): string {
    return page.body
      .replaceAll(this.placeholders.nonce, values.nonce)
      .replaceAll(this.placeholders.formStamp, values.formStamp);
  }

  /**
   * `personalise`'s text gzipped, from the page's pieces compressed once (decision 024): a
   * cached response costs no compression. Null when the page has no such template (too
   * small, or it could not be proven) or the values are not of the lengths it was made for;
   * the caller then sends `personalise`'s text, compressed as any response.
   */
  personaliseGzip(page: CachedPage, values: Placeholders): Buffer | null {
    let template = this.#gzipTemplates.get(page);
    if (template === undefined) {
      template =
        page.body.length < MIN_GZIP_BYTES
          ? null
          : buildGzipTemplate(
              page.body,
              [this.placeholders.nonce, this.placeholders.formStamp],
              [Buffer.byteLength(values.nonce), Buffer.byteLength(values.formStamp)],
            );
      this.#gzipTemplates.set(page, template);
    }
    return template && gzipFromTemplate(template, [values.nonce, values.formStamp]);
  }

  #now() {
    return this.options.now?.() ?? Date.now();
  }
}

/** What a cached public page tells browsers and CDNs: revalidate, and a CDN may keep it. */
export const PUBLIC_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const SHARED_MAX_AGE_S = 60;
const STALE_WHILE_REVALIDATE_S = 300;

/**
 * A page that changes by itself at a known moment (a seasonal category begins or ends)
 * says so with `Expires`: the cache keeps it no longer, and tells CDNs to keep it no
 * longer either (decision 014).
 */
export function expiresHeader(at: Date | null): Record<string, string> {
  return at ? { Expires: at.toUTCString() } : {};
}

/** When a rendered page stops being true (its Expires header), or null: not by itself. */
export function pageExpiresAt(page: Pick<CachedPage, "headers">): number | null {
  const value = page.headers.find(([name]) => name.toLowerCase() === "expires")?.[1];
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/**
 * The Cache-Control of a cached public page with `expiresAt` (ms) ahead, at `now`: a CDN keeps
 * it and serves it stale only until then.
 */
export function publicCacheControl(expiresAt: number | null, now: number): string {
  if (expiresAt === null) return PUBLIC_PAGE_CACHE_CONTROL;
  const left = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const shared = Math.min(SHARED_MAX_AGE_S, left);
  const stale = Math.min(STALE_WHILE_REVALIDATE_S, left - shared);
  return stale > 0
    ? `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${stale}`
    : `public, max-age=0, s-maxage=${shared}`;
}
/**
 * A stale page served while rendering it fails: browsers do not keep it, a CDN only briefly,
 * so the fresh page replaces it soon after the database is back.
 */
export const STALE_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10";
/** Everything else rendered by the app: personal or changing, never stored. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
