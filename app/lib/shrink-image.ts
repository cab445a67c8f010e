import { MAX_IMAGE_WIDTH } from "./image-variants.ts";
import { MAX_IMAGE_BYTES } from "./validation/catalog.ts";

/*
 * A photo from a phone is 3,000–8,000 pixels wide and often over the 5 MB upload limit, yet
 * the server keeps nothing wider than MAX_IMAGE_WIDTH. In the browser, such a photo is made
 * that wide before it is sent: the owner's upload is a few hundred kilobytes instead of
 * megabytes (on mobile data), is not refused for its size, and its EXIF data (GPS included)
 * never leaves the device. The server still checks and re-encodes whatever arrives; without
 * JavaScript, or when the browser cannot decode the file, the original is sent as before.
 */

/** Files the browser may redraw: a GIF may be animated, and a redraw keeps one frame. */
const REDRAWN_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

/** JPEG quality of a redrawn photo: the server re-encodes it, so it should lose little. */
const JPEG_QUALITY = 0.92;

/**
 * The size to redraw an image of `width` × `height` pixels (upright) and `bytes` at, or null
 * to send it as it is: no wider than the server keeps, and redrawn at all only when it is
 * wider than that or larger than the upload limit.
 */
export function shrunkSize(
  width: number,
  height: number,
  bytes: number,
): { width: number; height: number } | null {
  if (width <= 0 || height <= 0) return null;
  if (width <= MAX_IMAGE_WIDTH && bytes <= MAX_IMAGE_BYTES) return null;
  const scale = Math.min(1, MAX_IMAGE_WIDTH / width);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `photo.webp` → `photo.jpg`: the name says what the file now is. */
function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^.]*$/, "") || "image";
  return `${base}.${type === "image/png" ? "png" : "jpg"}`;
}

/**
 * The picture decoded by an <img>, which every current browser (Safari included, whose
 * `createImageBitmap` options vary) shows upright by its EXIF orientation, with its upright
 * size as natural size; drawn on a canvas, it stays upright. Null when it cannot be decoded.
 */
async function decodeUpright(url: string): Promise<HTMLImageElement | null> {
  const image = new Image();
  image.decoding = "async";
  image.src = url;
  try {
    await image.decode();
    return image;
  } catch {
    return null;
  }
}

/**
 * The file to upload in place of `file`, made MAX_IMAGE_WIDTH wide, or null when it is small
 * enough already, is not a kind the browser may redraw, or the browser cannot decode it.
 * PNGs stay PNG (they may be transparent); everything else becomes a JPEG.
 */
export async function shrinkImageForUpload(file: File): Promise<File | null> {
  if (!REDRAWN_TYPES.has(file.type)) return null;
  const url = URL.createObjectURL(file);
  try {
    const image = await decodeUpright(url);
    if (!image) return null;
    const size = shrunkSize(image.naturalWidth, image.naturalHeight, file.size);
    if (!size) return null;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingQuality = "high";
    context.drawImage(image, 0, 0, size.width, size.height);
    const type = file.type === "image/png" ? "image/png" : "image/jpeg";
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, type, JPEG_QUALITY),
    );
    // Nothing gained, or still too large: the original goes, and the usual checks answer.
    if (!blob || blob.size > MAX_IMAGE_BYTES || blob.size >= file.size) return null;
    return new File([blob], renamed(file.name, type), {
      type,
      lastModified: file.lastModified,
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
