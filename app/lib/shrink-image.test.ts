import { describe, expect, it } from "vitest";
import { MAX_IMAGE_WIDTH } from "./image-variants.ts";
import { shrunkSize } from "./shrink-image.ts";
import { MAX_IMAGE_BYTES } from "./validation/catalog.ts";

describe("shrunkSize", () => {
  it("makes a phone photo as wide as the server keeps, in proportion", () => {
    expect(shrunkSize(4032, 3024, 3_000_000)).toEqual({ width: MAX_IMAGE_WIDTH, height: 960 });
    expect(shrunkSize(3024, 4032, 3_000_000)).toEqual({ width: MAX_IMAGE_WIDTH, height: 1707 });
    expect(shrunkSize(8160, 6120, 14_000_000)).toEqual({ width: MAX_IMAGE_WIDTH, height: 960 });
  });

  it("sends an image that is narrow and small enough as it is", () => {
    expect(shrunkSize(MAX_IMAGE_WIDTH, 960, 400_000)).toBeNull();
    expect(shrunkSize(900, 700, MAX_IMAGE_BYTES)).toBeNull();
  });

  it("redraws a narrow image at its own size when the file is over the limit", () => {
    expect(shrunkSize(900, 700, MAX_IMAGE_BYTES + 1)).toEqual({ width: 900, height: 700 });
  });

  it("never asks for an empty or zero-sized image", () => {
    expect(shrunkSize(0, 700, 10)).toBeNull();
    expect(shrunkSize(50_000, 1, 10_000_000)).toEqual({ width: MAX_IMAGE_WIDTH, height: 1 });
  });
});
