import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { RateLimits } from "#app/server/http/rate-limit.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Rate limits kept in the database (decision 010): what app processes on one PostgreSQL database
 * use, so a script cannot multiply its allowance by hitting different processes.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("rate limits in the database", () => {
  it("are shared by every process (two instances count together)", async () => {
    const rules = { form: { points: 3, durationSeconds: 60 } };
    const processA = new RateLimits(rules, { db: handle.db });
    const processB = new RateLimits(rules, { db: handle.db });
    expect(await processA.consume("form", "10.0.0.1")).toEqual({ allowed: true });
    expect(await processB.consume("form", "10.0.0.1")).toEqual({ allowed: true });
    expect(await processA.consume("form", "10.0.0.1")).toEqual({ allowed: true });
    const refused = await processB.consume("form", "10.0.0.1");
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(await processB.check("form", "10.0.0.1")).toMatchObject({ allowed: false });
    expect(await processA.consume("form", "10.0.0.2")).toEqual({ allowed: true });
  });

  it("never lets concurrent attempts past the limit", async () => {
    const limits = new RateLimits(
      { burst: { points: 10, durationSeconds: 60 } },
      { db: handle.db },
    );
    const results = await Promise.all(
      Array.from({ length: 25 }, () => limits.consume("burst", "203.0.113.9")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("recovers when the window ends, and after a reset", async () => {
    const limits = new RateLimits({ short: { points: 1, durationSeconds: 1 } }, { db: handle.db });
    expect(await limits.consume("short", "k")).toEqual({ allowed: true });
    expect(await limits.consume("short", "k")).toMatchObject({ allowed: false });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await limits.consume("short", "k")).toEqual({ allowed: true });
    expect(await limits.consume("short", "k")).toMatchObject({ allowed: false });
    await limits.reset("short", "k");
    expect(await limits.check("short", "k")).toEqual({ allowed: true });
  });
});
