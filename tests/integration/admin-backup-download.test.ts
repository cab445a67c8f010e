import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyBackupFile } from "#app/server/backup/backup.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { auditLog } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTempDataDir, createTestServices } from "#tests/setup/services.ts";
import { seedShop } from "#tests/setup/shop.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * System → Download backup (issue 17): admins only, the whole shop as one file that
 * a restore accepts, recorded in the audit log.
 */

let handle: DatabaseHandle;
let services: AppServices;
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

describe("System → Download backup", () => {
  it("shows the System page with the download form to an admin", async () => {
    const response = await app.request("/admin/system", { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Download backup");
    expect(html).toMatch(/<a href="\/admin\/system\/backup" download=""/);
  });

  it("streams the whole shop as a backup file and records who took it", async () => {
    const response = await app.request("/admin/system/backup", {
      headers: { Cookie: adminCookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="shop-\d{4}-\d\d-\d\d-\d{4}\.backup"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const file = path.join(createTempDataDir(), "download.backup");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const summary = await verifyBackupFile(file);
    expect(summary.files).toBe(6);
    expect(summary.header.tables.find((t) => t.name === "orders")?.rows).toBe(2);

    const [entry] = await services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "system.backup"), eq(auditLog.actorEmail, "owner@example.co.za")),
      );
    expect(entry?.details).toMatchObject({ files: 6 });
  });

  it("is refused to anyone but an admin", async () => {
    const anonymous = await app.request("/admin/system/backup");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
    const clerk = await app.request("/admin/system/backup", { headers: { Cookie: clerkCookie } });
    expect(clerk.status).toBe(302);
    expect(clerk.headers.get("content-type")).not.toBe("application/gzip");
  });
});
