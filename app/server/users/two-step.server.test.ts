import { describe, expect, it } from "vitest";
import {
  decryptTotpSecret,
  encryptTotpSecret,
  matchTotpStep,
  normaliseRecoveryCode,
  qrSvg,
  totpCodeAt,
  totpStep,
} from "./two-step.server.ts";

/* The parts of two-step sign-in without a database (docs/product.md §3.15, decision 035). */

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const env = { SESSION_SECRET: "unit-test-secret-unit-test-secret-000" };

describe("TOTP codes", () => {
  // RFC 6238 appendix B, SHA-1, 8 digits "94287082" at 59 s: its last 6 digits.
  it("match RFC 6238's test vector", () => {
    const rfcSecret = Buffer.from("12345678901234567890").toString("hex");
    const base32 = hexToBase32(rfcSecret);
    expect(totpCodeAt(base32, new Date(59_000))).toBe("287082");
    expect(totpCodeAt(base32, new Date(1_111_111_109_000))).toBe("081804");
  });

  it("are accepted one step either side of the server's clock, not two", () => {
    const now = new Date("2026-11-28T10:00:15Z");
    const step = totpStep(now);
    for (const [offset, expected] of [
      [-60_000, null],
      [-30_000, step - 1],
      [0, step],
      [30_000, step + 1],
      [60_000, null],
    ] as const) {
      const code = totpCodeAt(SECRET, new Date(now.getTime() + offset));
      expect(matchTotpStep(SECRET, code, now), String(offset)).toBe(expected);
    }
    expect(matchTotpStep(SECRET, "12345", now)).toBeNull();
    expect(matchTotpStep(SECRET, "abcdef", now)).toBeNull();
  });
});

describe("the secret at rest", () => {
  it("is encrypted (a fresh IV each time) and read back only with the same SESSION_SECRET", () => {
    const a = encryptTotpSecret(env, SECRET);
    const b = encryptTotpSecret(env, SECRET);
    expect(a).not.toBe(b);
    expect(a).not.toContain(SECRET);
    expect(decryptTotpSecret(env, a)).toBe(SECRET);
    expect(decryptTotpSecret({ SESSION_SECRET: `${env.SESSION_SECRET}x` }, a)).toBeNull();
    const [format, iv, tag, body] = a.split(".");
    const tampered = [format, iv, tag, `${body!.slice(0, -2)}AA`].join(".");
    expect(decryptTotpSecret(env, tampered)).toBeNull();
    expect(decryptTotpSecret(env, "garbage")).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are read in any case, with or without dashes and spaces; other shapes are not codes", () => {
    expect(normaliseRecoveryCode("ABCD-efgh ijkl-mn23")).toBe("abcdefghijklmn23");
    expect(normaliseRecoveryCode("123456")).toBeNull();
    expect(normaliseRecoveryCode("abcd-efgh-ijkl-mn2")).toBeNull();
    expect(normaliseRecoveryCode("abcd-efgh-ijkl-mn21")).toBeNull(); // 1 is not base32
  });
});

describe("the QR code", () => {
  it("is qrcode's SVG as a view box and paths, for React to draw", async () => {
    const qr = await qrSvg("otpauth://totp/Kwezi:a%40b.co?secret=JBSWY3DPEHPK3PXP");
    expect(qr.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(qr.paths.length).toBe(2);
    expect(qr.paths[1]!.d.length).toBeGreaterThan(100);
  });
});

function hexToBase32(hex: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...Buffer.from(hex, "hex")].map((b) => b.toString(2).padStart(8, "0")).join("");
  let out = "";
  for (let i = 0; i < bits.length; i += 5)
    out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, "0"), 2)];
  return out;
}
