import { describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES } from "../context.server.ts";
import {
  MAX_SIGN_IN_DELAY_SECONDS,
  signInDelaySeconds,
  tooManyAttemptsMessage,
} from "./sign-in.server.ts";

describe("sign-in slow-down per e-mail", () => {
  const free = RATE_LIMIT_RULES.loginSlowdownPerEmail.points;

  it("lets the first attempts through at once, then doubles the wait up to a cap", () => {
    expect(free).toBe(5);
    const delays = Array.from({ length: 12 }, (_, i) => signInDelaySeconds(i + 1, free));
    expect(delays).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 10, 10, 10]);
    expect(signInDelaySeconds(10_000, free)).toBe(MAX_SIGN_IN_DELAY_SECONDS);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says the minutes left, rounded up", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many attempts, try again in 15 minutes");
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts, try again in 2 minutes");
    expect(tooManyAttemptsMessage(1)).toBe("Too many attempts, try again in 1 minute");
  });
});
