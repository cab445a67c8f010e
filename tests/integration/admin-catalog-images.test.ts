import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSources, imageVariants } from "#app/lib/image-variants.ts";
import { listAdminCategories } from "#app/server/catalog/categories.server.ts";
import { listAdminProducts } from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  ImageRejectedError,
  imagePlan,
  processImage,
  writeImageFiles,
} from "#app/server/storage/images.server.ts";
import { uploadsDirectory } from "#app/server/storage/storage.server.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import {
  filesUnder,
  HTML_FILE,
  jpegImage,
  plainPng,
  pngImage,
  SVG_IMAGE,
} from "#tests/setup/images.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The upload pipeline (decision 008): only what sharp decodes as JPEG, PNG, WebP, GIF or AVIF, at
 * most 5 MB and 40 megapixels, re-encoded to WebP variants without metadata. Bad files get
 * the product's 'Upload Error' / 'Failed to upload image: <reason>' and leave nothing on disk.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let uploads: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  uploads = uploadsDirectory(services.env);
  const admin = await createTestUser(services.db, { admin: true });
  cookie = (await signedInCookie(services, admin.id)).cookie;
}, 120_000);
afterAll(() => handle.close());

async function rejection(input: Uint8Array): Promise<string> {
  try {
    await processImage(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError);
    return (error as ImageRejectedError).reason;
  }
  throw new Error("the image was accepted");
}

const SIX_MB = 6 * 1024 * 1024;

/** The bad inputs of the acceptance list, with what the admin is told. */
const BAD_FILES: {
  label: string;
  file: () => Promise<Uint8Array>;
  name: string;
  type: string;
  reason: RegExp;
}[] = [
  {
    label: "an SVG",
    file: async () => SVG_IMAGE,
    name: "logo.svg",
    type: "image/svg+xml",
    reason: /^SVG images are not accepted: upload a JPEG, PNG, WebP, GIF or AVIF image\.$/,
  },
  {
    label: "an HTML file named .png",
    file: async () => HTML_FILE,
    name: "photo.png",
    type: "image/png",
    reason: /^The file is not an image: upload a JPEG, PNG, WebP, GIF or AVIF image\.$/,
  },
  {
    label: "a truncated JPEG",
    file: async () => {
      const jpeg = await jpegImage(1200, 900);
      return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    },
    name: "cut.jpg",
    type: "image/jpeg",
    reason: /^The image could not be read: the file is damaged or incomplete\.$/,
  },
  {
    label: "a 50-megapixel image",
    file: () => plainPng(7072, 7072),
    name: "huge.png",
    type: "image/png",
    reason: /^The image is 7072 × 7072 pixels \(50\.0 megapixels\); the limit is 40 megapixels\.$/,
  },
  {
    label: "a 6 MB file",
    file: async () => Buffer.alloc(SIX_MB, 7),
    name: "big.jpg",
    type: "image/jpeg",
    reason: /^The image is larger than 5\.0 MB \(this file is 6\.0 MB\)\.$/,
  },
];

describe("processImage", () => {
  it("accepts a PNG and re-encodes it to WebP at 320, 640 and its own width, never upscaled", async () => {
    const image = await processImage(await pngImage(900, 600));
    expect(image.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 213],
      [640, 427],
      [900, 600],
    ]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(variant.width);
      expect(meta.hasAlpha).toBe(true);
    }
    const tiny = await processImage(await pngImage(200, 100));
    expect(tiny.variants.map((v) => v.width)).toEqual([200]);
  });

  it("accepts a JPEG, turns it upright by its EXIF orientation and drops all metadata", async () => {
    const jpeg = await jpegImage(1600, 1200, { orientation: 6 });
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif).toBeDefined();

    const image = await processImage(jpeg);
    // Rotated a quarter turn: the 1600 × 1200 picture is 1200 wide and 1600 tall.
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 427],
      [640, 853],
      [1200, 1600],
    ]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.data.includes(Buffer.from("TestCam"))).toBe(false);
    }
    const big = await processImage(await jpegImage(2000, 1000, { seed: 9 }));
    expect(big.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
  });

  it("accepts WebP, GIF and AVIF by their bytes, whatever they are called", async () => {
    const base = sharp({ create: { width: 400, height: 300, channels: 3, background: "#c33" } });
    for (const encoded of [
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const image = await processImage(encoded);
      expect(image.variants.map((v) => v.width)).toEqual([320, 400]);
    }
  });

  for (const bad of BAD_FILES) {
    it(`rejects ${bad.label} with a clear reason`, async () => {
      expect(await rejection(await bad.file())).toMatch(bad.reason);
    });
  }

  it("rejects empty files, TIFF and animated tricks it cannot show", async () => {
    expect(await rejection(new Uint8Array())).toBe("The file is empty.");
    const tiff = await sharp({
      create: { width: 50, height: 50, channels: 3, background: "#000" },
    })
      .tiff()
      .toBuffer();
    expect(await rejection(tiff)).toBe(
      "TIFF images are not accepted: upload a JPEG, PNG, WebP, GIF or AVIF image.",
    );
    // 40 megapixels exactly is allowed; one pixel row more is not.
    expect(await rejection(await plainPng(8000, 5001))).toMatch(/40\.0 megapixels\); the limit/);
  });

  it("names files by content: the same upload gives the same names", async () => {
    const png = await pngImage(700, 700, 5);
    const [first, second] = [await processImage(png), await processImage(png)];
    expect(first.hash).toBe(second.hash);
    expect((await processImage(await pngImage(700, 700, 6))).hash).not.toBe(first.hash);
    const plan = imagePlan(services.storage, "products", first);
    expect(plan.url).toBe(`/uploads/products/${first.hash}-700.webp`);
    expect(imageVariants(plan.url)?.map((v) => v.url)).toEqual(
      plan.files.map((f) => `/uploads/${f.key}`),
    );
    expect(imageSources(plan.url).srcSet).toContain(`${first.hash}-320.webp 320w`);
  });
});

