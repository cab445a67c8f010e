import type { Logger } from "pino";
import type { Database } from "../db/client.server.ts";
import { removeUnconfirmedSubscribers } from "../newsletter/subscribers.server.ts";

/*
 * Deletions that data minimisation asks for and nobody triggers (POPIA): newsletter addresses
 * never confirmed within 30 days. Run every hour by each app process, the first time a few
 * minutes after start (not in the start-up's own rush of connections); a second process doing
 * the same finds nothing left, so several processes need no coordination.
 */

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 5 * 60 * 1000;

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
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    interval = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
    interval.unref();
  }, FIRST_RUN_AFTER_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
