import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { REWRITTEN_MIGRATIONS, readMigrations } from "#app/server/db/migrate.server.ts";
import { authenticate, isAdmin } from "#app/server/users/accounts.server.ts";
import { auditLog } from "#db/schema/index.ts";
import { ADMIN_COMMAND } from "#tests/setup/commands.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";
import { type CliIo, runAdminCli } from "../../scripts/admin-cli.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);
afterAll(() => handle.close());

function fakeIo(password = "cli-password-1") {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readPassword: async () => password,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  return { io, out, err };
}

const run = (argv: string[], password?: string) => {
  const { io, out, err } = fakeIo(password);
  return runAdminCli(handle.db, argv, io).then((code) => ({ code, out, err }));
};

describe("admin CLI", () => {
  it("create makes a regular account with the given password", async () => {
    const result = await run(["create", "Clerk@Example.co.za"]);
    expect(result).toMatchObject({ code: 0, out: ["Created clerk@example.co.za."] });
    const auth = await authenticate(handle.db, "clerk@example.co.za", "cli-password-1");
    expect(auth).toMatchObject({ ok: true, isAdmin: false });
  });

  it("create refuses an existing e-mail, a bad e-mail and a short password", async () => {
    expect((await run(["create", "clerk@example.co.za"])).code).toBe(1);
    expect((await run(["create", "not-an-email"])).err[0]).toContain(
      "Please enter a valid email address",
    );
    const short = await run(["create", "short@example.co.za"], "12345");
    expect(short).toMatchObject({ code: 1, err: ["Password must be at least 6 characters"] });
    expect((await run(["create", "x@example.co.za", "--bogus"])).code).toBe(2);
  });

  it("grant and revoke change admin access; revoke refuses the last admin", async () => {
    const clerk = await authenticate(handle.db, "clerk@example.co.za", "cli-password-1");
    if (!clerk.ok) throw new Error("clerk missing");
    expect(await run(["grant", "CLERK@example.co.za"])).toMatchObject({
      code: 0,
      out: ["clerk@example.co.za is now an admin."],
    });
    expect(await isAdmin(handle.db, clerk.userId)).toBe(true);
    const last = await run(["revoke", "clerk@example.co.za"]);
    expect(last.code).toBe(1);
    expect(last.err[0]).toContain("You cannot revoke the last admin.");
    expect(await isAdmin(handle.db, clerk.userId)).toBe(true);

    expect((await run(["create", "boss@example.co.za", "--admin"])).code).toBe(0);
    expect((await run(["revoke", "clerk@example.co.za"])).code).toBe(0);
    expect(await isAdmin(handle.db, clerk.userId)).toBe(false);
    expect((await run(["grant", "ghost@example.co.za"])).err[0]).toContain("No account for");

    // Audited as the CLI's changes (decision 010); the refused revoke left no record.
    const audit = await handle.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail, details: auditLog.details })
      .from(auditLog)
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toEqual([
      { action: "user.grant-admin", actor: "admin CLI", details: { email: "clerk@example.co.za" } },
      { action: "user.grant-admin", actor: "admin CLI", details: { email: "boss@example.co.za" } },
      {
        action: "user.revoke-admin",
        actor: "admin CLI",
        details: { email: "clerk@example.co.za" },
      },
    ]);
  });

  it("list shows every account and its access", async () => {
    const result = await run(["list"]);
    expect(result.code).toBe(0);
    expect(result.out.slice(1)).toEqual([
      expect.stringMatching(/^boss@example\.co\.za\s+Admin$/),
      expect.stringMatching(/^clerk@example\.co\.za\s+Regular User$/),
    ]);
  });

  it("answers unknown commands with the usage", async () => {
    const result = await run(["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain("Usage: npm run admin");
  });

  it("migrations status says what the next start would apply, changing nothing", async () => {
    const upToDate = await run(["migrations", "status"]);
    expect(upToDate).toMatchObject({ code: 0, err: [] });
    expect(upToDate.out.at(-1)).toBe("Up to date: the next start applies no migration.");

    const recorded = async () => {
      const result = (await handle.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at`,
      )) as unknown;
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        id: number;
        hash: string;
        created_at: string | number;
      }[];
    };
    const before = await recorded();
    const last = before.at(-1)!;
    const migrationsBefore = before.length;
    const migrations = readMigrations();
    try {
      // As if the database were one release behind: the newest migration pending.
      await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
      const behind = await run(["migrations", "status"]);
      expect(behind.code).toBe(0);
      expect(behind.out).toEqual([
        `Recorded in the database: ${migrationsBefore - 1} migration(s).`,
        "Pending: the next start applies 1 migration(s), in one transaction (all or none):",
        expect.stringMatching(new RegExp(`^ {2}${migrations.at(-1)!.tag} {2}\\(generated 2026-`)),
      ]);

      // Made by a release whose last migration was 0011 in its first text (decision 029):
      // repaired, and the migrations after 0011 pending.
      const rewritten = REWRITTEN_MIGRATIONS[0]!;
      const rewrittenAt = migrations.find((m) => m.tag === rewritten.tag)!.when;
      await handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at >= ${rewrittenAt}`,
      );
      await handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${rewritten.was.hash}, ${rewritten.was.when})`,
      );
      const repair = await run(["migrations", "status"]);
      expect(repair.code).toBe(0);
      expect(repair.out[1]).toMatch(
        /^To repair: 0011_admin_counts_at_scale is recorded in the text/,
      );
      const later = migrations.filter((m) => m.when > rewrittenAt).map((m) => m.tag);
      expect(repair.out.slice(3).map((line) => line.trim().split(/\s+/)[0])).toEqual(later);

      // Migrated by a newer release: this one cannot run on it.
      await handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values ('from-a-newer-release', ${Number(last.created_at) + 1000})`,
      );
      const newer = await run(["migrations", "status"]);
      expect(newer.code).toBe(1);
      expect(newer.err[0]).toMatch(/^The database has 1 migration\(s\) this release does not have/);
    } finally {
      // Back to the rows as they were.
      await handle.db.execute(sql`delete from drizzle.__drizzle_migrations`);
      for (const row of before) {
        await handle.db.execute(
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
              values (${row.id}, ${row.hash}, ${row.created_at})`,
        );
      }
    }
    expect(await recorded()).toEqual(before);
    expect((await run(["migrations", "status"])).out.at(-1)).toBe(
      "Up to date: the next start applies no migration.",
    );
    expect((await run(["migrations", "check"])).code).toBe(2);
  });

  it.skipIf(TEST_DB_KIND !== "pglite")(
    "runs as a process on the configured database, with --password-stdin",
    () => {
      const dataDir = createTempDataDir();
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
      const cli = (args: string[], input?: string) =>
        spawnSync(process.execPath, [...ADMIN_COMMAND, ...args], {
          env,
          input,
          encoding: "utf8",
          timeout: 60_000,
        });
      const created = cli(
        ["create", "ops@example.co.za", "--admin", "--password-stdin"],
        "ops-pass-1\n",
      );
      expect(created.stderr).toBe("");
      expect(created.status).toBe(0);
      expect(created.stdout).toContain("ops@example.co.za is now an admin.");
      // Nothing for the next start to apply: create migrated first.
      expect(cli(["migrations", "status"]).stdout).toContain("Up to date");
      const listed = cli(["list"]);
      expect(listed.stdout).toMatch(/ops@example\.co\.za\s+Admin/);
      const noTty = cli(["create", "tty@example.co.za"], "");
      expect(noTty.status).toBe(1);
      expect(noTty.stderr).toContain("--password-stdin");

      // The usage opens no database: it answers while a server holds the embedded one, and
      // creates no DATA_DIR where there is none.
      const elsewhere = path.join(createTempDataDir(), "not-yet");
      const help = spawnSync(process.execPath, [...ADMIN_COMMAND, "--help"], {
        env: { ...env, DATA_DIR: elsewhere },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(help.status).toBe(0);
      expect(help.stdout).toContain("Usage: npm run admin -- <command>");
      expect(fs.existsSync(elsewhere)).toBe(false);

      // migrations status on a new database lists every migration and applies none of them.
      const empty = { ...env, DATA_DIR: createTempDataDir() };
      const status = () =>
        spawnSync(process.execPath, [...ADMIN_COMMAND, "migrations", "status"], {
          env: empty,
          encoding: "utf8",
          timeout: 60_000,
        });
      const first = status();
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      expect(first.stdout).toContain("Recorded in the database: 0 migration(s).");
      expect(first.stdout).toContain("  0000_init  (generated");
      expect(status().stdout).toBe(first.stdout);
    },
    120_000,
  );
});