describe("uploads through the admin forms", () => {
  const productForm = (file: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set("name", "Upload Probe");
    form.set("price", "10.00");
    form.set("image", new File([Buffer.from(file)], name, { type }));
    return form;
  };
  const post = (target: string, form: FormData) =>
    app.request(target, { method: "POST", body: form, headers: { Cookie: cookie } });

  it("stores a PNG's variants under content-addressed names and serves them from the product", async () => {
    const png = await pngImage(1400, 1000, 11);
    const response = await post("/admin/products/new", productForm(png, "shop.png", "image/png"));
    expect(response.status).toBe(302);
    const [product] = await listAdminProducts(services.db, "Upload Probe");
    const hash = (await processImage(png)).hash;
    expect(product?.imageUrl).toBe(`/uploads/products/${hash}-1280.webp`);
    expect(filesUnder(uploads)).toEqual([
      `products/${hash}-1280.webp`,
      `products/${hash}-320.webp`,
      `products/${hash}-640.webp`,
    ]);
    const stored = await sharp(path.join(uploads, `products/${hash}-640.webp`)).metadata();
    expect([stored.format, stored.width]).toEqual(["webp", 640]);
    // The public product page offers the variants.
    const page = await (await app.request(`/products/${product!.id}`)).text();
    expect(page).toContain(`/uploads/products/${hash}-320.webp 320w`);
    expect(page).toMatch(/sizes="\(min-width: 1280px\) 600px/);
  });

  for (const bad of BAD_FILES) {
    it(`refuses ${bad.label} with 'Upload Error', saves nothing and leaves no file`, async () => {
      const before = filesUnder(uploads);
      const productsBefore = (await listAdminProducts(services.db)).length;
      const response = await post(
        "/admin/products/new",
        productForm(await bad.file(), bad.name, bad.type),
      );
      const body = await response.text();
      if (bad.label === "a 6 MB file") {
        // The body is over 6 MB: refused before any action reads it (the browser's own check
        // stops such a file before it is sent; this is what a hand-made request gets).
        expect(response.status).toBe(413);
        expect(body).toContain("The upload is larger than 6 MB: choose an image of at most 5 MB.");
      } else {
        expect(body).toContain("Upload Error");
        expect(response.status).toBe(422);
        const reason = bad.reason.source.replace(/^\^|\$$/g, "").replace(/\\(.)/g, "$1");
        expect(body).toContain(`Failed to upload image: ${reason}`);
      }
      expect(filesUnder(uploads)).toEqual(before);
      expect(await listAdminProducts(services.db)).toHaveLength(productsBefore);
    });
  }

  it("refuses a bad category image in the manager the same way", async () => {
    const before = filesUnder(uploads);
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", "Bad Picture Category");
    form.set("image", new File([HTML_FILE], "cat.png", { type: "image/png" }));
    const response = await post("/admin/categories/manager", form);
    expect(response.status).toBe(422);
    const body = await response.text();
    expect(body).toContain("Upload Error");
    expect(body).toContain("Failed to upload image: The file is not an image");
    expect(filesUnder(uploads)).toEqual(before);
    expect((await listAdminCategories(services.db)).map((c) => c.name)).not.toContain(
      "Bad Picture Category",
    );
  });

  it("refuses an oversized body even when it declares no length", async () => {
    const big = new Uint8Array(7 * 1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < big.length; offset += 65536) {
          controller.enqueue(big.subarray(offset, offset + 65536));
        }
        controller.close();
      },
    });
    const response = await app.request("/admin/products/new", {
      method: "POST",
      body: stream,
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
      // @ts-expect-error: Node's fetch needs this for a streamed body
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The upload is larger than 6 MB");
  });

  it("writes files atomically: nothing half-written is left after a store", async () => {
    const image = await processImage(await pngImage(330, 330, 21));
    const plan = imagePlan(services.storage, "categories", image);
    const written = await writeImageFiles(services.db, services.storage, plan.files);
    expect(written).toEqual(plan.files.map((f) => f.key));
    // Again: already there, nothing new written.
    expect(await writeImageFiles(services.db, services.storage, plan.files)).toEqual([]);
    expect(filesUnder(uploads).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    for (const key of written) await services.storage.delete(services.db, key);
  });
});
