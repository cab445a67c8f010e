import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ENV_SETTING_NAMES } from "./app/server/env.server.ts";

/*
 * End-to-end tests against the production build (npm run test:e2e builds it when stale),
 * served by the compiled server (build/node/server.js) on a fresh PGlite database in tests/.tmp/e2e, on the system Chromium.
 */

/**
 * The browser the journeys run in: CHROMIUM_PATH, else Debian's headless shell of the system
 * Chromium (`apt-get install chromium-headless-shell`: the same engine without the desktop
 * browser around it; the whole suite ran in 8.0 minutes with it against 12.2 with
 * `/usr/bin/chromium` on a 2-core machine), else the system Chromium itself.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const E2E_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = path.resolve(`tests/.tmp/e2e-${E2E_PORT}`);
/**
 * The journeys' server's anti-spam minimum fill time (decision 032): short, so a journey
 * waits a quarter of a second before sending a form, not production's 2 s, yet not zero, so
 * every form still goes through the rule (the refusal itself is proved at integration level
 * with a moved clock, tests/integration/held-submissions.test.ts).
 */
export const E2E_FORM_MIN_FILL_MS = 250;
export const E2E_ADMIN = { email: "admin@example.co.za", password: "admin-password-1" };

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Specs that count rows of the whole shop, or change what every page shows (the business
 * details in Settings, the portfolio and equipment lists), or send to every subscriber and
 * count them (newsletters): they run after the others, one at a time.
 */
const GLOBAL_COUNT_SPECS =
  /admin\/(subscribers|dashboard|settings|showcase|newsletters)\.spec\.ts$/;

/**
 * The passkey journey's own server (decision 036). WebAuthn's relying-party id is a domain
 * (an IP address is refused) and the server takes it from PUBLIC_URL, which is 127.0.0.1 for
 * the other journeys; so these specs browse http://localhost:<port + 1> (a secure context,
 * like 127.0.0.1) on a second server whose PUBLIC_URL says localhost. The other journeys keep
 * their server and addresses untouched.
 */
export const E2E_PASSKEY_PORT = E2E_PORT + 1;
const E2E_PASSKEY_DATA_DIR = path.resolve(`tests/.tmp/e2e-${E2E_PASSKEY_PORT}`);
const PASSKEY_SPECS = /admin\/passkeys[\w-]*\.spec\.ts$/;

/** The journeys' server's settings: production mode, a fresh database, test-only timings. */
function serverEnv(port: number, dataDir: string, publicUrl: string) {
  return {
    // Settings exported in the shell (a DATABASE_URL, an SMTP_URL) must not reach the
    // throwaway server: blank means unset.
    ...Object.fromEntries(ENV_SETTING_NAMES.map((name) => [name, ""])),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: "true",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NOTIFY_EMAIL: "office@example.co.za",
    // As behind a reverse proxy: each test sends its own client address (playwright-utils).
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "warn",
    // A throwaway server in production mode with test-only timings (decision 032).
    FORM_MIN_FILL_MS: String(E2E_FORM_MIN_FILL_MS),
    ALLOW_TEST_TIMINGS: "true",
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace costs every action a DOM snapshot; CI prints failures but keeps no files.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [GLOBAL_COUNT_SPECS, PASSKEY_SPECS],
    },
    {
      name: "passkeys",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${E2E_PASSKEY_PORT}` },
      testMatch: PASSKEY_SPECS,
    },
    // Specs that assert site-wide counts (the subscriber total, the dashboard's numbers) run
    // after the others and one at a time, so no other spec's write changes a count between
    // reading it and checking it.
    {
      name: "global-counts",
      use: { ...devices["Desktop Chrome"] },
      testMatch: GLOBAL_COUNT_SPECS,
      dependencies: ["chromium"],
      workers: 1,
    },
  ],
  webServer: [
    {
      // A fresh database with one overdue order (tests/e2e/setup/seed-overdue-order.ts), then
      // the compiled server, as production runs it (decision 030).
      command: `rm -rf "${E2E_DATA_DIR}" && npx tsx tests/e2e/setup/seed-overdue-order.ts && node --enable-source-maps build/node/server.js`,
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: serverEnv(E2E_PORT, E2E_DATA_DIR, `http://127.0.0.1:${E2E_PORT}`),
    },
    {
      command: `rm -rf "${E2E_PASSKEY_DATA_DIR}" && node --enable-source-maps build/node/server.js`,
      url: `http://127.0.0.1:${E2E_PASSKEY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: serverEnv(
        E2E_PASSKEY_PORT,
        E2E_PASSKEY_DATA_DIR,
        `http://localhost:${E2E_PASSKEY_PORT}`,
      ),
    },
  ],
});
