import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  expiresHeader,
  isCacheableRequest,
  PageCache,
  PUBLIC_PAGE_CACHE_CONTROL,
  pageCacheKey,
  pageExpiresAt,
  publicCacheControl,
} from "./page-cache.server.ts";

const page = (body = "<html>ok</html>", headers: [string, string][] = []) => ({
  status: 200,
  headers: [["content-type", "text/html"], ...headers] as [string, string][],
  body,
});

describe("isCacheableRequest", () => {
  it.each([
    "/",
    "/_.data",
    "/digital",
    "/hardware.data",
    "/crafts",
    "/crafts.data",
    "/contact",
    "/privacy",
    "/terms",
    "/sitemap",
    "/sitemap.xml",
    "/robots.txt",
    "/products/3f1e2d3c-1234-4abc-8def-0123456789ab",
    "/products/3f1e2d3c-1234-4abc-8def-0123456789ab.data",
  ])("caches the public page %s", (path) => {
    expect(isCacheableRequest({ method: "GET", path, cookie: undefined })).toBe(true);
  });

  it.each([
    "/cart",
    "/checkout",
    "/checkout.data",
    "/admin/dashboard",
    "/admin/login",
    "/newsletter",
    "/resources/cart-prices",
    "/products/not-an-id",
    "/no-such-page",
    "/crafts/extra",
    // The buyer's private order page (decision 014) and its data requests.
    "/orders/q7lq9Yb4y3oV2V0d2a8Gq0e3nB5C0xS1b2c3d4e5f6g",
    "/orders/q7lq9Yb4y3oV2V0d2a8Gq0e3nB5C0xS1b2c3d4e5f6g.data",
  ])("never caches %s", (path) => {
    expect(isCacheableRequest({ method: "GET", path, cookie: undefined })).toBe(false);
  });

  it("never caches a write, or a page for a signed-in admin or with a flashed notice", () => {
    expect(isCacheableRequest({ method: "POST", path: "/contact", cookie: undefined })).toBe(false);
    expect(isCacheableRequest({ method: "HEAD", path: "/", cookie: undefined })).toBe(false);
    for (const cookie of [
      "en_session=abc",
      "__Host-en_session=abc",
      "theme=dark; __Host-en_session=abc",
      "theme=dark; en_toast=xyz",
      "en_toast=1",
    ]) {
      expect(isCacheableRequest({ method: "GET", path: "/", cookie })).toBe(false);
    }
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "theme=dark" })).toBe(true);
  });
});

describe("pageCacheKey", () => {
  it("keeps only the parameters a page reads, in a fixed order", () => {
    expect(pageCacheKey("/", "")).toBe("/");
    expect(pageCacheKey("/", "?utm_source=mail&fbclid=abc")).toBe("/");
    expect(pageCacheKey("/digital", "?x=1")).toBe("/digital");
    expect(pageCacheKey("/crafts", "?utm_medium=x&category=Easter+Collection")).toBe(
      "/crafts?category=Easter+Collection",
    );
    expect(
      pageCacheKey("/crafts.data", "?category=Custom%20Gifts&_routes=routes%2Fsite%2Fcrafts"),
    ).toBe("/crafts.data?_routes=routes%2Fsite%2Fcrafts&category=Custom+Gifts");
  });

  it("keeps React Router's _routes only on data requests", () => {
    expect(pageCacheKey("/_.data", "?_routes=root&junk=1")).toBe("/_.data?_routes=root");
    expect(pageCacheKey("/", "?_routes=root")).toBe("/");
  });
});

