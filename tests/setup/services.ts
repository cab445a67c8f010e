import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { type AppServices, rateLimitRules, systemClock } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { type Env, loadEnv } from "#app/server/env.server.ts";
import { RateLimits } from "#app/server/http/rate-limit.server.ts";
import { createStorage } from "#app/server/storage/storage.server.ts";

/** A throwaway DATA_DIR for one test file. */
export function createTempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
}

/** The services a loader or action gets, over a test database and a temp DATA_DIR. */
export function createTestServices(
  handle: DatabaseHandle,
  overrides: Record<string, string> = {},
): AppServices & { env: Env } {
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: createTempDataDir(),
    PUBLIC_URL: "http://localhost:3000",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
    NOTIFY_EMAIL: "office@example.co.za",
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...overrides,
  });
  return {
    db: handle.db,
    databaseKind: handle.kind,
    env,
    logger: pino({ level: "silent" }),
    rateLimits: new RateLimits(rateLimitRules(env)),
    storage: createStorage(env),
    clock: systemClock,
  };
}
