import { vi } from "vitest";

/*
 * Time in integration tests is moved, never waited for (docs/testing.md "Time in tests",
 * decision 032). Rules that read `services.clock` take a test clock directly. The rate limits
 * (rate-limiter-flexible, in memory and in the rate_limits table alike) read `Date` themselves,
 * so for them the test stops and moves the process's `Date`, and only `Date`: timers, the
 * database and everything else run as usual.
 */

/** Stops `Date` at its current time (or `at`) until `releaseTime()`; call it in a test. */
export function freezeTime(at: number = Date.now()) {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
}

/** Moves the frozen `Date` on by `ms`, as if that much time had passed. */
export function moveTime(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

/** The real `Date` again. */
export function releaseTime() {
  vi.useRealTimers();
}

/**
 * A clock for code that takes its timers as an option (the database listener's `schedule`,
 * docs/testing.md "Time in tests"): nothing runs until the test calls `advance(ms)`, which
 * runs what falls due in order, each to its end (what it schedules in turn included), as if
 * that much time had passed. `delays` lists every wait asked for.
 */
export function manualTimers() {
  let now = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; run: () => unknown }>();
  const delays: number[] = [];
  return {
    delays,
    /** Waits asked for that have neither run nor been cancelled. */
    pending: () => pending.size,
    schedule(run: () => Promise<void>, delayMs: number): () => void {
      const id = nextId++;
      delays.push(delayMs);
      pending.set(id, { at: now + delayMs, run });
      return () => pending.delete(id);
    },
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        const [id, timer] = due;
        pending.delete(id);
        now = timer.at;
        await timer.run();
      }
      now = until;
    },
  };
}
