import { describe, expect, it } from "vitest";
import { RateLimits } from "./rate-limit.server.ts";

describe("RateLimits", () => {
  it("allows the configured number of attempts per key, then refuses with a retry time", async () => {
    const limits = new RateLimits({ form: { points: 2, durationSeconds: 60 } });
    expect(await limits.consume("form", "1.2.3.4")).toEqual({ allowed: true });
    expect(await limits.consume("form", "1.2.3.4")).toEqual({ allowed: true });
    const refused = await limits.consume("form", "1.2.3.4");
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another key is counted separately.
    expect(await limits.consume("form", "5.6.7.8")).toEqual({ allowed: true });
  });

  it("checks without counting, and recovers after a reset", async () => {
    const limits = new RateLimits({ login: { points: 1, durationSeconds: 60 } });
    expect(await limits.check("login", "a")).toEqual({ allowed: true });
    await limits.consume("login", "a");
    expect((await limits.check("login", "a")).allowed).toBe(false);
    await limits.reset("login", "a");
    expect(await limits.check("login", "a")).toEqual({ allowed: true });
  });
});

describe("RateLimits counting without refusing", () => {
  it("counts every attempt in the window, past the rule's points, and refunds", async () => {
    const limits = new RateLimits({ slow: { points: 2, durationSeconds: 60 } });
    expect(limits.points("slow")).toBe(2);
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await limits.count("slow", "a"));
    expect(counts).toEqual([1, 2, 3, 4]);
    await limits.refund("slow", "a", 2);
    expect(await limits.count("slow", "a")).toBe(3);
    expect(await limits.count("slow", "b")).toBe(1);
  });
});
