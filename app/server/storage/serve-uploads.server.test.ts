import { describe, expect, it } from "vitest";
import { byteRange, embeddableElsewhere } from "./serve-uploads.server.ts";

describe("byteRange (a video seeking in a file kept in the database)", () => {
  it.each([
    ["bytes=0-99", [0, 99]],
    ["bytes=100-", [100, 999]],
    ["bytes=-100", [900, 999]],
    ["bytes=900-5000", [900, 999]],
    ["bytes=-5000", [0, 999]],
  ] as const)("reads %s of 1,000 bytes", (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });

  it.each([undefined, "", "bytes=-", "bytes=0-1,5-9", "items=0-9", "bytes=50-10"])(
    "sends the whole file for %s",
    (header) => {
      expect(byteRange(header, 1000)).toBeNull();
    },
  );

  it("refuses a range past the end", () => {
    expect(byteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});

describe("embeddableElsewhere (who may show an upload)", () => {
  it("lets mail programs and the sandboxed preview show a newsletter's pictures", () => {
    expect(embeddableElsewhere("newsletter/abc-1280.webp")).toBe(true);
  });

  it("keeps every other upload for this site's pages", () => {
    for (const key of ["products/abc-640.webp", "showcase/abc.webp", "about/film.mp4"]) {
      expect(embeddableElsewhere(key), key).toBe(false);
    }
  });
});
