import { describe, expect, it } from "vitest";
import { moveItem } from "#app/components/admin/photos-field.tsx";
import { ProductFormSchema } from "#app/lib/validation/catalog.ts";
import { planPhotos } from "./product-photos.server.ts";

const CHANGED = "The photos were changed meanwhile: reload the page and try again.";

describe("planPhotos (decision 039)", () => {
  const current = ["/a", "/b", "/c"];

  it("keeps the photos as they are without an order, and adds after them", () => {
    expect(planPhotos(current, { added: 2 })).toEqual({ ok: true, kept: current, removed: [] });
  });

  it("takes a new order of the same photos, and removes what is asked", () => {
    expect(planPhotos(current, { order: ["/c", "/a", "/b"], remove: ["/a"], added: 0 })).toEqual({
      ok: true,
      kept: ["/c", "/b"],
      removed: ["/a"],
    });
  });

  it("refuses an order that is not exactly the current photos, and an unknown removal", () => {
    for (const order of [
      ["/a", "/b"],
      ["/a", "/b", "/c", "/d"],
      ["/a", "/a", "/b"],
      ["/a", "/b", "/x"],
    ]) {
      expect(planPhotos(current, { order, added: 0 })).toEqual({ ok: false, message: CHANGED });
    }
    expect(planPhotos(current, { remove: ["/x"], added: 0 })).toEqual({
      ok: false,
      message: CHANGED,
    });
  });

  it("allows 8 photos and refuses 9, counting those removed in the same save", () => {
    expect(planPhotos(current, { added: 5 }).ok).toBe(true);
    expect(planPhotos(current, { added: 6 })).toEqual({
      ok: false,
      message: "A product has at most 8 photos; this would give it 9. Remove some, or add fewer.",
    });
    expect(planPhotos(current, { remove: ["/b"], added: 6 }).ok).toBe(true);
  });
});

describe("the product form's photos", () => {
  const base = { name: "Box", price: "10" };
  const file = (bytes: number) => new File([new Uint8Array(bytes)], "p.png", { type: "image/png" });

  it("counts kept and new photos against the limit, on the image field", () => {
    const photos = ["/1", "/2", "/3", "/4", "/5", "/6", "/7"];
    const nine = ProductFormSchema.safeParse({ ...base, photos, image: [file(1), file(1)] });
    expect(nine.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ["image"],
        "A product has at most 8 photos; this would give it 9. Remove some, or add fewer.",
      ],
    ]);
    expect(
      ProductFormSchema.safeParse({
        ...base,
        photos,
        removePhotos: ["/1"],
        image: [file(1), file(1)],
      }).success,
    ).toBe(true);
  });

  it("refuses a file over 5 MB, and new photos over 5 MB together, on the image field", () => {
    const big = ProductFormSchema.safeParse({ ...base, image: [file(5 * 1024 * 1024 + 1)] });
    expect(big.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["image"], "The image is larger than 5.0 MB."],
    ]);
    const together = ProductFormSchema.safeParse({
      ...base,
      image: [file(3 * 1024 * 1024), file(3 * 1024 * 1024)],
    });
    expect(together.error?.issues.map((i) => i.message)).toEqual([
      "The new photos are larger than 5.0 MB together: add fewer at a time.",
    ]);
  });
});

describe("moveItem", () => {
  it("moves one item up or down, the others keeping their order", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });
});
