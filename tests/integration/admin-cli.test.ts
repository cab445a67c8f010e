import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { authenticate, isAdmin } from "#app/server/users/accounts.server.ts";
import { auditLog } from "#db/schema/index.ts";
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

    // Audited as the CLI's changes (issue 9); the refused revoke left no record.
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

  it.skipIf(TEST_DB_KIND !== "pglite")(
    "runs as a process on the configured database, with --password-stdin",
    () => {
      const dataDir = createTempDataDir();
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
      const cli = (args: string[], input?: string) =>
        spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
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
      const listed = cli(["list"]);
      expect(listed.stdout).toMatch(/ops@example\.co\.za\s+Admin/);
      const noTty = cli(["create", "tty@example.co.za"], "");
      expect(noTty.status).toBe(1);
      expect(noTty.stderr).toContain("--password-stdin");

      // The usage opens no database: it answers while a server holds the embedded one, and
      // creates no DATA_DIR where there is none.
      const elsewhere = path.join(createTempDataDir(), "not-yet");
      const help = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "--help"], {
        env: { ...env, DATA_DIR: elsewhere },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(help.status).toBe(0);
      expect(help.stdout).toContain("Usage: npm run admin -- <command>");
      expect(fs.existsSync(elsewhere)).toBe(false);
    },
    120_000,
  );
});
