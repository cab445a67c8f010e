import type { Response as ExpressResponse, RequestHandler } from "express";
import type { Logger } from "pino";
import { createFormStamp } from "./honeypot.server.ts";
import {
  type CacheablePath,
  type CachedPage,
  isCacheableRequest,
  type PageCache,
  PRIVATE_CACHE_CONTROL,
  pageCacheKey,
  pageExpiresAt,
  publicCacheControl,
  STALE_PAGE_CACHE_CONTROL,
} from "./page-cache.server.ts";
import { addressKey } from "./rate-limit.server.ts";
import type { RequestInfo } from "./request-info.server.ts";

type Render = (request: Request, requestInfo: RequestInfo) => Promise<Response>;

/** Headers of a rendered page that are per response, or recomputed when sending. */
const NOT_REPLAYED = new Set(["content-length", "set-cookie", "cache-control", "date", "expires"]);

/**
 * Gives the response `value` as its Cache-Control when its headers go out, unless whatever
 * answered set one of its own (React Router's route manifest is `immutable`, exports and
 * refusals are `no-store`). Set beforehand, both would be sent, and could contradict.
 */
function defaultCacheControl(res: ExpressResponse, value: string) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", value);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * Serves cacheable public pages from the page cache, rendering them on a miss; everything
 * else the app answers is `private, no-store` unless it says otherwise. Static files never
 * reach this.
 */
export function pageCacheMiddleware(options: {
  cache: PageCache;
  /** The pages the routes declare public (`cacheablePathsOf` the build's route table). */
  cacheablePath: CacheablePath;
  render: Render;
  secret: string;
  logger: Logger;
}): RequestHandler {
  const { cache, cacheablePath, render, secret } = options;
  return async (req, res, next) => {
    const request = { method: req.method, path: req.path, cookie: req.get("cookie") };
    if (!isCacheableRequest(request, cacheablePath)) {
      defaultCacheControl(res, PRIVATE_CACHE_CONTROL);
      next();
      return;
    }
    try {
      const key = pageCacheKey(req.path, new URL(req.originalUrl, "http://x").search);
      const found = cache.lookup(key);
      let page: CachedPage;
      let state: "hit" | "miss" | "bypass" | "stale";
      if (found?.fresh) {
        page = found.page;
        state = "hit";
      } else if (found?.retryLater) {
        page = found.page;
        state = "stale";
      } else {
        const generation = cache.generation;
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (name === "cookie" || value === undefined) continue;
          headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        // Rendered from its key, so what is stored is what the key means.
        const url = new URL(key, `${req.protocol}://${req.get("host") ?? "localhost"}`);
        const rendered = await render(new Request(url, { headers }), {
          clientAddress: addressKey(req.ip),
          cspNonce: cache.placeholders.nonce,
          formStamp: cache.placeholders.formStamp,
        }).then(
          async (response): Promise<CachedPage> => ({
            status: response.status,
            headers: [...response.headers.entries()],
            body: await response.text(),
          }),
          (error: unknown) => {
            // A page we still have is served below; otherwise the error page, as before.
            if (!found) throw error;
            options.logger.error({ err: error, url: key }, "page cache: rendering failed");
            return null;
          },
        );
        if (rendered && cache.set(key, rendered, generation)) {
          page = rendered;
          state = "miss";
        } else if (found && (!rendered || rendered.status >= 500)) {
          // The page could not be rendered again (the database is unreachable, a 503): the
          // visitor gets the page we have rather than the error page (docs/deploy.md, "When
          // PostgreSQL goes away"), and the next attempt waits a few seconds.
          page = cache.serveStale(key) ?? found.page;
          state = "stale";
        } else {
          page = rendered!;
          state = "bypass";
        }
      }
      res.status(page.status);
      for (const [name, value] of page.headers) {
        if (!NOT_REPLAYED.has(name.toLowerCase())) res.setHeader(name, value);
      }
      const routeCacheControl = page.headers.find(([name]) => name === "cache-control")?.[1];
      res.setHeader(
        "Cache-Control",
        state === "bypass"
          ? (routeCacheControl ?? PRIVATE_CACHE_CONTROL)
          : state === "stale"
            ? STALE_PAGE_CACHE_CONTROL
            : publicCacheControl(pageExpiresAt(page), Date.now()),
      );
      // hit: served from memory; miss: rendered and kept; bypass: rendered, not kept; stale:
      // kept past its time, served because rendering it again failed.
      res.setHeader("X-Page-Cache", state);
      const values = { nonce: res.locals.cspNonce as string, formStamp: createFormStamp(secret) };
      // A client that takes gzip gets the page compressed once, even one that prefers brotli:
      // about 1 ms of compression saved a response, for at most 1 KB more (decision 024).
      // A page rendered and not kept is compressed as it goes out.
      res.vary("Accept-Encoding");
      const gzip =
        state !== "bypass" && req.acceptsEncodings("gzip")
          ? cache.personaliseGzip(page, values)
          : null;
      if (gzip) {
        res.setHeader("Content-Encoding", "gzip");
        res.send(gzip);
      } else {
        res.send(cache.personalise(page, values));
      }
    } catch (error) {
      next(error);
    }
  };
}
