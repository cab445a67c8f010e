import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { BusinessDetails } from "#app/lib/business.ts";
import { type AppServices, rateLimitRules, systemClock } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { type Env, loadEnv } from "#app/server/env.server.ts";
import { RateLimits } from "#app/server/http/rate-limit.server.ts";
import {
  BusinessDetailsCache,
  firstBusinessDetails,
} from "#app/server/site/business-details.server.ts";
import { createStorage } from "#app/server/storage/storage.server.ts";

/** The environment with the business details (`MailEnv`), for domain functions under test. */
export type TestEnv = Env & { business: BusinessDetails };

/** The services of a test: `env` also holds the business details. */
export type TestServices = AppServices & { env: TestEnv };

/** A throwaway DATA_DIR for one test file. */
export function createTempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
}

/** The services a loader or action gets, over a test database and a temp DATA_DIR. */
export function createTestServices(
  handle: DatabaseHandle,
  overrides: Record<string, string> = {},
): TestServices {
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
    // The business details beside the environment, as withBusinessDetails gives the domain
    // functions that send e-mail: the first values, which an empty test database also serves.
    env: { ...env, business: firstBusinessDetails(env) },
    logger: pino({ level: "silent" }),
    rateLimits: new RateLimits(rateLimitRules(env)),
    storage: createStorage(env),
    clock: systemClock,
    business: new BusinessDetailsCache(handle.db, env),
  };
}
