import type { Logger } from "pino";
import type { Database } from "../db/client.server.ts";
import { removeUnconfirmedSubscribers } from "../newsletter/subscribers.server.ts";

/*
 * Deletions that data minimisation asks for and nobody triggers (POPIA): newsletter addresses
 * never confirmed within 30 days. Run at start and every hour by each app process; a second
 * process doing the same finds nothing left, so several processes need no coordination.
 */

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export async function runHousekeeping(db: Database, now: Date): Promise<{ unconfirmed: number }> {
  return { unconfirmed: await removeUnconfirmedSubscribers(db, now) };
}

export function startHousekeeping(options: { db: Database; logger: Logger; clock: () => Date }) {
  const run = () =>
    runHousekeeping(options.db, options.clock()).then(
      (removed) => {
        if (removed.unconfirmed > 0) {
          options.logger.info(removed, "housekeeping: unconfirmed newsletter addresses removed");
        }
      },
      (error: unknown) =>
        options.logger.warn({ err: error }, "housekeeping: removing old data failed"),
    );
  void run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
