import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rateLimitRules } from "./context.server.ts";
import { EnvError, eftDetails, loadEnv, parseTrustProxy } from "./env.server.ts";
import { formTimings, MAX_FORM_AGE_MS, MIN_FILL_MS } from "./http/honeypot.server.ts";

const EFT = {
  EFT_ACCOUNT_NAME: "Kwezi Engineering (Pty) Ltd",
  EFT_BANK_NAME: "First National Bank",
  EFT_ACCOUNT_NUMBER: "6200 1234 567",
  EFT_BRANCH_CODE: "250655",
};

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));

describe("loadEnv", () => {
  it("applies the documented defaults", () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("reads the EFT bank account (decision 014), or none: never a made-up one", () => {
    expect(eftDetails(loadEnv({ DATA_DIR: dataDir() }))).toBeNull();
    expect(
      eftDetails(loadEnv({ DATA_DIR: dataDir(), ...EFT, EFT_ACCOUNT_TYPE: "Cheque" })),
    ).toEqual({
      accountName: "Kwezi Engineering (Pty) Ltd",
      bankName: "First National Bank",
      accountNumber: "6200 1234 567",
      branchCode: "250655",
      accountType: "Cheque",
    });
    expect(eftDetails(loadEnv({ DATA_DIR: dataDir(), ...EFT }))?.accountType).toBeNull();
  });

  it("generates SESSION_SECRET once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir }).SESSION_SECRET;
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(fs.readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
  });

  it.each([
    [{ PORT: "abc" }, /^invalid configuration: PORT must be a port number \(got "abc"\)$/],
    [{ PORT: "70000" }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: "mysql://x@y/z" }, /DATABASE_URL must be a postgres/],
    [{ PUBLIC_URL: "localhost" }, /PUBLIC_URL must be an http/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL must be an smtp/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO must be one of/],
    [{ TRUST_PROXY: "yes please!" }, /TRUST_PROXY must be false, the number of proxies/],
    [
      { TRUST_PROXY: "true" },
      /^invalid configuration: TRUST_PROXY must not be true: that believes the left-most X-Forwarded-For address, which any client can write; set the number of proxies in front of the app \(e\.g\. 1\) or their addresses \(e\.g\. loopback or 10\.0\.0\.0\/8\) \(got "true"\)$/,
    ],
    [
      { ADMIN_EMAIL: "boss@example.com" },
      /ADMIN_PASSWORD ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    ],
    [{ ...EFT, EFT_BRANCH_CODE: "25065" }, /EFT_BRANCH_CODE must be the 6-digit branch code/],
    [{ VAT_NUMBER: "123456789" }, /VAT_NUMBER must be the 10-digit VAT number/],
    [{ VAT_NUMBER: "5123456789" }, /VAT_NUMBER must be the 10-digit VAT number/],
    [{ ...EFT, EFT_ACCOUNT_NUMBER: "62-00" }, /EFT_ACCOUNT_NUMBER must be the account number/],
    [
      { EFT_ACCOUNT_NAME: "Kwezi", EFT_BANK_NAME: "FNB" },
      /EFT_ACCOUNT_NUMBER must be set too: EFT_ACCOUNT_NAME, EFT_BANK_NAME, EFT_ACCOUNT_NUMBER, EFT_BRANCH_CODE go together/,
    ],
    [{ EFT_ACCOUNT_TYPE: "Cheque" }, /EFT_ACCOUNT_TYPE needs the bank account itself/],
  ])("names the variable in the message for %o", (values, message) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...values })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...values })).toThrow(message);
  });

  it("never echoes a password or secret", () => {
    try {
      loadEnv({ DATA_DIR: dataDir(), ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "abc" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain("ADMIN_PASSWORD must be at least 6 characters");
      expect((error as Error).message).not.toContain('"abc"');
    }
  });

  it("treats empty strings as unset and trims a trailing slash from PUBLIC_URL", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: "", PUBLIC_URL: "https://x.co.za/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("https://x.co.za");
  });

  it("reads TRUST_PROXY as Express's trust proxy setting: off, hops or proxy addresses", () => {
    const trust = (value?: string) =>
      loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust("off")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("loopback")).toBe("loopback");
    expect(trust("Loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
    expect(trust("172.16.0.1,fd00::/8, uniquelocal,linklocal")).toBe(
      "172.16.0.1, fd00::/8, uniquelocal, linklocal",
    );
  });
});

