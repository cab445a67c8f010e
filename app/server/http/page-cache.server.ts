import crypto from "node:crypto";
import { matchRoutes, type ServerBuild } from "react-router";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { HOST_COOKIE_PREFIX, PERSONAL_COOKIES } from "./cookie-names.server.ts";
import { buildGzipTemplate, type GzipTemplate, gzipFromTemplate } from "./spliced-gzip.server.ts";

/*
 * Public pages rendered once and served from memory until the catalogue changes (decision 011,
 * docs/decisions/011-page-cache.md). A page is rendered with placeholders where each
 * response must differ — the CSP nonce and the anti-spam form stamp — and every response
 * gets its own values in their place.
 */

/** Cookies that make a page personal: a signed-in admin, a flashed notice (over https or not). */
const PERSONAL_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:${escapeRegExp(HOST_COOKIE_PREFIX)})?(?:${PERSONAL_COOKIES.map(escapeRegExp).join("|")})=`,
);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether a path (`/crafts`, `/crafts.data`, `/_.data`) is a page the cache may keep. */
export type CacheablePath = (path: string) => boolean;

/** React Router's route table as its server build exports it (`build.routes`). */
export type RouteTable = ServerBuild["routes"];

interface CacheRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: CacheRoute[];
}

/** A route that declares its page public, as a pattern of its full path. */
interface PublicRoute {
  id: string;
  /** Its full path spelled exactly (`/products/([^/]+)`), no other case or trailing slash. */
  pattern: RegExp;
  paramNames: string[];
  pageCacheParams: Readonly<Record<string, RegExp>>;
  /** A page (a component), whose data React Router serves at `<path>.data`; not a resource. */
  page: boolean;
}

/** Paths whose route was looked up, kept for the next request (bounded: emptied when full). */
const LEAVES_KEPT = 1_000;

/**
 * Which paths are cacheable, from the decision each route declares in its `handle`
 * (`pageCache: "public"`, decision 031): the path, spelled as its route spells it (no other
 * case or trailing slash), is that of a public route, its parameters as written match the
 * route's `pageCacheParams`, and React Router's own matching picks that route for it. A page's
 * data request (`/crafts.data`, `/_.data` for `/`) is cacheable with its page; a resource route
 * has none.
 */
export function cacheablePathsOf(routes: RouteTable): CacheablePath {
  const byParent = new Map<string | undefined, CacheRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node: CacheRoute = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    };
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(node);
    byParent.set(route.parentId, siblings);
  }
  const publicRoutes: PublicRoute[] = [];
  const attach = (nodes: CacheRoute[], parentSegments: string[]): CacheRoute[] =>
    nodes.map((node) => {
      const segments = [...parentSegments, ...(node.path ? node.path.split("/") : [])];
      const children = byParent.get(node.id);
      const route = routes[node.id];
      const handle = route?.module.handle as Partial<PageCacheHandle> | undefined;
      if (!children && handle?.pageCache === "public") {
        const paramNames: string[] = [];
        const source = segments.map((segment) => {
          if (segment === "*" || segment.startsWith(":")) {
            paramNames.push(segment === "*" ? "*" : segment.slice(1));
            return segment === "*" ? "(.*)" : "([^/]+)";
          }
          return escapeRegExp(segment);
        });
        publicRoutes.push({
          id: node.id,
          pattern: new RegExp(`^/${source.join("/")}$`),
          paramNames,
          pageCacheParams: handle.pageCacheParams ?? {},
          page: route?.module.default !== undefined,
        });
      }
      return children ? { ...node, children: attach(children, segments) } : node;
    });
  const tree = attach(byParent.get(undefined) ?? [], []) as Parameters<typeof matchRoutes>[0];

  // React Router's matching ranks every route on each call (milliseconds on a busy machine):
  // a public page's path is matched once, not on each of its hits.
  const leaves = new Map<string, string | undefined>();
  const leafOf = (pagePath: string) => {
    if (leaves.has(pagePath)) return leaves.get(pagePath);
    const leaf = matchRoutes(tree, pagePath)?.at(-1)?.route.id;
    if (leaves.size >= LEAVES_KEPT) leaves.clear();
    leaves.set(pagePath, leaf);
    return leaf;
  };

  return (path) => {
    const data = path.endsWith(".data");
    const pagePath = path === "/_.data" ? "/" : data ? path.slice(0, -".data".length) : path;
    // `/_.data` is the only data request of `/` (React Router's spelling); `/.data` is none.
    if (data && path !== "/_.data" && pagePath.endsWith("/")) return false;
    for (const route of publicRoutes) {
      const found = route.pattern.exec(pagePath);
      if (!found || (data && !route.page)) continue;
      const params = new Map(route.paramNames.map((name, i) => [name, found[i + 1] ?? ""]));
      const allowed = Object.entries(route.pageCacheParams).every(([name, pattern]) =>
        pattern.test(params.get(name) ?? ""),
      );
      // A more specific route (`/products/new` beside `/products/:id`) wins, as in React Router.
      if (allowed && leafOf(pagePath) === route.id) return true;
    }
    return false;
  };
}

/**
 * Whether a request may be answered from the cache: a GET of a page the routes declare public
 * (`cacheablePathsOf`), without a cookie that makes it personal.
 */
export function isCacheableRequest(
  request: { method: string; path: string; cookie: string | undefined },
  cacheablePath: CacheablePath,
): boolean {
  if (request.method !== "GET") return false;
  if (request.cookie && PERSONAL_COOKIE.test(request.cookie)) return false;
  return cacheablePath(request.path);
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
