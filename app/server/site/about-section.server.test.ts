import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { VideoRejectedError, videoTypeOf } from "./about-section.server.ts";

const media = (extension: string) => {
  const name = fs
    .readdirSync("public/media")
    .find((file) => file.startsWith("about-kwezi.") && file.endsWith(extension))!;
  return new Uint8Array(fs.readFileSync(path.join("public/media", name)));
};

/** An `ftyp` box: size, "ftyp", major brand, version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const box = Buffer.alloc(8 + brands.length + 16);
  box.writeUInt32BE(8 + brands.length, 0);
  box.write(`ftyp${brands}`, 4, "latin1");
  return new Uint8Array(box);
};

describe("videoTypeOf (the About section's upload, by its bytes)", () => {
  it("reads the shipped WebM and MP4", () => {
    expect(videoTypeOf(media(".webm"))).toBe("video/webm");
    expect(videoTypeOf(media(".mp4"))).toBe("video/mp4");
  });

  it("takes a phone's MP4 and QuickTime files by their brands", () => {
    expect(videoTypeOf(ftyp("mp42", "isom", "mp41"))).toBe("video/mp4");
    expect(videoTypeOf(ftyp("qt  ", "qt  "))).toBe("video/mp4");
    expect(videoTypeOf(ftyp("XAVC", "iso6", "mp42"))).toBe("video/mp4");
  });

  it("refuses pictures and sounds in the same container, and anything else", async () => {
    const avif = await sharp({
      create: { width: 16, height: 16, channels: 3, background: "#123456" },
    })
      .avif()
      .toBuffer();
    const png = await sharp({
      create: { width: 16, height: 16, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
    for (const bytes of [
      new Uint8Array(avif),
      new Uint8Array(png),
      ftyp("heic", "mif1", "heic"),
      ftyp("M4A ", "M4A ", "mp42", "isom"),
      ftyp("avif", "avif", "mif1", "miaf"),
      new TextEncoder().encode("not a video at all, just some text in a file"),
    ]) {
      expect(() => videoTypeOf(bytes)).toThrow(VideoRejectedError);
    }
  });
});
