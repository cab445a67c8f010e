import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { missingAsset, precompressedAssets } from "./precompressed-assets.server.ts";

/*
 * /assets as server.ts mounts it, with the site's 404 page behind it: what a browser gets for
 * a hashed file and its pre-compressed copies, and for one that is gone.
 */

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function assetsDirectory(files: Record<string, string>) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(directory, name), text);
  }
  return directory;
}

async function serve(directory: string) {
  const app = express();
  app.use(
    "/assets",
    precompressedAssets(directory),
    express.static(directory, { immutable: true, maxAge: "1y" }),
    missingAsset,
  );
  app.use((_req, res) => {
    res.status(404).type("html").send("<h1>Page not found</h1>");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

/** The raw answer (fetch would decode the body). */
function get(port: number, urlPath: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get({ port, path: urlPath, headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("latin1"),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("/assets", () => {
  it("sends the Brotli copy to a browser that takes it, the file itself otherwise", async () => {
    const port = await serve(assetsDirectory({ "app-1.js": "plain", "app-1.js.br": "brotli" }));
    const br = await get(port, "/assets/app-1.js", "gzip, br");
    expect(br).toMatchObject({ status: 200, body: "brotli" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    const plain = await get(port, "/assets/app-1.js", "identity");
    expect(plain).toMatchObject({ status: 200, body: "plain" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a file gone since start-up with a plain 404, not an encoded 404 page", async () => {
    const directory = assetsDirectory({ "app-1.js": "plain", "app-1.js.br": "brotli" });
    const port = await serve(directory);
    fs.rmSync(path.join(directory, "app-1.js"));
    fs.rmSync(path.join(directory, "app-1.js.br"));
    for (const encoding of ["gzip, br", "identity"]) {
      const gone = await get(port, "/assets/app-1.js", encoding);
      expect(gone.status).toBe(404);
      expect(gone.headers["content-encoding"]).toBeUndefined();
      expect(gone.headers["content-type"]).toMatch(/^text\/plain/);
      expect(gone.body).not.toContain("Page not found");
    }
    expect((await get(port, "/assets/never-built.css", "br")).status).toBe(404);
  });
});
