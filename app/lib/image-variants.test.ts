import { describe, expect, it } from "vitest";
import { imageSources, imageVariants, variantWidths } from "./image-variants.ts";

const HASH = "0123456789abcdef0123456789abcdef";

describe("image variants", () => {
  it("never lists a width above the largest one stored", () => {
    expect(variantWidths(1280)).toEqual([320, 640, 1280]);
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(500)).toEqual([320, 500]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(120)).toEqual([120]);
  });

  it("derives a srcset with width descriptors from the stored (largest) variant", () => {
    const url = `/uploads/products/${HASH}-1280.webp`;
    expect(imageSources(url)).toEqual({
      src: url,
      srcSet: [
        `/uploads/products/${HASH}-320.webp 320w`,
        `/uploads/products/${HASH}-640.webp 640w`,
        `/uploads/products/${HASH}-1280.webp 1280w`,
      ].join(", "),
    });
    expect(imageSources(`/uploads/categories/${HASH}-800.webp`).srcSet).toBe(
      [320, 640, 800].map((w) => `/uploads/categories/${HASH}-${w}.webp ${w}w`).join(", "),
    );
  });

  it("uses a single small variant, and any other URL, as a plain src", () => {
    expect(imageSources(`/uploads/products/${HASH}-200.webp`)).toEqual({
      src: `/uploads/products/${HASH}-200.webp`,
    });
    for (const url of [
      "/uploads/demo/jewellery-box.webp",
      "https://cdn.example.com/a.jpg",
      `/uploads/products/${HASH}-1280.png`,
      `/uploads/products/${HASH.slice(1)}-640.webp`,
      `/uploads/products/${HASH}-4000.webp`,
      `/uploads/products/${HASH}-0640.webp`,
      `/uploads/../${HASH}-640.webp`.replace("..", "%2e%2e"),
      `https://evil.example/uploads/products/${HASH}-640.webp`,
    ]) {
      expect(imageSources(url), url).toEqual({ src: url });
      expect(imageVariants(url), url).toBeNull();
    }
    expect(imageVariants(null)).toBeNull();
    expect(imageVariants("")).toBeNull();
  });
});
