import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * Hashed assets (issue 10): immutable for a year, and sent as the build's pre-compressed
 * Brotli or gzip copy when the browser accepts it (never compressed again per request).
 */

let base: string;
let html: string;
let script: string;

beforeAll(async () => {
  const server = startServerProcess(createTempDataDir(), { SEED_DEMO: "false" });
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

describe("the stylesheet", () => {
  it("is the first file the page asks for, ahead of the font and the scripts", () => {
    // The browser requests a head's files in order; on a slow line the one file that blocks
    // the first paint should not share the start with 120 KB of preloaded scripts.
    const head = html.slice(0, html.indexOf("</head>"));
    const requested = [...head.matchAll(/<link\b[^>]*\brel="(stylesheet|preload|modulepreload)"/g)];
    expect(requested.length).toBeGreaterThan(2);
    expect(requested[0]![1]).toBe("stylesheet");
    expect(requested.filter((match) => match[1] === "stylesheet")).toHaveLength(1);
  });
});

describe("the font", () => {
  it("is preloaded, and the preload is the very file the stylesheet uses", async () => {
    const preload = findLink(html, (link) => link.rel === "preload" && link.as === "font");
    expect(preload).toMatchObject({ type: "font/woff2", crossorigin: "anonymous" });
    const font = preload!.href!;
    expect(font).toMatch(/^\/assets\/inter-latin-wght-[\w-]+\.woff2$/);
    const stylesheet = findLink(html, (link) => link.rel === "stylesheet")!.href!;
    const css = await (await fetch(`${base}${stylesheet}`)).text();
    // Anything else would download the font twice.
    expect(css).toContain(`url(${font})`);
    const response = await fetch(`${base}${font}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
