import crypto from "node:crypto";
import { count, sql } from "drizzle-orm";
import pino from "pino";
import postgres from "postgres";
import { afterEach, describe, expect, inject, it } from "vitest";
import { bootstrapDatabase, NO_ADMIN_WARNING } from "#app/server/db/bootstrap.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/client.server.ts";
import { MigrationError } from "#app/server/db/migrate.server.ts";
import { loadEnv, pgliteDirectory } from "#app/server/env.server.ts";
import { authenticate, isAdmin } from "#app/server/users/accounts.server.ts";
import { createSession, getSessionUser } from "#app/server/users/session.server.ts";
import { products, sessions, users } from "#db/schema/index.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * What start-up does to the configured database: migrations, the ADMIN_EMAIL
 * account (created, or its password reset and its sessions ended), and a migration that fails stopping start-up with one readable line.
 */

const logger = pino({ level: "silent" });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty, unmigrated database of this run's kind, and the env that points at it. */
async function emptyDatabase(settings: Record<string, string> = {}) {
  const dataDir = createTempDataDir();
  let databaseUrl: string | undefined;
  if (TEST_DB_KIND === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject("postgresRunPrefix")}_boot_${crypto.randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    databaseUrl = parsed.toString();
    cleanups.push(async () => {
      const dropper = postgres(url, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    });
  }
  const env = (overrides: Record<string, string> = {}) =>
    loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
      SEED_DEMO: "false",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...settings,
      ...overrides,
    });
  const open = () =>
    openDatabase(
      databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) },
    );
  return { env, open };
}

async function using<T>(handle: DatabaseHandle, use: (handle: DatabaseHandle) => Promise<T>) {
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

describe("start-up on the configured database", () => {
  // Migrating a real on-disk database twice takes a few seconds.
  it("creates the ADMIN_EMAIL admin; a later start with a new password resets it and ends its sessions", {
    timeout: 90_000,
  }, async () => {
    const database = await emptyDatabase({ ADMIN_EMAIL: "Owner@Example.co.za" });

    const first = await bootstrapDatabase(
      database.env({ ADMIN_PASSWORD: "first-password-1" }),
      logger,
    );
    let sessionToken = "";
    await using(first, async ({ db }) => {
      const signedIn = await authenticate(db, "owner@example.co.za", "first-password-1");
      expect(signedIn).toMatchObject({ ok: true, isAdmin: true });
      if (!signedIn.ok) throw new Error("unreachable");
      sessionToken = (await createSession(db, signedIn.userId)).token;
    });

    // A restart with the same password changes nothing: the admin stays signed in.
    const restart = await bootstrapDatabase(
      database.env({ ADMIN_PASSWORD: "first-password-1" }),
      logger,
    );
    await using(restart, async ({ db }) => {
      expect(await getSessionUser(db, sessionToken)).toMatchObject({ isAdmin: true });
    });

    // A later start with another password: the same account, the new password, still an
    // admin (the seeding rules are proven in demo-catalogue.test.ts).
    const second = await bootstrapDatabase(
      database.env({ ADMIN_PASSWORD: "second-password-2" }),
      logger,
    );
    await using(second, async ({ db }) => {
      expect(await authenticate(db, "owner@example.co.za", "first-password-1")).toEqual({
        ok: false,
      });
      const signedIn = await authenticate(db, "owner@example.co.za", "second-password-2");
      expect(signedIn).toMatchObject({ ok: true, isAdmin: true });
      if (!signedIn.ok) throw new Error("unreachable");
      expect(await isAdmin(db, signedIn.userId)).toBe(true);
      expect(await db.$count(users)).toBe(1);
      // A changed password ends the sessions signed in with the old one.
      expect(await getSessionUser(db, sessionToken)).toBeNull();
      expect(await db.$count(sessions)).toBe(0);
    });
  });

  it("warns at each start while no account is an admin, saying how to make one", {
    timeout: 90_000,
  }, async () => {
    // A newcomer's first `npm start`: no ADMIN_EMAIL, so a shop nobody can sign in to.
    const database = await emptyDatabase();
    const lines: { level: number; msg: string }[] = [];
    const recording = pino(
      { level: "info" },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    await using(await bootstrapDatabase(database.env(), recording), async () => {});
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toEqual([NO_ADMIN_WARNING]);
    expect(NO_ADMIN_WARNING).toContain("ADMIN_EMAIL and ADMIN_PASSWORD");
    expect(NO_ADMIN_WARNING).toContain("npm run admin -- create");

    // Once an admin exists (here through ADMIN_EMAIL), starts are quiet again.
    lines.length = 0;
    const withAdmin = database.env({
      ADMIN_EMAIL: "owner@example.co.za",
      ADMIN_PASSWORD: "owner-password-1",
    });
    await using(await bootstrapDatabase(withAdmin, recording), async () => {});
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });

  it.runIf(TEST_DB_KIND === "postgres")(
    "two processes starting together on an empty PostgreSQL seed one catalogue and one admin",
    { timeout: 120_000 },
    async () => {
      const database = await emptyDatabase({
        ADMIN_EMAIL: "owner@example.co.za",
        ADMIN_PASSWORD: "first-password-1",
        SEED_DEMO: "true",
      });
      // Each with its own data directory, as two app servers have.
      const started = await Promise.allSettled([
        bootstrapDatabase(database.env(), logger),
        bootstrapDatabase(database.env({ DATA_DIR: createTempDataDir() }), logger),
      ]);
      const handles = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      try {
        expect(started.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
        const { db } = handles[0]!;
        const [row] = await db.select({ n: count() }).from(products);
        expect(row!.n).toBeGreaterThan(0);
        // One catalogue: no category or product twice.
        const duplicates = await db.execute(
          sql`select name from products group by name having count(*) > 1`,
        );
        expect([...(duplicates as unknown as unknown[])]).toEqual([]);
        expect(await db.$count(users)).toBe(1);
      } finally {
        for (const handle of handles) await handle.close();
      }
    },
  );

  it("stops with one line naming the failed migration, and leaves the database closed", {
    timeout: 90_000,
  }, async () => {
    const database = await emptyDatabase();
    // Something in the way of the first migration: an operator's own table of the same name.
    await using(await database.open(), async ({ db }) => {
      await db.execute(sql`create table categories (id integer primary key)`);
    });

    const failure = await bootstrapDatabase(database.env(), logger).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect(failure).toMatchObject({ migration: "0000_init", transient: false });
    const message = (failure as Error).message;
    expect(message).toMatch(
      /^database migration 0000_init failed: .*categories.*; nothing was applied/,
    );
    expect(message).not.toContain("\n");

    // Closed: the embedded database can be opened again at once (PGlite allows one opener).
    await using(await database.open(), async ({ db }) => {
      // Nothing of the failed migration was kept: it ran in one transaction.
      await expect(db.select({ n: count() }).from(products)).rejects.toThrow(/products/);
    });
  });
});
