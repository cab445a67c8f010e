import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { EftDetails } from "#app/lib/orders.ts";
import { MAX_FORM_AGE_MS, MIN_FILL_MS } from "./http/honeypot.server.ts";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be one of true/false, 1/0, yes/no, on/off",
  })
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

const emptyAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
    ),
    // Where uploaded images live (decision 015): "database" (every app process sees them; the
    // default with DATABASE_URL) or "disk" (DATA_DIR/uploads; the default on PGlite).
    FILE_STORAGE: optional(z.enum(["disk", "database"], { error: 'must be "disk" or "database"' })),
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" })),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    ADMIN_EMAIL: optional(z.email("must be an e-mail address")),
    ADMIN_PASSWORD: optional(z.string().min(6, "must be at least 6 characters")),
    SMTP_URL: optional(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }),
    ),
    MAIL_FROM: optional(z.string().min(3)),
    NOTIFY_EMAIL: z.preprocess(
      emptyAsUndefined,
      z.email("must be an e-mail address").default("info@example.co.za"),
    ),
    // The About video on home (a video file or an embeddable page); unset shows the poster only.
    ABOUT_VIDEO_URL: optional(
      z.string().refine((value) => /^(https?:\/\/|\/(?!\/))/.test(value), {
        error: "must be an http(s):// URL or a path starting with /",
      }),
    ),
    // The company's bank account for EFT payments (decision 014), shown to a buyer whose payment
    // is arranged by EFT (their order page and the optional e-mail). Unset: the buyer reads
    // that the company will send its banking details.
    EFT_ACCOUNT_NAME: optional(z.string().trim().min(2, "must be at least 2 characters").max(100)),
    EFT_BANK_NAME: optional(z.string().trim().min(2, "must be at least 2 characters").max(100)),
    EFT_ACCOUNT_NUMBER: optional(
      z
        .string()
        .trim()
        .regex(
          /^\d[\d ]{4,18}\d$/,
          "must be the account number's digits (6 to 20, spaces allowed)",
        ),
    ),
    EFT_BRANCH_CODE: optional(
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, "must be the 6-digit branch code"),
    ),
    EFT_ACCOUNT_TYPE: optional(z.string().trim().min(2, "must be at least 2 characters").max(50)),
    // The company's VAT number (docs/product.md §3.9 "Invoice"): set, invoices are tax invoices
    // with 15% VAT included in the prices; unset, plain invoices without a VAT line.
    VAT_NUMBER: optional(
      z
        .string()
        .trim()
        .regex(/^4\d{9}$/, "must be the 10-digit VAT number (it starts with 4)"),
    ),
    SEED_DEMO: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    // docs/product.md §3.15: every admin must turn on two-step sign-in before any other admin
    // page opens (the account page, where it is set up, and Sign Out stay open).
    REQUIRE_ADMIN_2FA: z.preprocess(emptyAsUndefined, booleanFlag.default(false)),
    // docs/product.md §3.10 "States": a new address is subscribed only once the link in its
    // confirmation e-mail is used (double opt-in, POPIA consent); false: at once, as before.
    NEWSLETTER_CONFIRM: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    // Public pages kept in memory until the catalogue changes (decision 011); off is for
    // measuring what the cache buys (npm run bench) or ruling it out when debugging.
    PAGE_CACHE: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    // Behind a reverse proxy: which proxies to believe for the client address and https
    // (X-Forwarded-For / -Proto), as Express "trust proxy": false, a hop count, or
    // comma-separated proxy addresses, subnets or the names loopback, linklocal, uniquelocal.
    // `true` is refused: it believes the left-most address, which any client can write.
    TRUST_PROXY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .default("false")
        .transform((value, ctx) => {
          const parsed = parseTrustProxy(value);
          if (parsed.ok) return parsed.value;
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }),
    ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    // Test-only knobs (decision 032): the anti-spam minimum fill time and maximum form age in
    // ms, and a factor on every rate-limit window. Unset in production, which refuses values
    // weaker than the defaults unless ALLOW_TEST_TIMINGS says the server is a throwaway one.
    FORM_MIN_FILL_MS: optional(
      z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0),
    ),
    FORM_MAX_AGE_MS: optional(
      z.coerce.number({ error: "must be a number of milliseconds" }).int().min(1),
    ),
    RATE_LIMIT_WINDOW_SCALE: optional(
      z.coerce.number({ error: "must be a number" }).positive("must be more than 0"),
    ),
    ALLOW_TEST_TIMINGS: z.preprocess(emptyAsUndefined, booleanFlag.default(false)),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    // Half a bank account would send buyers wrong payment details: all four or none.
    const eft = EFT_REQUIRED.filter((name) => env[name] !== undefined);
    if (eft.length > 0 && eft.length < EFT_REQUIRED.length) {
      const missing = EFT_REQUIRED.filter((name) => env[name] === undefined);
      ctx.addIssue({
        code: "custom",
        path: [missing[0]!],
        message: `must be set too: ${EFT_REQUIRED.join(", ")} go together (${eft.join(", ")} ${eft.length === 1 ? "is" : "are"} set)`,
      });
    }
    if (env.NODE_ENV === "production" && !env.ALLOW_TEST_TIMINGS) {
      for (const issue of weakerTimings(env)) ctx.addIssue({ code: "custom", ...issue });
    }
    if (env.EFT_ACCOUNT_TYPE !== undefined && eft.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["EFT_ACCOUNT_TYPE"],
        message: `needs the bank account itself: ${EFT_REQUIRED.join(", ")}`,
      });
    }
  });

