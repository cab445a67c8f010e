import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { stripModulePreloads } from "./strip-module-preloads.server.ts";

const page =
  '<head><link rel="stylesheet" href="/assets/a.css"/><link rel="preload" href="/f.woff2" as="font"/></head>' +
  '<body><p>Ünïcode — “quotes” 🎁</p><link rel="modulepreload" href="/assets/framework-1.js" nonce="n"/>' +
  '<link nonce="n" rel="modulepreload" href="/assets/site-2.js"/>' +
  '<script type="module" nonce="n">import "/assets/site-2.js";</script></body>';
const expected =
  '<head><link rel="stylesheet" href="/assets/a.css"/><link rel="preload" href="/f.woff2" as="font"/></head>' +
  "<body><p>Ünïcode — “quotes” 🎁</p>" +
  '<script type="module" nonce="n">import "/assets/site-2.js";</script></body>';

async function run(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(stripModulePreloads()));
}

describe("stripModulePreloads", () => {
  it("removes the modulepreload links and nothing else", async () => {
    expect(await run([Buffer.from(page)])).toBe(expected);
  });

  it("does so however the page is split into chunks, even inside a tag or a character", async () => {
    const bytes = Buffer.from(page);
    for (let size = 1; size <= 64; size += 1) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size) {
        chunks.push(bytes.subarray(start, start + size));
      }
      expect(await run(chunks), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a page ending in an unclosed '<' through unchanged", async () => {
    expect(await run([Buffer.from("a < b"), Buffer.from(" <")])).toBe("a < b <");
  });
});
