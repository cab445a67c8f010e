import { describe, expect, it } from "vitest";
import { listenRetryDelayMs } from "./listen.server.ts";

describe("listenRetryDelayMs", () => {
  it("starts at a quarter of a second and doubles up to ten seconds, give or take a fifth", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => listenRetryDelayMs(n, middle))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(listenRetryDelayMs(1, () => 0)).toBe(200);
    expect(listenRetryDelayMs(40, () => 0.999_999)).toBe(12_000);
  });
});
