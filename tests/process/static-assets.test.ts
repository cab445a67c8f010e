import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess,
} from "#tests/setup/process.ts";

/*
 * Hashed assets (decision 011): immutable for a year, and sent as the build's pre-compressed
 * Brotli or gzip copy when the browser accepts it (never compressed again per request).
 */

let base: string;
let html: string;
let script: string;

beforeAll(async () => {
  const server = startServerProcess(createMigratedDataDir(), { SEED_DEMO: "false" });
  base = `http://127.0.0.1:${await server.ready}`;
  html = await (await fetch(`${base}/`)).text();
  // The framework chunk (React, React Router): the largest script, imported by the root route.
  const root = /import \* as route0 from "(\/assets\/root-[^"]+\.js)"/.exec(html)![1]!;
  const rootSource = await (await fetch(`${base}${root}`)).text();
  script = `/assets/${/\.\/(framework-[\w-]+\.js)/.exec(rootSource)![1]!}`;
}, 90_000);

describe("the page's scripts", () => {
  it("are few files (chunk groups in vite.config.ts), each preloaded", () => {
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    // About 30 files of 1–3 KB before the groups; each is a request on a phone's slow line.
    expect(preloaded.length).toBeGreaterThan(0);
    expect(preloaded.length).toBeLessThanOrEqual(8);
    expect(preloaded).toContain(script);
  });
});
afterAll(killServerProcesses);

