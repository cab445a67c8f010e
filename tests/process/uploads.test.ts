import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * Uploaded images as the production server sends them (decision 008): names never reused, so
 * cached for a year as immutable, and `nosniff` so a browser never runs a file as anything
 * but the type it was sent as.
 */

const CACHE_CONTROL = "public, max-age=31536000, immutable";

let base: string;
let placed: Buffer;
const PLACED = "products/0123456789abcdef0123456789abcdef-320.webp";

beforeAll(async () => {
  const dataDir = createTempDataDir();
  placed = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#0a7" } })
    .webp()
    .toBuffer();
  const file = path.join(dataDir, "uploads", ...PLACED.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, placed);
  // The demo catalogue's pictures go through the upload pipeline into the same folder.
  const server = startServerProcess(dataDir, { SEED_DEMO: "true" });
  base = `http://127.0.0.1:${await server.ready}`;
}, 120_000);
afterAll(killServerProcesses);

function expectUploadHeaders(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-type")).toBe("image/webp");
}

describe("/uploads", () => {
  it("serves a file in the uploads folder immutable for a year, with nosniff", async () => {
    const response = await fetch(`${base}/uploads/${PLACED}`);
    expectUploadHeaders(response);
    expect(Buffer.from(await response.arrayBuffer()).equals(placed)).toBe(true);
  });

  it("serves the images the server stored itself the same way", async () => {
    const crafts = await (await fetch(`${base}/crafts`)).text();
    const urls = [...new Set(crafts.match(/\/uploads\/products\/[0-9a-f]{32}-\d+\.webp/g))];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls.slice(0, 3)) {
      const response = await fetch(`${base}${url}`);
      expectUploadHeaders(response);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
    }
  });

  it("answers a missing file with 404, never a folder listing", async () => {
    expect((await fetch(`${base}/uploads/products/missing-320.webp`)).status).toBe(404);
    const folder = await fetch(`${base}/uploads/products/`);
    expect(folder.status).toBe(404);
    expect(await folder.text()).not.toContain(PLACED.split("/")[1]);
  });
});
