import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { withinDeadline } from "#app/lib/deadline.ts";

/**
 * How long /healthz waits for the database. A load balancer needs an answer, not a hang:
 * during an outage postgres.js can leave a query waiting on a reconnect that never ends
 * (porsager/postgres#1193), so a ping slower than this counts as a database that does not
 * answer. A healthy ping takes about a millisecond; this is under the 2 s the shipped Caddy
 * configuration waits (deploy/caddy/Caddyfile), so it reads our 503, not its own timeout.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

export class PingTimeoutError extends Error {
  override name = "PingTimeoutError";
}

/** Resolves when `ping` does; rejects with its error, or with PingTimeoutError after `timeoutMs`. */
export function pingWithin(ping: () => Promise<void>, timeoutMs: number): Promise<void> {
  return withinDeadline(
    ping(),
    timeoutMs,
    () => new PingTimeoutError(`the database did not answer within ${timeoutMs} ms`),
  );
}

/** GET /healthz: 200 while the database answers in time, 503 otherwise; never cached. */
export function healthCheck(
  ping: () => Promise<void>,
  logger: Logger,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await pingWithin(ping, timeoutMs);
      res.json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check: database unreachable");
      res.status(503).json({ status: "unavailable" });
    }
  };
}
