import { describe, expect, it } from "vitest";
import {
  checkRequestBody,
  contentSecurityPolicy,
  FORM_BODY_LIMIT,
  isCrossSiteRequest,
  UPLOAD_BODY_LIMIT,
} from "./security.server.ts";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split("; ").map((part) => {
      const [name, ...values] = part.split(" ");
      return [name, values];
    }),
  );

describe("contentSecurityPolicy", () => {
  it("allows scripts only from this site and with the response's nonce", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123", https: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["script-src-attr"]).toEqual(["'none'"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    // Only the privacy-enhanced players of an owner's YouTube or Vimeo link (decision 044).
    expect(policy["frame-src"]).toEqual([
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("names no third-party origin but the two video players, unless the operator configures a video host", () => {
    const plain = contentSecurityPolicy({ nonce: "n", https: true });
    const { "frame-src": frames, ...others } = directives(plain);
    expect(frames).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    expect(Object.values(others).flat().join(" ")).not.toMatch(/https?:\/\//);
    expect(directives(plain)["upgrade-insecure-requests"]).toEqual([]);
    // The shipped About video, its captions and poster come from this site (public/media).
    expect(directives(plain)["media-src"]).toEqual(["'self'"]);
    expect(directives(plain)["img-src"]).toContain("'self'");

    const embedded = directives(
      contentSecurityPolicy({
        nonce: "n",
        https: true,
        aboutVideoUrl: "https://www.youtube-nocookie.com/embed/abc",
      }),
    );
    expect(embedded["frame-src"]).toEqual([
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ]);
    expect(embedded["media-src"]).toEqual(["'self'"]);

    const file = directives(
      contentSecurityPolicy({
        nonce: "n",
        https: true,
        aboutVideoUrl: "https://media.example.co.za/tour.mp4",
      }),
    );
    expect(file["media-src"]).toEqual(["'self'", "https://media.example.co.za"]);
    expect(file["frame-src"]).toEqual([
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ]);

    const local = directives(
      contentSecurityPolicy({ nonce: "n", https: false, aboutVideoUrl: "/media/tour.webm" }),
    );
    expect(local["media-src"]).toEqual(["'self'"]);
  });
});

describe("isCrossSiteRequest", () => {
  const base = { publicUrl: "https://shop.example.co.za", requestOrigin: "http://10.0.0.5:3000" };

  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(isCrossSiteRequest({ ...base, method, origin: "https://evil.example" })).toBe(false);
    }
  });

  it("accepts a state change from the public address or the address it was sent to", () => {
    expect(
      isCrossSiteRequest({ ...base, method: "POST", origin: "https://shop.example.co.za" }),
    ).toBe(false);
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "http://10.0.0.5:3000" })).toBe(
      false,
    );
    expect(
      isCrossSiteRequest({
        ...base,
        method: "DELETE",
        referer: "https://shop.example.co.za/admin/products?q=x",
      }),
    ).toBe(false);
  });

  it("refuses other origins, look-alikes, 'null', and requests that name no origin", () => {
    const refused = [
      { origin: "https://evil.example" },
      { origin: "https://shop.example.co.za.evil.example" },
      { origin: "http://shop.example.co.za" },
      { origin: "https://shop.example.co.za:8443" },
      { origin: "null" },
      { origin: "not a url" },
      { referer: "https://evil.example/https://shop.example.co.za/" },
      {},
      // Origin wins over a same-site Referer.
      { origin: "https://evil.example", referer: "https://shop.example.co.za/" },
    ];
    for (const headers of refused) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        expect(isCrossSiteRequest({ ...base, method, ...headers }), JSON.stringify(headers)).toBe(
          true,
        );
      }
    }
  });
});

describe("isCrossSiteRequest and the one-click unsubscribe (RFC 8058)", () => {
  const base = { publicUrl: "https://shop.example.co.za", requestOrigin: "http://10.0.0.5:3000" };

  it("lets a mail provider's POST to an unsubscribe link through without Origin or Referer", () => {
    expect(
      isCrossSiteRequest({ ...base, method: "POST", path: "/newsletter/unsubscribe/abc.def" }),
    ).toBe(false);
  });

  it("still refuses every other path without an origin, and other methods on that path", () => {
    for (const path of [
      "/newsletter",
      "/newsletter/unsubscribe/abc/more",
      // The page's data request (a fetcher in the browser) comes from the site, with Origin.
      "/newsletter/unsubscribe/abc.def.data",
      "/newsletter/confirm/abc",
      "/admin/newsletters/abc",
    ]) {
      expect(isCrossSiteRequest({ ...base, method: "POST", path }), path).toBe(true);
    }
    expect(
      isCrossSiteRequest({ ...base, method: "DELETE", path: "/newsletter/unsubscribe/abc" }),
    ).toBe(true);
    // A browser on another site names its origin: refused there too.
    expect(
      isCrossSiteRequest({
        ...base,
        method: "POST",
        path: "/newsletter/unsubscribe/abc.def",
        origin: "https://evil.example",
      }),
    ).toBe(true);
  });
});

describe("checkRequestBody", () => {
  const post = (path: string, contentLength?: string, transferEncoding?: string) =>
    checkRequestBody({ method: "POST", path, contentLength, transferEncoding });

  it("allows forms up to 64 KB and refuses larger ones with 413 and a readable message", () => {
    expect(post("/contact", String(FORM_BODY_LIMIT))).toEqual({ ok: true });
    const refused = post("/contact", String(FORM_BODY_LIMIT + 1));
    expect(refused).toMatchObject({ ok: false, status: 413 });
    expect(refused.ok ? "" : refused.message).toContain("64 KB");
    expect(post("/checkout.data", String(FORM_BODY_LIMIT + 1))).toMatchObject({ status: 413 });
  });

  it("allows 6 MB only on the admin catalogue's upload forms", () => {
    for (const path of [
      "/admin/products/new",
      "/admin/products/3f1e",
      "/admin/products/new.data",
      "/admin/categories/manager",
      "/admin/categories",
    ]) {
      expect(post(path, String(UPLOAD_BODY_LIMIT)), path).toEqual({ ok: true });
      const refused = post(path, String(UPLOAD_BODY_LIMIT + 1));
      expect(refused, path).toMatchObject({ ok: false, status: 413 });
      expect(refused.ok ? "" : refused.message).toContain("6 MB");
    }
    expect(post("/admin/productsX", String(FORM_BODY_LIMIT + 1))).toMatchObject({ status: 413 });
    expect(post("/admin/users", String(FORM_BODY_LIMIT + 1))).toMatchObject({ status: 413 });
  });

  it("refuses a body of unknown length (chunked) and nonsense lengths with 411", () => {
    expect(post("/contact", undefined, "chunked")).toMatchObject({ ok: false, status: 411 });
    expect(post("/contact", "-1")).toMatchObject({ ok: false, status: 411 });
    expect(post("/contact", "12abc")).toMatchObject({ ok: false, status: 411 });
    expect(post("/contact")).toEqual({ ok: true });
    expect(
      checkRequestBody({
        method: "GET",
        path: "/",
        contentLength: "999999999",
        transferEncoding: undefined,
      }),
    ).toEqual({ ok: true });
  });
});
