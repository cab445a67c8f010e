import crypto from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { MAX_IMAGE_WIDTH, variantWidths } from "#app/lib/image-variants.ts";
import {
  ACCEPTED_IMAGE_FORMATS_TEXT,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from "#app/lib/validation/catalog.ts";
import type { Database } from "../db/client.server.ts";
import type { FileStorage } from "./storage.server.ts";

/*
 * The upload pipeline (decision 008). An upload is accepted only when sharp decodes
 * it as JPEG, PNG, WebP, GIF or AVIF (by its bytes; the file name and the browser's type are
 * never trusted), at most 5 MB and 40 megapixels. It is never served as uploaded: it is
 * decoded, turned upright (EXIF orientation), and re-encoded as WebP at a few widths with all
 * metadata (EXIF, GPS, ICC) dropped. Names are content-addressed, so a file never changes
 * under its name and can be cached forever.
 */

/** Bumped when the encoding changes, so new encodings never reuse old names. */
const PIPELINE_VERSION = "webp-v1";
const WEBP_QUALITY = 80;
/** WebP cannot store a side longer than this. */
const WEBP_MAX_DIMENSION = 16383;

/** sharp's metadata formats we accept ("heif" only with AV1 compression, i.e. AVIF). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** An upload that is refused; `reason` is shown to the admin ('Failed to upload image: …'). */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface ImageVariantFile {
  width: number;
  height: number;
  data: Buffer;
}

/** A checked, re-encoded upload, not yet stored. */
export interface ProcessedImage {
  /** Content hash of the upload (and the pipeline version): the name of its files. */
  hash: string;
  /** Smallest first; the last is the largest (the one whose URL is stored). */
  variants: ImageVariantFile[];
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function formatName(format: string | undefined, compression: string | undefined): string {
  if (format === "heif") return compression === "av1" ? "AVIF" : "HEIF/HEIC";
  if (format === "jpeg") return "JPEG";
  return (format ?? "unknown").toUpperCase();
}

/** Checks the upload and encodes its variants. Throws ImageRejectedError with the reason. */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw new ImageRejectedError("The file is empty.");
  if (input.byteLength > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError(
      `The image is larger than ${megabytes(MAX_IMAGE_BYTES)} (this file is ${megabytes(input.byteLength)}).`,
    );
  }

  // The header only: format and size, before any pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new ImageRejectedError(
      `The file is not an image: upload ${ACCEPTED_IMAGE_FORMATS_TEXT}.`,
    );
  }
  const { format, compression } = metadata;
  if (!format || !ACCEPTED.has(format) || (format === "heif" && compression !== "av1")) {
    throw new ImageRejectedError(
      `${formatName(format, compression)} images are not accepted: upload ${ACCEPTED_IMAGE_FORMATS_TEXT}.`,
    );
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) {
    throw new ImageRejectedError("The image has no size: the file is damaged.");
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(
      `The image is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(1)} megapixels); the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    );
  }
  const widths = variantWidths(Math.min(width, MAX_IMAGE_WIDTH));
  const largest = widths.at(-1)!;
  if (Math.round((height * largest) / width) > WEBP_MAX_DIMENSION) {
    throw new ImageRejectedError("The image is too tall for its width to be shown.");
  }

  // Decode once (first frame of an animation), upright and at the largest width; the smaller
  // variants are made from those pixels. Truncated or corrupt data aborts here.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError("The image could not be read: the file is damaged or incomplete.");
  }
  const raw = {
    width: pixels.info.width,
    height: pixels.info.height,
    channels: pixels.info.channels as 1 | 2 | 3 | 4,
  };

  const variants: ImageVariantFile[] = [];
  for (const target of widths) {
    const { data, info } = await sharp(pixels.data, { raw })
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: target, height: info.height, data });
  }
  const hash = crypto
    .createHash("sha256")
    .update(PIPELINE_VERSION)
    .update(input)
    .digest("hex")
    .slice(0, 32);
  return { hash, variants };
}

/** The storage key of one variant: `products/<hash>-640.webp`. */
export function imageKey(prefix: ImagePrefix, hash: string, width: number): string {
  return `${prefix}/${hash}-${width}.webp`;
}

export type ImagePrefix = "products" | "categories" | "showcase" | "about" | "newsletter";

/** The keys of every file of a processed image, and the URL to store (the largest). */
export function imagePlan(storage: FileStorage, prefix: ImagePrefix, image: ProcessedImage) {
  const files = image.variants.map((variant) => ({
    key: imageKey(prefix, image.hash, variant.width),
    data: variant.data,
  }));
  return { url: storage.publicUrl(files.at(-1)!.key), files };
}

/**
 * Writes the files of an image that are not there yet, and returns the keys it wrote (so a
 * failed save removes exactly those).
 */
export async function writeImageFiles(
  db: Database,
  storage: FileStorage,
  files: { key: string; data: Buffer }[],
): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const file of files) {
      if (await storage.exists(db, file.key)) continue;
      await storage.put(db, file.key, file.data, "image/webp");
      written.push(file.key);
    }
  } catch (error) {
    // Rows in the database go with the rolled-back transaction; files on disk go here.
    if (storage.kind === "disk") {
      await Promise.allSettled(written.map((key) => storage.delete(db, key)));
    }
    throw error;
  }
  return written;
}
