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