const TEST_TIMINGS_ONLY =
  "weaker timings are for test servers (ALLOW_TEST_TIMINGS=true on a throwaway one), decision 032";

/**
 * The anti-spam and rate-limit timings set weaker than production's defaults (a shorter
 * minimum fill time, a longer form age, shorter rate-limit windows): refused in production,
 * and a warning on the System page of a server that allows them.
 */
export function weakerTimings(env: {
  FORM_MIN_FILL_MS?: number | undefined;
  FORM_MAX_AGE_MS?: number | undefined;
  RATE_LIMIT_WINDOW_SCALE?: number | undefined;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (env.FORM_MIN_FILL_MS !== undefined && env.FORM_MIN_FILL_MS < MIN_FILL_MS) {
    issues.push({
      path: ["FORM_MIN_FILL_MS"],
      message: `must be at least ${MIN_FILL_MS} in production: ${TEST_TIMINGS_ONLY}`,
    });
  }
  if (env.FORM_MAX_AGE_MS !== undefined && env.FORM_MAX_AGE_MS > MAX_FORM_AGE_MS) {
    issues.push({
      path: ["FORM_MAX_AGE_MS"],
      message: `must be at most ${MAX_FORM_AGE_MS} in production: ${TEST_TIMINGS_ONLY}`,
    });
  }
  if (env.RATE_LIMIT_WINDOW_SCALE !== undefined && env.RATE_LIMIT_WINDOW_SCALE < 1) {
    issues.push({
      path: ["RATE_LIMIT_WINDOW_SCALE"],
      message: `must be at least 1 in production: ${TEST_TIMINGS_ONLY}`,
    });
  }
  return issues;
}

const EFT_REQUIRED = [
  "EFT_ACCOUNT_NAME",
  "EFT_BANK_NAME",
  "EFT_ACCOUNT_NUMBER",
  "EFT_BRANCH_CODE",
] as const;

export function eftDetails(
  env: Pick<Env, (typeof EFT_REQUIRED)[number] | "EFT_ACCOUNT_TYPE">,
): EftDetails | null {
  if (!env.EFT_ACCOUNT_NAME || !env.EFT_BANK_NAME || !env.EFT_ACCOUNT_NUMBER) return null;
  if (!env.EFT_BRANCH_CODE) return null;
  return {
    accountName: env.EFT_ACCOUNT_NAME,
    bankName: env.EFT_BANK_NAME,
    accountNumber: env.EFT_ACCOUNT_NUMBER,
    branchCode: env.EFT_BRANCH_CODE,
    accountType: env.EFT_ACCOUNT_TYPE ?? null,
  };
}

/** The names Express (proxy-addr) knows for groups of proxy addresses. */
const PROXY_ADDRESS_NAMES = ["loopback", "linklocal", "uniquelocal"];

const TRUST_PROXY_EXAMPLES =
  "the number of proxies in front of the app (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)";

/**
 * TRUST_PROXY as Express's "trust proxy" setting: false, a hop count (1 = the one proxy in
 * front), or proxy addresses, subnets (CIDR) and names. Anything else is refused with the
 * reason, `true` first: it believes whatever X-Forwarded-For a client sends.
 */
export function parseTrustProxy(
  value: string,
): { ok: true; value: false | number | string } | { ok: false; message: string } {
  const trimmed = value.trim().toLowerCase();
  if (["false", "no", "off", "0"].includes(trimmed)) return { ok: true, value: false };
  if (["true", "yes", "on"].includes(trimmed)) {
    return {
      ok: false,
      message: `must not be ${trimmed}: that believes the left-most X-Forwarded-For address, which any client can write; set ${TRUST_PROXY_EXAMPLES}`,
    };
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 10) return { ok: false, message: "must be at most 10 proxies (hops)" };
    return { ok: true, value: hops };
  }
  const entries = trimmed.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    return {
      ok: false,
      message: `must be false, ${TRUST_PROXY_EXAMPLES}, comma-separated; "${wrong}" is none of these`,
    };
  }
  return { ok: true, value: entries.join(", ") };
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Every setting the app reads from the environment (for tools that start it on purpose). */
export const ENV_SETTING_NAMES = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & {
  FILE_STORAGE: "disk" | "database";
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  MAIL_FROM: string;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Parses the environment once at start. A wrong value stops start-up with a one-line message
 * naming the variable. SESSION_SECRET, when absent, is generated once and kept in DATA_DIR.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const value = source[name];
      const shown =
        name.includes("PASSWORD") || name.includes("SECRET") ? "" : ` (got "${value ?? ""}")`;
      return `${name} ${issue.message}${value === undefined ? "" : shown}`;
    });
    throw new EnvError(`invalid configuration: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    FILE_STORAGE: env.FILE_STORAGE ?? (env.DATABASE_URL ? "database" : "disk"),
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: env.SESSION_SECRET ?? readOrCreateSecret(env.DATA_DIR),
    MAIL_FROM: env.MAIL_FROM ?? `Website <${env.NOTIFY_EMAIL}>`,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: create it below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Whether the site's public address is https: its cookies are then Secure. */
export function isServedOverHttps(env: Pick<Env, "PUBLIC_URL">): boolean {
  return env.PUBLIC_URL.startsWith("https:");
}

/** Where PGlite keeps its files when DATABASE_URL is unset. */
export function pgliteDirectory(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "db");
}
