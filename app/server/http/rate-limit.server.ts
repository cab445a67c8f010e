import { isIP } from "node:net";
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { rateLimits } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/*
 * Per-key rate limits (client address, e-mail …), created by server.ts and shared through
 * AppServices. On PGlite (one process) the counters live in memory; on PostgreSQL they live
 * in the rate_limits table, so every app process behind a load balancer counts together.
 */

export interface RateLimitRule {
  /** How many attempts are allowed … */
  points: number;
  /** … per this many seconds. */
  durationSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimits<Name extends string = string> {
  private readonly limiters: Map<Name, RateLimiterAbstract>;

  /** `options.db`: keep the counters in that database (several processes share them). */
  constructor(rules: Record<Name, RateLimitRule>, options: { db?: Database } = {}) {
    this.limiters = new Map(
      (Object.entries(rules) as [Name, RateLimitRule][]).map(([name, rule]) => {
        const settings = { keyPrefix: name, points: rule.points, duration: rule.durationSeconds };
        const limiter = options.db
          ? new RateLimiterDrizzle({ ...settings, storeClient: options.db, schema: rateLimits })
          : new RateLimiterMemory(settings);
        return [name, limiter];
      }),
    );
  }

  private limiter(name: Name) {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`unknown rate limit: ${name}`);
    return limiter;
  }

  /** Counts one attempt for `key`; says whether it is allowed. */
  async consume(name: Name, key: string, points = 1): Promise<RateLimitResult> {
    try {
      await this.limiter(name).consume(key, points);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        };
      }
      throw error;
    }
  }

  /** How many attempts the rule allows per window. */
  points(name: Name): number {
    return this.limiter(name).points;
  }

  /** Whether `key` is currently blocked, without counting an attempt. */
  async check(name: Name, key: string): Promise<RateLimitResult> {
    const state = await this.limiter(name).get(key);
    const rule = this.limiter(name);
    if (state && state.consumedPoints >= rule.points) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
      };
    }
    return { allowed: true };
  }

  /**
   * Counts one attempt for `key` and answers how many there have been in the window, this one
   * included. Never refuses: for limits that slow callers down rather than stop them.
   */
  async count(name: Name, key: string): Promise<number> {
    try {
      return (await this.limiter(name).consume(key)).consumedPoints;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.consumedPoints;
      throw error;
    }
  }

  /** Gives back points counted for `key` (an attempt that turned out not to be a failure). */
  async refund(name: Name, key: string, points = 1): Promise<void> {
    await this.limiter(name).reward(key, points);
  }

  /** Forgets `key` (e.g. after a successful sign-in). */
  async reset(name: Name, key: string): Promise<void> {
    await this.limiter(name).delete(key);
  }
}

/**
 * The key a client address is counted under. An IPv6 client usually holds a whole /64 (one
 * household or server gets 2^64 addresses), so it is counted by that network, or it could
 * take a fresh address per attempt. IPv4 (also written as ::ffff:a.b.c.d) is counted as is.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIP(bare) !== 6) return bare;
  const groups = expandIpv6(bare);
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" filled in, a dotted IPv4 tail split). */
function expandIpv6(address: string): string[] {
  let text = address;
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
}
