import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/*
 * Real images for upload tests, generated with sharp (nothing is downloaded). Noise makes the
 * files realistic in size, so a cut-off file is really missing pixel data.
 */

function noise(width: number, height: number, channels: 3 | 4, seed = 1) {
  const data = Buffer.alloc(width * height * channels);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    data[i] = state >> 16;
  }
  return sharp(data, { raw: { width, height, channels } });
}

/** A PNG with an alpha channel. */
export function pngImage(width = 900, height = 600, seed = 1): Promise<Buffer> {
  return noise(width, height, 4, seed).png().toBuffer();
}

/** A JPEG; `orientation` writes the EXIF Orientation tag (6: the camera was turned). */
export function jpegImage(
  width = 1600,
  height = 1200,
  options: { orientation?: number; seed?: number } = {},
): Promise<Buffer> {
  let image = noise(width, height, 3, options.seed ?? 2).jpeg({ quality: 80 });
  if (options.orientation) {
    image = image
      .withMetadata({ orientation: options.orientation })
      .withExifMerge({ IFD0: { Make: "TestCam", Model: "Secret Model" } });
  }
  return image.toBuffer();
}

/** A solid-colour PNG of any size (compresses to almost nothing: good for pixel limits). */
export function plainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);

export const HTML_FILE = Buffer.from(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);

/** Every file under a directory, relative to it (sorted). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
    .map((entry) => entry.split(path.sep).join("/"))
    .sort();
}
