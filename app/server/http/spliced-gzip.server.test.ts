import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildGzipTemplate, gzipFromTemplate } from "./spliced-gzip.server.ts";

const NONCE = "cspPLACEHOLDER";
const STAMP = "stampPLACEHOLDER";
const nonce = () => crypto.randomBytes(16).toString("base64");
const stamp = () => `${Date.now()}.${crypto.randomBytes(16).toString("base64url")}.signature`;

/** A page shaped like a rendered one: the nonce in the head and again far down, one stamp. */
function page(filler = 40_000) {
  const style = `body{margin:0}${".x{color:red}".repeat(filler / 13)}`;
  return [
    `<!DOCTYPE html><html><head><style nonce="${NONCE}">${style}</style>`,
    `<link rel="modulepreload" nonce="${NONCE}" href="/assets/a.js"/>`,
    `</head><body><form><input type="hidden" name="form_stamp" value="${STAMP}"/></form>`,
    `<p>${"Bespoke creations from Durban. ".repeat(200)}</p>`,
    `<script nonce="${NONCE}">window.a=1</script><script nonce="${NONCE}">window.b=2</script>`,
    "</body></html>",
  ].join("");
}

function expand(body: string, values: { nonce: string; stamp: string }) {
  return body.replaceAll(NONCE, values.nonce).replaceAll(STAMP, values.stamp);
}

describe("a page compressed once, joined around each response's values", () => {
  it.each([
    ["with holes more than 32 KB apart", page()],
    ["with every hole close together", page(100)],
    ["without holes", "<p>nothing personal</p>".repeat(100)],
  ])("decompresses to the page with this response's values, %s", (_, body) => {
    const lengths = [nonce().length, stamp().length];
    const template = buildGzipTemplate(body, [NONCE, STAMP], lengths);
    expect(template).not.toBeNull();
    for (let response = 0; response < 5; response++) {
      const values = { nonce: nonce(), stamp: stamp() };
      const gzip = gzipFromTemplate(template!, [values.nonce, values.stamp]);
      expect(zlib.gunzipSync(gzip!).toString()).toBe(expand(body, values));
    }
  });

  it("sends a repeated value once within deflate's reach: later ones are copies", () => {
    const size = (scripts: number) => {
      const body = `${page(100)}${`<script nonce="${NONCE}"></script>`.repeat(scripts)}`;
      const template = buildGzipTemplate(body, [NONCE, STAMP], [24, 10]);
      return gzipFromTemplate(template!, [nonce(), "0123456789"])!.length;
    };
    // Sent again, each would cost 29 bytes (a stored block's 5 and its 24); as a copy, its
    // piece's flush marker (5 bytes) and a few more.
    expect(size(11) - size(1)).toBeLessThan(10 * 12);
  });

  it("stores a value again when its last appearance is beyond deflate's 32 KB reach", () => {
    const template = buildGzipTemplate(page(), [NONCE, STAMP], [24, stamp().length]);
    // The style's nonce is sent, then 40 KB later the preload's again; the scripts' are copies.
    expect(template!.holes.map((hole) => hole.stored)).toEqual([true, true, true, false, false]);
  });

  it("gives no response for values of another length than the template's", () => {
    const template = buildGzipTemplate(page(100), [NONCE, STAMP], [24, 10]);
    expect(gzipFromTemplate(template!, [nonce(), "0123456789"])).not.toBeNull();
    expect(gzipFromTemplate(template!, [nonce(), "012345678"])).toBeNull();
    expect(gzipFromTemplate(template!, [`${nonce()}x`, "0123456789"])).toBeNull();
  });

  it("makes no template for a page holding the bytes that stand for values while compressing", () => {
    expect(buildGzipTemplate(`<p>\u0001</p>${page(100)}`, [NONCE, STAMP], [24, 10])).toBeNull();
  });

  it("takes multi-byte text between the holes", () => {
    const body = `<p>Ndiyabulela — R1 250,00 ✓</p>${page(100)}`;
    const template = buildGzipTemplate(body, [NONCE, STAMP], [24, 10]);
    const values = { nonce: nonce(), stamp: "0123456789" };
    const gzip = gzipFromTemplate(template!, [values.nonce, values.stamp]);
    expect(zlib.gunzipSync(gzip!).toString()).toBe(expand(body, values));
  });
});
