import { describe, expect, it } from "vitest";
import {
  createFormStamp,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  inspectSubmission,
  MAX_FORM_AGE_MS,
  MIN_FILL_MS,
  readFormStamp,
} from "./honeypot.server.ts";

const SECRET = "s".repeat(32);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("inspectSubmission", () => {
  const issuedAt = 1_700_000_000_000;
  const stamp = createFormStamp(SECRET, issuedAt);
  const verdict = (fields: Record<string, string>, now: number) =>
    inspectSubmission(form(fields), SECRET, now).verdict;

  it("accepts an empty honeypot and a stamp older than the minimum fill time", () => {
    const data = form({ [HONEYPOT_FIELD]: "", [FORM_STAMP_FIELD]: stamp });
    const result = inspectSubmission(data, SECRET, issuedAt + MIN_FILL_MS);
    expect(result.verdict).toBe("ok");
    expect(result.stamp).toEqual({ issuedAt, nonce: expect.stringMatching(/^[\w-]{22}$/) });
  });

  it("gives every stamp its own nonce", () => {
    const nonces = new Set(
      Array.from({ length: 50 }, () => readFormStamp(SECRET, createFormStamp(SECRET))!.nonce),
    );
    expect(nonces.size).toBe(50);
  });

  it("rejects a filled honeypot", () => {
    expect(
      verdict(
        { [HONEYPOT_FIELD]: "http://spam.example", [FORM_STAMP_FIELD]: stamp },
        issuedAt + 60_000,
      ),
    ).toBe("honeypot");
  });

  it("flags a submission faster than a person can type", () => {
    expect(verdict({ [FORM_STAMP_FIELD]: stamp }, issuedAt + MIN_FILL_MS - 1)).toBe("too-fast");
  });

  it("flags a stamp older than the maximum age, and accepts one just within it", () => {
    expect(verdict({ [FORM_STAMP_FIELD]: stamp }, issuedAt + MAX_FORM_AGE_MS)).toBe("ok");
    expect(verdict({ [FORM_STAMP_FIELD]: stamp }, issuedAt + MAX_FORM_AGE_MS + 1)).toBe("expired");
  });

  it("rejects a missing, malformed or forged stamp", () => {
    expect(verdict({}, issuedAt)).toBe("bad-stamp");
    expect(verdict({ [FORM_STAMP_FIELD]: "abc" }, issuedAt)).toBe("bad-stamp");
    const [, nonce, signature] = stamp.split(".");
    // An earlier time under the same signature, another nonce, or the old two-part format.
    expect(
      verdict({ [FORM_STAMP_FIELD]: `${issuedAt - 60_000}.${nonce}.${signature}` }, issuedAt),
    ).toBe("bad-stamp");
    expect(
      verdict(
        { [FORM_STAMP_FIELD]: `${issuedAt}.AAAAAAAAAAAAAAAAAAAAAA.${signature}` },
        issuedAt + 5000,
      ),
    ).toBe("bad-stamp");
    expect(verdict({ [FORM_STAMP_FIELD]: `${issuedAt}.${signature}` }, issuedAt + 5000)).toBe(
      "bad-stamp",
    );
    const otherSecret = createFormStamp("o".repeat(32), issuedAt - 60_000);
    expect(verdict({ [FORM_STAMP_FIELD]: otherSecret }, issuedAt)).toBe("bad-stamp");
  });
});
