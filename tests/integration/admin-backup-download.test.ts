import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyBackupFile } from "#app/server/backup/backup.server.ts";
import { removeLeftoverDownloads } from "#app/server/backup/download.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { auditLog } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTempDataDir, createTestServices, type TestServices } from "#tests/setup/services.ts";
import { seedShop } from "#tests/setup/shop.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * System → Download backup (decision 019): admins only, by POST, the whole shop as one file
 * that a restore accepts, recorded in the audit log, and nothing of it left on disk.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let clerkCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const { admin } = await seedShop(services.db, services.env, services.storage);
  adminCookie = (await signedInCookie(services, admin.id)).cookie;
  const clerk = await createTestUser(services.db, { admin: false });
  clerkCookie = (await signedInCookie(services, clerk.id)).cookie;
}, 120_000);
afterAll(() => handle.close());

const backupAudits = () =>
  services.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, "system.backup"), eq(auditLog.actorEmail, "owner@example.co.za")),
    );

/** Every file under DATA_DIR/tmp, where a download is written before it is sent. */
function filesInWorkFolder(): string[] {
  const tmp = path.join(services.env.DATA_DIR, "tmp");
  if (!fs.existsSync(tmp)) return [];
  return fs.readdirSync(tmp, { recursive: true, encoding: "utf8" });
}

const download = () =>
  app.postForm("/admin/system/backup", {}, { headers: { Cookie: adminCookie } });

describe("System → Download backup", () => {
  it("shows the System page with the download as a form that posts", async () => {
    const response = await app.request("/admin/system", { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Download backup");
    const form = /<form[^>]*action="\/admin\/system\/backup"[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="post"');
    expect(html).not.toMatch(/<a href="\/admin\/system\/backup"/);
  });

  it("streams the whole shop as a backup file and records who took it", async () => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="shop-\d{4}-\d\d-\d\d-\d{4}\.backup"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const file = path.join(createTempDataDir(), "download.backup");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const summary = await verifyBackupFile(file);
    expect(summary.files).toBe(11);
    expect(summary.header.tables.find((t) => t.name === "orders")?.rows).toBe(2);

    const [entry] = await backupAudits();
    expect(entry?.details).toMatchObject({ files: 11 });
  });

  it("leaves nothing on disk, even before the download is read, or when it is cut short", async () => {
    const unread = await download();
    expect(unread.status).toBe(200);
    // Answered, not yet read: the file is already gone from the folder (only the open
    // stream holds it).
    expect(filesInWorkFolder()).toEqual([]);
    const reader = unread.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(filesInWorkFolder()).toEqual([]);
  });

  it("answers GET and HEAD without writing a backup or an audit record", async () => {
    const before = (await backupAudits()).length;
    for (const method of ["GET", "HEAD"]) {
      const response = await app.request("/admin/system/backup", {
        method,
        headers: { Cookie: adminCookie },
      });
      expect(response.status, method).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/system");
      expect(response.headers.get("content-type")).not.toBe("application/gzip");
    }
    expect(filesInWorkFolder()).toEqual([]);
    expect((await backupAudits()).length).toBe(before);
  });

  it("is refused to anyone but an admin", async () => {
    const before = (await backupAudits()).length;
    const anonymous = await app.postForm("/admin/system/backup", {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
    const clerk = await app.postForm(
      "/admin/system/backup",
      {},
      { headers: { Cookie: clerkCookie } },
    );
    expect(clerk.status).toBe(302);
    expect(clerk.headers.get("content-type")).not.toBe("application/gzip");
    expect((await backupAudits()).length).toBe(before);
  });

  it("clears what a killed process left in the work folder at the next start", () => {
    const leftover = path.join(services.env.DATA_DIR, "tmp", "backup-download-abc123");
    fs.mkdirSync(leftover, { recursive: true });
    fs.writeFileSync(path.join(leftover, "shop-2026-01-01-0000.backup"), "partial");
    removeLeftoverDownloads(services.env.DATA_DIR);
    expect(filesInWorkFolder()).toEqual([]);
  });
});
