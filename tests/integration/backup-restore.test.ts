import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BackupFileError,
  RestoreRefusedError,
  restoreBackupFile,
  writeBackupFile,
} from "#app/server/backup/backup.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  createDatabaseStorage,
  createDiskStorage,
  type FileStorage,
  StorageWriteError,
  uploadsDirectory,
} from "#app/server/storage/storage.server.ts";
import { databaseFingerprint, executeRows } from "#tests/setup/db-fingerprint.ts";
import { createTempDataDir, createTestServices } from "#tests/setup/services.ts";
import { rowCounts, seedShop, storedFileBytes } from "#tests/setup/shop.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * Backup and restore of a whole shop as one file (decision 019): every table's rows and every
 * image, byte for byte; a damaged, cut-off or foreign file is refused before anything
 * changes; a target that holds a shop is refused unless forced; a restore that fails
 * part-way (a row the database refuses, an image the disk cannot take) leaves the target
 * exactly as it was: never half a shop.
 */

const handles: DatabaseHandle[] = [];
let source: DatabaseHandle;
let sourceStorage: FileStorage;
let backupFile: string;
const dir = createTempDataDir();

async function emptyTarget(kind: "disk" | "database") {
  const handle = await createTestDatabase();
  handles.push(handle);
  const storage =
    kind === "disk"
      ? createDiskStorage(uploadsDirectory({ DATA_DIR: createTempDataDir() }))
      : createDatabaseStorage();
  return { handle, storage };
}

beforeAll(async () => {
  source = await createTestDatabase();
  handles.push(source);
  const services = createTestServices(source);
  // PGlite shops keep images on disk, PostgreSQL shops in the database: each is backed up.
  sourceStorage = TEST_DB_KIND === "postgres" ? createDatabaseStorage() : services.storage;
  await seedShop(source.db, services.env, sourceStorage);
  backupFile = path.join(dir, "shop.backup");
  await writeBackupFile(source.db, sourceStorage, source.kind, backupFile);
}, 120_000);
afterAll(async () => {
  for (const handle of handles) await handle.close();
});

describe("backup → restore", () => {
  it.each(["disk", "database"] as const)(
    "restores every row and every image byte for byte (target storage: %s)",
    async (kind) => {
      const target = await emptyTarget(kind);
      const summary = await restoreBackupFile(target.handle.db, target.storage, backupFile);
      const sourceCounts = await rowCounts(source.db);
      const targetCounts = await rowCounts(target.handle.db);
      // Images travel as files, whichever storage holds them at either end.
      delete sourceCounts.stored_files;
      delete targetCounts.stored_files;
      expect(targetCounts).toEqual(sourceCounts);
      expect(targetCounts.orders).toBe(2);
      expect(targetCounts.order_items).toBe(4);
      expect(targetCounts.products).toBe(2);
      expect(targetCounts.admin_users).toBe(1);
      expect(targetCounts.site_settings).toBe(2); // the business details and the About section
      expect(targetCounts.showcase_items).toBe(1);
      expect(targetCounts.newsletters).toBe(1); // with its outbox row (decision 045)
      expect(targetCounts.notifications).toBeGreaterThan(0);
      const files = await storedFileBytes(source.db, sourceStorage);
      // 5 images × 2 widths (320 and their own), and the About section's video.
      expect(Object.keys(files).length).toBe(11);
      expect(await storedFileBytes(target.handle.db, target.storage)).toEqual(files);
      expect(summary.files).toBe(11);
      // Not only the counts: every value, including money, dates and texts with quotes.
      expect(await fingerprintWithoutFiles(target.handle.db)).toBe(
        await fingerprintWithoutFiles(source.db),
      );
    },
  );

  it("refuses a target that holds a shop, and replaces it with --force", async () => {
    const target = await emptyTarget("disk");
    await restoreBackupFile(target.handle.db, target.storage, backupFile);
    const before = await databaseFingerprint(target.handle.db);
    const refused = await restoreBackupFile(target.handle.db, target.storage, backupFile).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RestoreRefusedError);
    expect((refused as Error).message).toMatch(/already holds a shop.*--force/);
    expect(await databaseFingerprint(target.handle.db)).toBe(before);

    await restoreBackupFile(target.handle.db, target.storage, backupFile, { force: true });
    expect(await rowCounts(target.handle.db)).toMatchObject({ orders: 2, products: 2 });
  });
});

describe("a backup of another schema version", () => {
  it.each([
    // What rolling back an upgrade meets: the database already has the new release's schema.
    [
      "older",
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
                  select 'a-later-release', max(created_at) + 1 from drizzle.__drizzle_migrations`,
      /older version of the site \(\d+ migrations, this database has \d+\): restore it into an empty database.*docs\/deploy\.md, section 10/,
    ],
    [
      "newer",
      sql`delete from drizzle.__drizzle_migrations
                  where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      /newer version of the site.*upgrade first/,
    ],
  ] as const)(
    "is refused (the backup is %s), even with --force, changing nothing",
    async (_, change, message) => {
      const target = await emptyTarget("disk");
      await restoreBackupFile(target.handle.db, target.storage, backupFile);
      await target.handle.db.execute(change);
      const before = await databaseFingerprint(target.handle.db);
      const refused = await restoreBackupFile(target.handle.db, target.storage, backupFile, {
        force: true,
      }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RestoreRefusedError);
      expect((refused as Error).message).toMatch(message);
      expect(await databaseFingerprint(target.handle.db)).toBe(before);
    },
  );
});

