import { describe, expect, it } from "vitest";
import { addressKey, RateLimits } from "./rate-limit.server.ts";

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

describe("addressKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:8000::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
    [undefined, "unknown"],
  ])("counts %s as %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it("counts every address of one /64 together, and a neighbouring /64 apart", () => {
    const keys = new Set(
      ["2001:db8:a:b::1", "2001:db8:a:b:ffff::2", "2001:db8:a:b:1:2:3:4"].map(addressKey),
    );
    expect(keys.size).toBe(1);
    expect(addressKey("2001:db8:a:c::1")).not.toBe(addressKey("2001:db8:a:b::1"));
  });
});
