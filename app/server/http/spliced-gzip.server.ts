import zlib from "node:zlib";

/*
 * A cached page compressed once, for every response (decision 024). Each response of a cached
 * page differs only where its holes are (the CSP nonce, the form stamp: fixed-length values),
 * so the text between them is compressed when the page is stored, and a response is those
 * pieces joined around its own values. Deflate allows it: a piece ended with a sync flush
 * stops on a byte boundary with no block left open, so pieces concatenate into one stream.
 *
 * - A piece may refer back to the page before it (the compressor gets that text as its
 *   dictionary), never into a hole: holes are filled with control bytes no page contains.
 * - The first time a hole's value appears it is sent as a stored (uncompressed) block. A
 *   later appearance of the same value is compressed as the start of the next piece: its fill
 *   matches the earlier fill, so it becomes a copy of the real value sent earlier.
 * - Every template is proven when built: decompressed with two sets of values that differ in
 *   every byte, both must give the page with those values. Otherwise there is no template and
 *   the response is compressed the usual way.
 */

/** Deflate looks back at most this far. */
const WINDOW_BYTES = 32 * 1024;
/** Control characters (no tab, newline or carriage return) a rendered page never holds. */
const FILL_BYTES = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25];
/** A stored block holds at most this many bytes. */
const MAX_STORED_BYTES = 0xffff;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with the fixed codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export interface GzipTemplate {
  /** The page's text between holes, as bytes (for the checksum). */
  texts: Buffer[];
  /** Each text compressed; piece i+1 follows hole i. */
  pieces: Buffer[];
  /** After text i: which value goes there, and whether it is sent stored (its first use). */
  holes: { value: number; stored: boolean }[];
  /** The byte length every value must have. */
  lengths: number[];
}

/** One stored block: a byte-aligned header, the length and its complement, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The bytes that stand for a value while compressing: each value its own control bytes. */
function fill(value: number, valueCount: number, length: number): Buffer {
  const own = FILL_BYTES.filter((_, i) => i % valueCount === value);
  return Buffer.from(Array.from({ length }, (_, i) => own[i % own.length]!));
}

/**
 * The template of `body` whose holes are the strings `placeholders` (each to be replaced by a
 * value of `lengths[i]` bytes), or null when the page cannot be spliced safely.
 */
export function buildGzipTemplate(
  body: string,
  placeholders: string[],
  lengths: number[],
): GzipTemplate | null {
  if (lengths.length > FILL_BYTES.length / 2) return null;
  if (lengths.some((length) => length < 1 || length > MAX_STORED_BYTES)) return null;
  const texts: Buffer[] = [];
  const holes: GzipTemplate["holes"] = [];
  const pattern = new RegExp(placeholders.map((p) => p.replace(/\W/g, "\\$&")).join("|"), "g");
  /** Where each value last appeared in the page sent (a copy cannot reach further back). */
  const lastAt = new Map<number, number>();
  let from = 0;
  let offset = 0;
  for (const match of body.matchAll(pattern)) {
    const text = Buffer.from(body.slice(from, match.index));
    texts.push(text);
    offset += text.length;
    const value = placeholders.indexOf(match[0]);
    const previous = lastAt.get(value);
    holes.push({ value, stored: previous === undefined || offset - previous > WINDOW_BYTES });
    lastAt.set(value, offset);
    offset += lengths[value]!;
    from = match.index + match[0].length;
  }
  texts.push(Buffer.from(body.slice(from)));
  if (texts.some((text) => FILL_BYTES.some((byte) => text.includes(byte)))) return null;

  const fills = lengths.map((length, value) => fill(value, lengths.length, length));
  const pieces: Buffer[] = [];
  let window = Buffer.alloc(0);
  texts.forEach((text, i) => {
    const previous = holes[i - 1];
    // A repeated value is compressed with the text after it: a copy of its first appearance.
    const input =
      previous && !previous.stored ? Buffer.concat([fills[previous.value]!, text]) : text;
    pieces.push(
      zlib.deflateRawSync(input, {
        level: zlib.constants.Z_BEST_COMPRESSION,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        ...(window.length > 0 ? { dictionary: window } : {}),
      }),
    );
    // What the reader has once this piece is sent: a stored value comes before the next one.
    const hole = holes[i];
    const stored = hole?.stored ? [fills[hole.value]!] : [];
    window = Buffer.concat([window, input, ...stored]).subarray(-WINDOW_BYTES);
  });

  const template: GzipTemplate = { texts, pieces, holes, lengths };
  // Proofs: each value its own letter, the two sets different in every byte.
  for (const letter of [0x41, 0x61]) {
    const values = lengths.map((length, value) =>
      String.fromCharCode(letter + value).repeat(length),
    );
    const expected = placeholders.reduce(
      (page, placeholder, value) => page.replaceAll(placeholder, values[value]!),
      body,
    );
    if (decompressed(gzipFromTemplate(template, values)) !== expected) return null;
  }
  return template;
}

function decompressed(gzip: Buffer | null): string | null {
  try {
    return gzip && zlib.gunzipSync(gzip).toString();
  } catch {
    return null;
  }
}

/**
 * The gzip of the page with `values` in its holes, or null when a value is not of the length
 * the template was built for (the caller compresses the page itself).
 */
export function gzipFromTemplate(template: GzipTemplate, values: string[]): Buffer | null {
  const bytes = values.map((value) => Buffer.from(value));
  if (bytes.some((value, i) => value.length !== template.lengths[i])) return null;
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.texts.forEach((text, i) => {
    parts.push(template.pieces[i]!);
    crc = zlib.crc32(text, crc);
    size += text.length;
    const hole = template.holes[i];
    if (!hole) return;
    const value = bytes[hole.value]!;
    if (hole.stored) parts.push(storedBlock(value));
    crc = zlib.crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
