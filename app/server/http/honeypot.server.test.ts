import { describe, expect, it } from "vitest";
import {
  createConfirmStamp,
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

/* The checkout's confirm stamp ages, and belongs to one checkout (decision 016). */
describe("confirm stamps", () => {
  const issuedAt = 1_700_000_000_000;
  const key = "0b0e5c3e-8f0a-4c1e-9d55-2f1b7a3c9e11";
  const other = "7d3c2b1a-0000-4000-8000-000000000001";
  const confirmStamp = createConfirmStamp(SECRET, key, issuedAt);
  const inspect = (stampValue: string, now: number, boundTo?: string) =>
    inspectSubmission(form({ [FORM_STAMP_FIELD]: stampValue }), SECRET, now, boundTo);

  it("is too fast when sent back at once, like a page's stamp", () => {
    expect(inspect(confirmStamp, issuedAt, key).verdict).toBe("too-fast");
    expect(inspect(confirmStamp, issuedAt + MIN_FILL_MS - 1, key).verdict).toBe("too-fast");
    expect(inspect(confirmStamp, issuedAt + MIN_FILL_MS, key).verdict).toBe("ok");
  });

  it("counts only with the checkout it was given for (any letter case of its key)", () => {
    expect(inspect(confirmStamp, issuedAt + 5000, key.toUpperCase()).verdict).toBe("ok");
    expect(inspect(confirmStamp, issuedAt + 5000, other).verdict).toBe("bad-stamp");
    // Without a checkout to bind it (any other form) it is no stamp at all.
    expect(inspect(confirmStamp, issuedAt + 5000).verdict).toBe("bad-stamp");
  });

  it("cannot be made from a page stamp, nor a page stamp from it", () => {
    const page = createFormStamp(SECRET, issuedAt);
    expect(inspect(`c.${page}`, issuedAt + 5000, key).verdict).toBe("bad-stamp");
    expect(inspect(confirmStamp.slice(2), issuedAt + 5000, key).verdict).toBe("bad-stamp");
    const forged = confirmStamp.replace(/\.\d+\./, `.${issuedAt - 60_000}.`);
    expect(inspect(forged, issuedAt + 5000, key).verdict).toBe("bad-stamp");
  });

  it("has a nonce of its own, so it is usable once", () => {
    const a = readFormStamp(SECRET, createConfirmStamp(SECRET, key, issuedAt), key);
    const b = readFormStamp(SECRET, createConfirmStamp(SECRET, key, issuedAt), key);
    expect(a?.issuedAt).toBe(issuedAt);
    expect(a?.nonce).not.toBe(b?.nonce);
  });
});