describe("a damaged backup file", () => {
  const variants: [string, (bytes: Buffer) => Buffer, RegExp][] = [
    ["cut off", (b) => b.subarray(0, Math.floor(b.length * 0.6)), /damaged or incomplete/],
    [
      "with a flipped byte",
      (b) => {
        const copy = Buffer.from(b);
        const at = Math.floor(copy.length / 2);
        copy[at] = copy[at]! ^ 0xff;
        return copy;
      },
      /damaged/,
    ],
    [
      "with an edited row (valid gzip, wrong checksum)",
      (b) =>
        zlib.gzipSync(zlib.gunzipSync(b).toString("utf8").replace("Thandi Nkosi", "Thandi Nkosa")),
      /checksum does not match/,
    ],
    [
      "of another format version",
      (b) =>
        zlib.gzipSync(zlib.gunzipSync(b).toString("utf8").replace('"version":1', '"version":99')),
      /format version 99 is not supported/,
    ],
    ["that is not a backup", () => zlib.gzipSync('{"hello":"world"}\n'), /not a backup/],
    ["that is not gzip", () => Buffer.from("hello\n"), /damaged or incomplete/],
    [
      "without its end",
      (b) =>
        zlib.gzipSync(
          zlib
            .gunzipSync(b)
            .toString("utf8")
            .replace(/\{"end".*\n$/, ""),
        ),
      /incomplete/,
    ],
  ];

  it.each(variants)("is refused when %s, changing nothing", async (_name, damage, message) => {
    const target = await emptyTarget("database");
    const file = path.join(dir, `damaged-${Math.random().toString(16).slice(2)}.backup`);
    fs.writeFileSync(file, damage(fs.readFileSync(backupFile)));
    const before = await databaseFingerprint(target.handle.db);
    const error = await restoreBackupFile(target.handle.db, target.storage, file).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupFileError);
    expect((error as Error).message).toMatch(message);
    expect(await databaseFingerprint(target.handle.db)).toBe(before);
    expect(await target.storage.list(target.handle.db)).toEqual([]);
  });
});

describe("a restore that fails part-way", () => {
  it("leaves the shop it was replacing exactly as it was (--force, a row refused)", async () => {
    const target = await emptyTarget("database");
    await restoreBackupFile(target.handle.db, target.storage, backupFile);
    // The target's shop moved on since the backup: this is what must survive.
    await target.handle.db.execute(
      sql`update products set name = 'Walnut Bowl' where name = 'Wooden Bowl'`,
    );
    const before = await databaseFingerprint(target.handle.db);
    const filesBefore = await storedFileBytes(target.handle.db, target.storage);
    // The database refuses one order line of the backup, long after the truncate and the
    // first tables: a constraint that checks only new rows.
    await target.handle.db.execute(
      sql.raw(
        `alter table order_items add constraint refuse_brass_lamp check (product_name <> 'Brass Lamp') not valid`,
      ),
    );
    try {
      const error = await restoreBackupFile(target.handle.db, target.storage, backupFile, {
        force: true,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error & { cause?: Error }).cause ?? error)).toMatch(
        /refuse_brass_lamp/,
      );
    } finally {
      await target.handle.db.execute(
        sql.raw("alter table order_items drop constraint refuse_brass_lamp"),
      );
    }
    expect(await databaseFingerprint(target.handle.db)).toBe(before);
    expect(await storedFileBytes(target.handle.db, target.storage)).toEqual(filesBefore);
    const [walnut] = await executeRows<{ n: string | number }>(
      target.handle.db,
      sql`select count(*) as n from products where name = 'Walnut Bowl'`,
    );
    expect(Number(walnut?.n)).toBe(1);
  });

  it("leaves no row and no file behind when an image cannot be written", async () => {
    const target = await emptyTarget("disk");
    const disk = target.storage;
    let puts = 0;
    // The disk fills up at the fourth image of six: three files are on disk by then.
    const fillsUp: FileStorage = {
      ...disk,
      async put(db, key, body, type) {
        puts += 1;
        if (puts === 4) throw new StorageWriteError("The image storage on the server is full.");
        return disk.put(db, key, body, type);
      },
    };
    const before = await databaseFingerprint(target.handle.db);
    const error = await restoreBackupFile(target.handle.db, fillsUp, backupFile).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageWriteError);
    expect(puts).toBe(4);
    expect(await databaseFingerprint(target.handle.db)).toBe(before);
    expect(await disk.list(target.handle.db)).toEqual([]);
    // The same restore into the same target then succeeds in full.
    const summary = await restoreBackupFile(target.handle.db, disk, backupFile);
    expect(summary.files).toBe(11);
    expect(await rowCounts(target.handle.db)).toMatchObject({ orders: 2, products: 2 });
  });
});

/** Every row's fingerprint but stored_files' (whose rows travel as files). */
async function fingerprintWithoutFiles(db: DatabaseHandle["db"]) {
  return (await databaseFingerprint(db))
    .split("\n")
    .map((line) => (line.startsWith("stored_files:") ? null : line))
    .filter((line) => line !== null)
    .join("\n");
}
