import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { lastBackupAt } from "#app/server/backup/backup-log.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { pgliteDirectory } from "#app/server/env.server.ts";
import { serveUploads } from "#app/server/storage/serve-uploads.server.ts";
import {
  createDatabaseStorage,
  createStorage,
  type FileStorage,
} from "#app/server/storage/storage.server.ts";
import { auditLog } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { cookiesFrom } from "#tests/setup/auth.ts";
import { ADMIN_COMMAND } from "#tests/setup/commands.ts";
import { createTempDataDir, createTestServices } from "#tests/setup/services.ts";
import { rowCounts, seedShop, storedFileBytes } from "#tests/setup/shop.ts";
import { TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * The operator's commands as processes (decision 019): `npm run admin -- backup|restore|copy-to`
 * on a shop in the embedded database, as README tells an operator to run them.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function cli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [...ADMIN_COMMAND, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      FILE_STORAGE: "",
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
    encoding: "utf8",
    timeout: 90_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A shop in an embedded database under a DATA_DIR of its own (images on disk). */
async function embeddedShop() {
  const dataDir = createTempDataDir();
  const services = createTestServices(
    await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) }).then(
      async (handle) => {
        await migrateDatabase(handle);
        cleanups.push(() => handle.close().catch(() => {}));
        return handle;
      },
    ),
    { DATA_DIR: dataDir },
  );
  await seedShop(services.db, services.env, services.storage);
  const counts = await rowCounts(services.db);
  const files = await storedFileBytes(services.db, services.storage);
  return { dataDir, services, counts, files };
}

async function closeAll() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

describe.runIf(TEST_DB_KIND === "pglite")("backup and restore on the embedded database", () => {
  it("backs up a stopped shop and restores it into an empty DATA_DIR", async () => {
    const shop = await embeddedShop();
    await closeAll();
    const file = path.join(shop.dataDir, "..", `${path.basename(shop.dataDir)}.backup`);
    const backup = cli(shop.dataDir, ["backup", file]);
    expect(backup.err).toBe("");
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.out).toMatch(/^Wrote .*: \d+ rows and 11 files/);
    // In the shop's audit log, as the CLI's, where the System page looks for the last backup
    // (the nightly backup on PostgreSQL is this command).
    const backedUp = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: shop.dataDir }) });
    try {
      expect(await lastBackupAt(backedUp.db)).toBeInstanceOf(Date);
      const [record] = await backedUp.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "system.backup"));
      expect(record).toMatchObject({
        actorEmail: "admin CLI",
        actorUserId: null,
        details: { rows: expect.any(Number), files: 11, bytes: expect.any(Number) },
      });
    } finally {
      await backedUp.close();
    }
    // `verify` checks the file alone: no database, no DATA_DIR needed.
    const nowhere = path.join(createTempDataDir(), "never-created");
    const verified = cli(nowhere, ["verify", file]);
    expect(fs.existsSync(nowhere)).toBe(false);
    expect(verified.err).toBe("");
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(
      /is complete: \d+ rows and 11 files .* on the embedded database\.$/m,
    );

    const fresh = createTempDataDir();
    const restored = cli(fresh, ["restore", file]);
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    const again = cli(fresh, ["restore", file]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      /^Refused: the target already holds a shop.*--force.*Nothing was changed/,
    );

    const handle = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: fresh }) });
    try {
      expect(await rowCounts(handle.db)).toEqual(shop.counts);
      const storage = createStorage({ DATA_DIR: fresh, FILE_STORAGE: "disk" });
      expect(await storedFileBytes(handle.db, storage)).toEqual(shop.files);
    } finally {
      await handle.close();
    }

    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 2000));
    const cut = cli(createTempDataDir(), ["restore", file]);
    expect(cut.code).toBe(1);
    expect(cut.err).toMatch(
      /cannot be restored: the file is damaged or incomplete.*Nothing was changed/,
    );
    const checked = cli(createTempDataDir(), ["verify", file]);
    expect(checked.code).toBe(1);
    expect(checked.err).toMatch(/cannot be restored: the file is damaged or incomplete/);
  }, 180_000);
});

describe.runIf(TEST_DB_KIND === "postgres")("copy-to moves an embedded shop to PostgreSQL", () => {
  it("copies every row and image, and the shop serves from PostgreSQL", async () => {
    const shop = await embeddedShop();
    await closeAll();
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `${inject("postgresRunPrefix")}_copy_${crypto.randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const targetUrl = new URL(serverUrl);
    targetUrl.pathname = `/${name}`;
    let target: DatabaseHandle | undefined;
    cleanups.push(async () => {
      await target?.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    });

    const copied = cli(shop.dataDir, ["copy-to", targetUrl.toString()]);
    expect(copied.err).toBe("");
    expect(copied.code).toBe(0);
    expect(copied.out).toMatch(/^Copied \d+ rows and 11 files/);

    target = await openDatabase({ databaseUrl: targetUrl.toString(), poolSize: 2 });
    const storage: FileStorage = createDatabaseStorage();
    const counts = await rowCounts(target.db);
    expect(counts.stored_files).toBe(11);
    delete counts.stored_files;
    const { stored_files: _none, ...sourceCounts } = shop.counts;
    expect(counts).toEqual(sourceCounts);
    expect(await storedFileBytes(target.db, storage)).toEqual(shop.files);

    // The shop serves from PostgreSQL: its products, its images, its admin's sign-in.
    const services = createTestServices(target, {
      DATABASE_URL: targetUrl.toString(),
      DATA_DIR: createTempDataDir(),
    });
    expect(services.storage.kind).toBe("database");
    const app = await createTestApp(services);
    const crafts = await (await app.request("/crafts")).text();
    expect(crafts).toContain("Wooden Bowl");
    expect(crafts).toContain("Brass Lamp");
    const image = crafts.match(/\/uploads\/products\/[0-9a-f]{32}-\d+\.webp/)![0];
    const file = await services.storage.read(target.db, image.slice("/uploads/".length));
    expect(file?.contentType).toBe("image/webp");
    // /uploads as server.ts mounts it, now from the database: the same bytes as on disk.
    const uploads = express().use(
      "/uploads",
      serveUploads({ storage: services.storage, db: target.db, dataDir: createTempDataDir() }),
    );
    const server = await new Promise<Server>((resolve) => {
      const listening = uploads.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const served = await fetch(`http://127.0.0.1:${port}${image}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(
        shop.files[image.slice("/uploads/".length)],
      );
    } finally {
      server.close();
    }
    const signIn = await app.postForm("/admin/login", {
      intent: "login",
      email: "owner@example.co.za",
      password: "correct-horse-1",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/admin/dashboard");
    const dashboard = await app.request("/admin/dashboard", {
      headers: { Cookie: cookiesFrom(signIn) },
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("owner@example.co.za");

    // Again into the same database: refused, nothing changed.
    const again = cli(shop.dataDir, ["copy-to", targetUrl.toString()]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already holds a shop/);
  }, 180_000);
});