describe("test-only timings (decision 032)", () => {
  const production = { NODE_ENV: "production", DATA_DIR: dataDir() };
  const refusal = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as Error).message;
    }
    return null;
  };

  it("are production's constants when unset", () => {
    const env = loadEnv(production);
    expect(formTimings(env)).toEqual({ minFillMs: MIN_FILL_MS, maxAgeMs: MAX_FORM_AGE_MS });
    expect(rateLimitRules(env).publicForm).toEqual({ points: 10, durationSeconds: 60 });
  });

  it("are read where the server is not in production", () => {
    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir(),
      FORM_MIN_FILL_MS: "250",
      FORM_MAX_AGE_MS: "60000",
      RATE_LIMIT_WINDOW_SCALE: "0.5",
    });
    expect(formTimings(env)).toEqual({ minFillMs: 250, maxAgeMs: 60_000 });
    expect(rateLimitRules(env).publicForm).toEqual({ points: 10, durationSeconds: 30 });
    expect(rateLimitRules(env).loginFailuresPerAddress.durationSeconds).toBe(450);
  });

  it("are refused at start in production when weaker than the defaults, with the reason", () => {
    expect(refusal({ ...production, FORM_MIN_FILL_MS: "300" })).toBe(
      'invalid configuration: FORM_MIN_FILL_MS must be at least 2000 in production: weaker timings are for test servers (ALLOW_TEST_TIMINGS=true on a throwaway one), decision 032 (got "300")',
    );
    expect(refusal({ ...production, FORM_MAX_AGE_MS: String(MAX_FORM_AGE_MS + 1) })).toContain(
      `FORM_MAX_AGE_MS must be at most ${MAX_FORM_AGE_MS} in production`,
    );
    expect(refusal({ ...production, RATE_LIMIT_WINDOW_SCALE: "0.01" })).toContain(
      "RATE_LIMIT_WINDOW_SCALE must be at least 1 in production",
    );
    const all = refusal({
      ...production,
      FORM_MIN_FILL_MS: "0",
      FORM_MAX_AGE_MS: String(24 * 60 * 60 * 1000),
      RATE_LIMIT_WINDOW_SCALE: "0.5",
    });
    expect(all).toMatch(/FORM_MIN_FILL_MS .*; FORM_MAX_AGE_MS .*; RATE_LIMIT_WINDOW_SCALE /);
  });

  it("are accepted in production when as strict as the defaults or stricter", () => {
    const env = loadEnv({
      ...production,
      FORM_MIN_FILL_MS: "3000",
      FORM_MAX_AGE_MS: "3600000",
      RATE_LIMIT_WINDOW_SCALE: "2",
    });
    expect(formTimings(env)).toEqual({ minFillMs: 3000, maxAgeMs: 3_600_000 });
    expect(rateLimitRules(env).publicForm.durationSeconds).toBe(120);
  });

  it("are accepted in production on a throwaway test server that says so (ALLOW_TEST_TIMINGS)", () => {
    const env = loadEnv({ ...production, FORM_MIN_FILL_MS: "250", ALLOW_TEST_TIMINGS: "true" });
    expect(formTimings(env).minFillMs).toBe(250);
  });

  it("refuse values that are no duration", () => {
    expect(refusal({ DATA_DIR: dataDir(), FORM_MIN_FILL_MS: "soon" })).toContain(
      'FORM_MIN_FILL_MS must be a number of milliseconds (got "soon")',
    );
    expect(refusal({ DATA_DIR: dataDir(), RATE_LIMIT_WINDOW_SCALE: "0" })).toContain(
      "RATE_LIMIT_WINDOW_SCALE must be more than 0",
    );
  });
});

describe("parseTrustProxy", () => {
  it.each(["true", "TRUE", " yes ", "on"])(
    "refuses %j: any client could pick its address",
    (value) => {
      const parsed = parseTrustProxy(value);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.message).toMatch(
        /^must not be (true|yes|on): that believes the left-most X-Forwarded-For address/,
      );
    },
  );

  it.each([
    ["11", /at most 10 proxies/],
    ["1.5", /"1\.5" is none of these/],
    ["10.0.0.0/33", /"10\.0\.0\.0\/33" is none of these/],
    ["fd00::/129", /"fd00::\/129" is none of these/],
    ["10.0.0.0/8/8", /is none of these/],
    ["proxy.example", /"proxy\.example" is none of these/],
    ["loopback,", /"" is none of these/],
    ["10.0.0.256", /"10\.0\.0\.256" is none of these/],
  ])("refuses %j, naming the wrong part", (value, message) => {
    const parsed = parseTrustProxy(value);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(message);
  });
});
