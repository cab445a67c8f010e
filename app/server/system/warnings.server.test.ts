import { describe, expect, it } from "vitest";
import {
  configurationWarnings,
  isExampleAddress,
  senderAddress,
  startupWarnings,
  type WarningEnv,
} from "./warnings.server.ts";

/** The shipped defaults, as loadEnv gives them with nothing set. */
const fresh: WarningEnv = {
  NODE_ENV: "production",
  NOTIFY_EMAIL: "info@example.co.za",
  MAIL_FROM: "Website <info@example.co.za>",
  SMTP_URL: undefined,
  PUBLIC_URL: "http://localhost:3000",
  DATA_DIR: "/var/lib/kwezi",
  SEED_DEMO: true,
};

/** What docs/deploy.md tells an owner to set. */
const configured: WarningEnv = {
  ...fresh,
  NOTIFY_EMAIL: "info@kwezi-engineering.co.za",
  MAIL_FROM: "Kwezi Engineering <no-reply@kwezi-engineering.co.za>",
  SMTP_URL: "smtp://user:pass@smtp.provider.co.za:587",
  PUBLIC_URL: "https://kwezi-engineering.co.za",
};

const ids = (env: WarningEnv) => configurationWarnings(env).map((w) => w.id);

describe("example addresses", () => {
  it("knows the example domains, their subdomains and the reserved top-level names", () => {
    for (const address of [
      "info@example.co.za",
      "a@example.com",
      "a@EXAMPLE.org",
      "a@example.net.",
      "a@mail.example.com",
      "a@shop.example",
      "a@nowhere.invalid",
      "a@kwezi.test",
      "a@localhost",
    ]) {
      expect(isExampleAddress(address), address).toBe(true);
    }
    for (const address of [
      "info@kwezi-engineering.co.za",
      "a@example.co.za.kwezi.co.za",
      "a@notexample.com",
      "a@examples.com",
      "a@testing.co.za",
    ]) {
      expect(isExampleAddress(address), address).toBe(false);
    }
  });

  it("reads the address of a From header", () => {
    expect(senderAddress("Kwezi Engineering <no-reply@kwezi.co.za>")).toBe("no-reply@kwezi.co.za");
    expect(senderAddress('"Kwezi, Durban" <a@b.co.za> ')).toBe("a@b.co.za");
    expect(senderAddress("a@b.co.za")).toBe("a@b.co.za");
  });
});

describe("configuration warnings", () => {
  it("warns about every shipped default an owner must change", () => {
    expect(ids(fresh)).toEqual(["notify-example", "sender-example", "no-smtp", "public-url-http"]);
  });

  it("has nothing to say about a server set up as docs/deploy.md says", () => {
    expect(configurationWarnings(configured)).toEqual([]);
  });

  it("says when a production server runs with test timings, and which", () => {
    const testing = {
      ...configured,
      ALLOW_TEST_TIMINGS: true,
      FORM_MIN_FILL_MS: 250,
      RATE_LIMIT_WINDOW_SCALE: 0.1,
    };
    const [warning, ...rest] = configurationWarnings(testing);
    expect(rest).toEqual([]);
    expect(warning?.id).toBe("test-timings");
    expect(warning?.problem).toContain("FORM_MIN_FILL_MS, RATE_LIMIT_WINDOW_SCALE are set below");
    // The flag alone, or timings at their defaults, weaken nothing.
    expect(ids({ ...configured, ALLOW_TEST_TIMINGS: true })).toEqual([]);
    expect(ids({ ...testing, NODE_ENV: "development" })).toEqual([]);
  });

  it("clears each warning with its own setting", () => {
    expect(ids({ ...fresh, NOTIFY_EMAIL: "office@kwezi.co.za" })).toEqual([
      // MAIL_FROM is still the example (set explicitly here, as loadEnv fills it in).
      "sender-example",
      "no-smtp",
      "public-url-http",
    ]);
    expect(ids({ ...fresh, MAIL_FROM: "Kwezi <no-reply@kwezi.co.za>" })).not.toContain(
      "sender-example",
    );
    expect(ids({ ...fresh, SMTP_URL: "smtps://u:p@mail.kwezi.co.za:465" })).not.toContain(
      "no-smtp",
    );
    expect(ids({ ...fresh, PUBLIC_URL: "https://kwezi.co.za" })).not.toContain("public-url-http");
  });

  it("minds http only in production", () => {
    expect(ids({ ...configured, PUBLIC_URL: "http://kwezi.co.za" })).toEqual(["public-url-http"]);
    for (const NODE_ENV of ["development", "test"] as const) {
      expect(ids({ ...configured, NODE_ENV, PUBLIC_URL: "http://localhost:3000" })).toEqual([]);
    }
  });

  it("says what is wrong, what to set, where, and which section explains it", () => {
    const [notify, sender, smtp, http] = configurationWarnings(fresh);
    expect(notify!.problem).toContain("info@example.co.za");
    // The address the e-mails' signature gives, which the owner expects alerts at.
    expect(notify!.problem).toContain("info@kwezi-engineering.co.za");
    expect(notify!.fix).toMatch(/^Set NOTIFY_EMAIL to .*\/etc\/kwezi\/kwezi\.env.*restart/);
    expect(notify!.docs).toBe("docs/deploy.md, section 5 (Mail)");
    expect(sender!.problem).toContain("MAIL_FROM is not set");
    expect(sender!.fix).toMatch(/^Set MAIL_FROM to /);
    expect(smtp!.problem).toContain("/var/lib/kwezi/mail");
    expect(smtp!.fix).toMatch(/^Set SMTP_URL to /);
    expect(http!.problem).toContain("http://localhost:3000");
    expect(http!.fix).toContain("set PUBLIC_URL to its https address");
    expect(http!.docs).toMatch(/^docs\/deploy\.md, section 2 .*section 4/);
    expect(
      configurationWarnings({ ...fresh, MAIL_FROM: "Shop <shop@example.com>" })[1]!.problem,
    ).not.toContain("MAIL_FROM is not set");
  });
});

describe("the start log", () => {
  it("logs the configuration warnings, one line each, naming the settings", () => {
    const lines = startupWarnings(fresh);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^configuration: Staff alerts go to an example address\. .*NOTIFY_EMAIL.*\(docs\/deploy\.md, section 5 \(Mail\)\)$/,
    );
    expect(lines.join("\n")).toContain("Set SMTP_URL");
    expect(startupWarnings(configured)).toEqual([]);
  });

  it("leaves out mail written to files outside production, where that is the point", () => {
    expect(
      startupWarnings({ ...configured, NODE_ENV: "development", SMTP_URL: undefined }),
    ).toEqual([]);
  });
});