describe("PageCache", () => {
  it("serves a stored page until its time is up", () => {
    let now = 1_000;
    const cache = new PageCache({ ttlMs: 60_000, now: () => now });
    expect(cache.set("/", page(), cache.generation)).toBe(true);
    now += 59_000;
    expect(cache.get("/")?.body).toBe("<html>ok</html>");
    now += 2_000;
    expect(cache.get("/")).toBeUndefined();
  });

  it("keeps only plain successes without cookies or no-store", () => {
    const cache = new PageCache();
    const g = cache.generation;
    expect(cache.set("/404", { ...page(), status: 404 }, g)).toBe(false);
    expect(cache.set("/503", { ...page(), status: 503 }, g)).toBe(false);
    expect(cache.set("/c", page("x", [["set-cookie", "a=b"]]), g)).toBe(false);
    expect(cache.set("/n", page("x", [["cache-control", "no-store"]]), g)).toBe(false);
    expect(cache.set("/p", page("x", [["cache-control", "private, max-age=0"]]), g)).toBe(false);
    expect(cache.set("/big", page("x".repeat(600 * 1024)), g)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("drops everything on clear, and refuses a render that began before the clear", () => {
    const cache = new PageCache();
    cache.set("/", page(), cache.generation);
    const renderStartedAt = cache.generation;
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
    // The catalogue changed while this page was rendering: it may show the old data.
    expect(cache.set("/crafts", page(), renderStartedAt)).toBe(false);
    expect(cache.set("/crafts", page(), cache.generation)).toBe(true);
  });

  it("evicts the least recently used page beyond its size", () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set("/a", page("a"), cache.generation);
    cache.set("/b", page("b"), cache.generation);
    cache.get("/a");
    cache.set("/c", page("c"), cache.generation);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body).toBe("a");
    expect(cache.get("/c")?.body).toBe("c");
  });

  it("keeps nothing when its size is 0 (PAGE_CACHE=off)", () => {
    const cache = new PageCache({ maxEntries: 0 });
    expect(cache.set("/", page(), cache.generation)).toBe(false);
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("serves a page no longer than its Expires (a season begins or ends, decision 014)", () => {
    let now = Date.parse("2027-03-31T21:59:30Z");
    const cache = new PageCache({ ttlMs: 60_000, now: () => now });
    const edge = new Date("2027-03-31T22:00:00Z");
    const stored = page("crafts", Object.entries(expiresHeader(edge)));
    expect(pageExpiresAt(stored)).toBe(edge.getTime());
    expect(cache.set("/crafts", stored, cache.generation)).toBe(true);
    now += 29_000;
    expect(cache.get("/crafts")?.body).toBe("crafts");
    now += 1_000;
    expect(cache.get("/crafts")).toBeUndefined();
  });

  it("gives each response its own nonce and form stamp", () => {
    const cache = new PageCache();
    const { nonce, formStamp } = cache.placeholders;
    expect(nonce).not.toBe(new PageCache().placeholders.nonce);
    const stored = page(
      `<script nonce="${nonce}"></script><input value="${formStamp}"><script nonce="${nonce}">["${formStamp}"]</script>`,
    );
    const body = cache.personalise(stored, { nonce: "N1", formStamp: "S1" });
    expect(body).toBe(
      '<script nonce="N1"></script><input value="S1"><script nonce="N1">["S1"]</script>',
    );
  });

  it("gives the same text gzipped from the page compressed once, for values of one length", () => {
    const cache = new PageCache();
    const { nonce, formStamp } = cache.placeholders;
    const stored = page(
      `<script nonce="${nonce}"></script><p>${"Durban ".repeat(300)}</p><input value="${formStamp}">`,
    );
    for (const values of [
      { nonce: "N1", formStamp: "S1" },
      { nonce: "N2", formStamp: "S2" },
    ]) {
      const gzip = cache.personaliseGzip(stored, values);
      expect(zlib.gunzipSync(gzip!).toString()).toBe(cache.personalise(stored, values));
    }
    // Another length than the first response's: compressed by the caller instead.
    expect(cache.personaliseGzip(stored, { nonce: "N10", formStamp: "S1" })).toBeNull();
    // Under a kilobyte: not worth it.
    expect(cache.personaliseGzip(page("<p>ok</p>"), { nonce: "N1", formStamp: "S1" })).toBeNull();
  });
});

describe("publicCacheControl", () => {
  it("lets a CDN keep and serve a page stale only until it expires", () => {
    const now = Date.parse("2027-03-31T21:50:00Z");
    expect(publicCacheControl(null, now)).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    // Far ahead: the usual 60 s and 300 s.
    expect(publicCacheControl(now + 3_600_000, now)).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    // 200 s ahead: 60 s fresh, then stale for the 140 s left.
    expect(publicCacheControl(now + 200_000, now)).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=140",
    );
    // 30 s ahead: 30 s, never stale.
    expect(publicCacheControl(now + 30_000, now)).toBe("public, max-age=0, s-maxage=30");
    expect(publicCacheControl(now - 1_000, now)).toBe("public, max-age=0, s-maxage=0");
  });
});