// fetch() would decode the body; node:http-level bytes are what the browser receives.
async function raw(path: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(`${base}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("hashed assets", () => {
  it("are sent pre-compressed with Brotli, gzip, or plain, as the browser accepts", async () => {
    const plain = await raw(script, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const br = await raw(script, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await raw(script, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("carry the headers that apply to a file, not a document's (1 KB each on a first visit)", async () => {
    const { headers } = await raw(script, "br");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    for (const documentOnly of [
      "content-security-policy",
      "permissions-policy",
      "x-frame-options",
    ]) {
      expect(headers[documentOnly]).toBeUndefined();
    }
    // Pages keep them all.
    const page = await raw("/", "br");
    expect(page.headers["content-security-policy"]).toContain("script-src");
    expect(page.headers["x-frame-options"]).toBe("DENY");
  });

  it("React Router's route manifest: a file's headers, and its own one immutable cache header", async () => {
    // Every first visit asks for it after hydration (lazy route discovery).
    const version = /"version": ?"([\w-]+)"/.exec(html)![1]!;
    const path = `/__manifest?paths=${encodeURIComponent("/,/contact")}&version=${version}`;
    const { headers, body } = await raw(path, "identity");
    expect(headers["content-type"]).toMatch(/^application\/json/);
    expect(Object.keys(JSON.parse(body.toString("utf8")))).toContain("routes/site/contact");
    // One header, React Router's: the app's `no-store` beside it made it uncacheable.
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["permissions-policy"]).toBeUndefined();
    // Another build's version: React Router's "reload" answer, which sets no caching: the
    // app's default, never stored.
    const stale = await raw(`/__manifest?paths=%2F&version=0ld`, "identity");
    expect(stale.headers["x-remix-reload-document"]).toBe("true");
    expect(stale.headers["cache-control"]).toBe("private, no-store");
  });

  it("never serves a compressed copy by its own name as something else", async () => {
    const direct = await raw(`${script}.br`, "identity");
    expect(direct.headers["content-encoding"]).toBeUndefined();
    expect((await fetch(`${base}/assets/no-such-file.js`)).status).toBe(404);
  });
});

/** The attributes of the page's first `<link>` for which `match` holds. */
function findLink(page: string, match: (attributes: Record<string, string>) => boolean) {
  for (const [tag] of page.matchAll(/<link\b[^>]*>/g)) {
    const attributes = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]),
    );
    if (match(attributes)) return attributes;
  }
  return undefined;
}

/** The page's `<head>`, and the text of its inline stylesheets. */
const headOf = (page: string) => page.slice(0, page.indexOf("</head>"));
const inlineStyles = (page: string) =>
  [...headOf(page).matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)].map((match) => ({
    attributes: match[1]!,
    css: match[2]!,
  }));

describe("the public stylesheet (decision 012)", () => {
  it("is inline, first in the head, with the response's CSP nonce, and no stylesheet is fetched", async () => {
    // A cached page gets each response's own nonce too: two answers, two nonces.
    for (let answer = 0; answer < 2; answer++) {
      const response = await fetch(`${base}/crafts`);
      const page = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
      const head = headOf(page);
      expect(head).not.toMatch(/<link\b[^>]*\brel="stylesheet"/);
      const styles = inlineStyles(page);
      expect(styles).toHaveLength(1);
      expect(styles[0]!.attributes).toContain(`nonce="${nonce}"`);
      // Before every file the page asks for: nothing delays the first paint but the HTML.
      expect(head.indexOf("<style")).toBeLessThan(head.indexOf("<link"));
      expect(styles[0]!.css).toContain("@layer utilities");
    }
  });

  it("holds no admin style, which the admin's stylesheet has", async () => {
    const css = inlineStyles(html)[0]!.css;
    const admin = await (await fetch(`${base}/admin/login`)).text();
    const link = findLink(admin, (attributes) => attributes.rel === "stylesheet")!;
    expect(link.href).toMatch(/^\/assets\/admin-[\w-]+\.css$/);
    const adminCss = await (await fetch(`${base}${link.href}`)).text();
    // The order's payment form is an admin page's, and so are the sidebar's utilities.
    expect(adminCss).toContain("[data-payment-form]");
    expect(css).not.toContain("data-payment-form");
    expect(adminCss.length).toBeGreaterThan(css.length);
  });
});

describe("the admin's stylesheet", () => {
  it("is the first file an admin page asks for, ahead of the font and the scripts", async () => {
    // The browser requests a head's files in order; on a slow line the one file that blocks
    // the first paint should not share the start with 120 KB of preloaded scripts.
    const head = headOf(await (await fetch(`${base}/admin/login`)).text());
    const requested = [...head.matchAll(/<link\b[^>]*\brel="(stylesheet|preload|modulepreload)"/g)];
    expect(requested.length).toBeGreaterThan(2);
    expect(requested[0]![1]).toBe("stylesheet");
    expect(requested.filter((match) => match[1] === "stylesheet")).toHaveLength(1);
    expect(inlineStyles(head)).toEqual([]);
  });
});

describe("the font", () => {
  it("is preloaded where it is used, and the preload is the very file the stylesheets use", async () => {
    const preload = findLink(html, (link) => link.rel === "preload" && link.as === "font");
    // Tablets and computers only: a phone shows its own font (decision 022), and the
    // stylesheet names Inter under the same condition.
    expect(preload).toMatchObject({
      type: "font/woff2",
      crossorigin: "anonymous",
      media: "(min-width: 48rem)",
    });
    expect(inlineStyles(html)[0]!.css).toMatch(
      /@media \(width>=48rem\)\{:root\{--font-sans:"Inter Variable",/,
    );
    const font = preload!.href!;
    expect(font).toMatch(/^\/assets\/inter-core-wght-[\w-]+\.woff2$/);
    // Anything else would download the font twice.
    expect(inlineStyles(html)[0]!.css).toContain(`url(${font})`);
    const admin = await (await fetch(`${base}/admin/login`)).text();
    expect(findLink(admin, (link) => link.rel === "preload" && link.as === "font")!.href).toBe(
      font,
    );
    const stylesheet = findLink(admin, (link) => link.rel === "stylesheet")!.href!;
    expect(await (await fetch(`${base}${stylesheet}`)).text()).toContain(`url(${font})`);
    const response = await fetch(`${base}${font}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("the About video's files (decision 021)", () => {
  it("are served from /media with a year's immutable cache, and nothing asks for them first", async () => {
    const sources = [...html.matchAll(/<source src="(\/media\/[^"]+)"/g)].map((m) => m[1]!);
    const captions = /<track\b[^>]*src="(\/media\/[^"]+\.vtt)"/.exec(html)?.[1];
    expect(sources).toHaveLength(2);
    expect(captions).toBeDefined();
    // preload="none" and an inline poster: the page links no video file in a way that fetches it.
    expect(html).not.toMatch(/<link\b[^>]*\/media\//);
    for (const file of [...sources, captions!]) {
      const { headers } = await raw(file, "gzip, br");
      expect(headers["cache-control"], file).toBe("public, max-age=31536000, immutable");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["content-security-policy"]).toBeUndefined();
    }
    expect((await raw(captions!, "identity")).body.toString("utf8")).toMatch(/^WEBVTT/);
  });

  it("answer a range request with 206 and just those bytes, so a player can seek", async () => {
    const webm = /<source src="(\/media\/[^"]+\.webm)"/.exec(html)![1]!;
    const whole = await fetch(`${base}${webm}`);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("video/webm");
    const size = Number(whole.headers.get("content-length"));
    expect(size).toBeGreaterThan(100_000);
    await whole.arrayBuffer();

    const part = await fetch(`${base}${webm}`, { headers: { Range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(1000);

    const mp4 = /<source src="(\/media\/[^"]+\.mp4)"/.exec(html)![1]!;
    const tail = await fetch(`${base}${mp4}`, { headers: { Range: "bytes=-500" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-type")).toBe("video/mp4");
    expect((await tail.arrayBuffer()).byteLength).toBe(500);
  });
});
