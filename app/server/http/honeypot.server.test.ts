import { describe, expect, it } from "vitest";
import {
  checkSpam,
  createFormStamp,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  MIN_FILL_MS,
} from "./honeypot.server.ts";

const SECRET = "s".repeat(32);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("checkSpam", () => {
  const issuedAt = 1_700_000_000_000;
  const stamp = createFormStamp(SECRET, issuedAt);

  it("accepts an empty honeypot and a stamp older than the minimum fill time", () => {
    const data = form({ [HONEYPOT_FIELD]: "", [FORM_STAMP_FIELD]: stamp });
    expect(checkSpam(data, SECRET, issuedAt + MIN_FILL_MS)).toBe("ok");
  });

  it("rejects a filled honeypot", () => {
    const data = form({ [HONEYPOT_FIELD]: "http://spam.example", [FORM_STAMP_FIELD]: stamp });
    expect(checkSpam(data, SECRET, issuedAt + 60_000)).toBe("honeypot");
  });

  it("rejects a submission faster than a person can type", () => {
    const data = form({ [FORM_STAMP_FIELD]: stamp });
    expect(checkSpam(data, SECRET, issuedAt + MIN_FILL_MS - 1)).toBe("too-fast");
  });

  it("rejects a missing, malformed or forged stamp", () => {
    expect(checkSpam(form({}), SECRET, issuedAt)).toBe("bad-stamp");
    expect(checkSpam(form({ [FORM_STAMP_FIELD]: "abc" }), SECRET, issuedAt)).toBe("bad-stamp");
    const forged = `${issuedAt - 60_000}.${stamp.split(".")[1]}`;
    expect(checkSpam(form({ [FORM_STAMP_FIELD]: forged }), SECRET, issuedAt)).toBe("bad-stamp");
    const otherSecret = createFormStamp("o".repeat(32), issuedAt - 60_000);
    expect(checkSpam(form({ [FORM_STAMP_FIELD]: otherSecret }), SECRET, issuedAt)).toBe(
      "bad-stamp",
    );
  });
});
