import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemWarningId } from "#app/lib/system-warnings.ts";
import { seedDemoCatalogue } from "#app/server/catalog/demo-catalogue.server.ts";
import { deleteProduct, saveProduct } from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The System page's configuration warnings, on a fresh test app with the demo catalogue:
 * each shows while its setting is left at the example, and goes once it is set (the settings
 * through createTestServices' overrides, the backup and the demo products through the admin).
 */

let handle: DatabaseHandle;
let services: AppServices;
let admin: { id: string; email: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  await seedDemoCatalogue(services.db, services.storage);
  admin = await createTestUser(services.db, { admin: true, email: "owner@kwezi.co.za" });
}, 120_000);
afterAll(() => handle.close());

/** What docs/deploy.md tells an owner to set. */
const CONFIGURED = {
  NOTIFY_EMAIL: "info@kwezi-engineering.co.za",
  MAIL_FROM: "Kwezi Engineering <no-reply@kwezi-engineering.co.za>",
  SMTP_URL: "smtp://user:pass@127.0.0.1:1",
};

/**
 * The System page as the admin sees it with these settings (on the same database and
 * DATA_DIR) at `now`: its warnings' titles and texts.
 */
async function systemPage(overrides: Record<string, string> = {}, now?: Date) {
  const variant = createTestServices(handle, { DATA_DIR: services.env.DATA_DIR, ...overrides });
  const app = await createTestApp(now ? { ...variant, clock: () => now } : variant);
  const { cookie } = await signedInCookie(variant, admin.id);
  const response = await app.request("/admin/system", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
  const section = /<section aria-labelledby="warnings-heading".*?<\/section>/s.exec(html)?.[0];
  expect(section, "the warnings section").toBeDefined();
  const titles = [...section!.matchAll(/<h3[^>]*>(.*?)<\/h3>/g)].map(([, title]) => title!);
  return { html, section: section!, titles };
}

const TITLES: Record<SystemWarningId, string> = {
  "notify-example": "Staff alerts go to an example address",
  "sender-example": "E-mail is sent from an example address",
  "no-smtp": "E-mail is not sent",
  "public-url-http": "The site's address is not https",
  "test-timings": "Spam and abuse protection is weakened for testing",
  "no-recent-backup": "No backup in the last 24 hours",
  "demo-products": "Demo products are still listed",
};

describe("System → Configuration warnings", () => {
  it("lists what a fresh shop has still to set up, each with what to set and where", async () => {
    const { section, titles } = await systemPage();
    expect(titles).toEqual([
      TITLES["notify-example"],
      TITLES["sender-example"],
      TITLES["no-smtp"],
      TITLES["no-recent-backup"],
      TITLES["demo-products"],
    ]);
    expect(section).toContain('<h2 id="warnings-heading"');
    expect(section).toMatch(/<ul[^>]*>\s*<li>/);
    expect(section).toContain("office@example.co.za");
    expect(section).toContain("Set NOTIFY_EMAIL to the office inbox");
    expect(section).toContain("docs/deploy.md, section 5 (Mail)");
    expect(section).toContain("No backup has been taken yet.");
    expect(section).toContain("docs/deploy.md, section 7 (Backups)");
    // Every demo product, counted.
    expect(section).toContain(
      `${await services.db.$count(products)} products of the demo catalogue are still for sale`,
    );
  });

  it("warns about an http PUBLIC_URL in production only, until it is https", async () => {
    expect((await systemPage({ NODE_ENV: "production" })).titles).toContain(
      TITLES["public-url-http"],
    );
    const https = await systemPage({ NODE_ENV: "production", PUBLIC_URL: "https://kwezi.co.za" });
    expect(https.titles).not.toContain(TITLES["public-url-http"]);
  });

  it("says when a production server runs with the journeys' weaker timings", async () => {
    const testing = await systemPage({
      NODE_ENV: "production",
      ALLOW_TEST_TIMINGS: "true",
      FORM_MIN_FILL_MS: "250",
    });
    expect(testing.titles).toContain(TITLES["test-timings"]);
    expect(testing.section).toContain("Remove ALLOW_TEST_TIMINGS and FORM_MIN_FILL_MS");
    expect((await systemPage({ NODE_ENV: "production" })).titles).not.toContain(
      TITLES["test-timings"],
    );
  });

  it("clears each mail warning with its own setting", async () => {
    // MAIL_FROM unset is "Website <NOTIFY_EMAIL>": the office's address clears both.
    const notify = await systemPage({ NOTIFY_EMAIL: CONFIGURED.NOTIFY_EMAIL });
    expect(notify.titles).not.toContain(TITLES["notify-example"]);
    expect(notify.titles).not.toContain(TITLES["sender-example"]);
    const sender = await systemPage({ MAIL_FROM: CONFIGURED.MAIL_FROM });
    expect(sender.titles).toContain(TITLES["notify-example"]);
    expect(sender.titles).not.toContain(TITLES["sender-example"]);
    const smtp = await systemPage({ SMTP_URL: CONFIGURED.SMTP_URL });
    expect(smtp.titles).not.toContain(TITLES["no-smtp"]);
    expect(smtp.titles).toContain(TITLES["notify-example"]);
  });

  it("clears the backup warning for a day after a backup", async () => {
    const app = await createTestApp(services);
    const { cookie } = await signedInCookie(services, admin.id);
    const download = await app.postForm(
      "/admin/system/backup",
      {},
      { headers: { Cookie: cookie } },
    );
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const taken = new Date();

    expect((await systemPage({}, taken)).titles).not.toContain(TITLES["no-recent-backup"]);
    const nextDay = new Date(taken.getTime() + 23 * 60 * 60 * 1000);
    expect((await systemPage({}, nextDay)).titles).not.toContain(TITLES["no-recent-backup"]);
    const dayAfter = await systemPage({}, new Date(taken.getTime() + 25 * 60 * 60 * 1000));
    expect(dayAfter.titles).toContain(TITLES["no-recent-backup"]);
    expect(dayAfter.section).toMatch(/The last backup was taken on \d+ \w+ \d{4} at \d\d:\d\d\./);
  });

  it("counts the demo products nobody has deleted or made their own, until none is left", async () => {
    const { db, storage } = services;
    const owner = { userId: admin.id, email: admin.email };
    const demo = await db
      .select({ id: products.id, name: products.name, price: products.price })
      .from(products);
    const [kept, edited, ...rest] = demo;
    // Edited in the admin (its name kept): the owner's product now.
    const saved = await saveProduct(db, storage, owner, edited!.id, {
      name: edited!.name,
      description: "Our own, photographed in the workshop.",
      priceCents: 9_900,
      categoryIds: [],
    });
    expect(saved.ok).toBe(true);
    for (const product of rest) {
      expect((await deleteProduct(db, storage, owner, product.id)).ok).toBe(true);
    }
    // A product the owner adds under a demo product's name is theirs too.
    const added = await saveProduct(db, storage, owner, null, {
      name: rest[0]!.name,
      description: null,
      priceCents: 25_000,
      categoryIds: [],
    });
    expect(added.ok).toBe(true);
    const one = await systemPage();
    expect(one.section).toContain(
      `1 product of the demo catalogue is still for sale: ${kept!.name}.`,
    );

    expect((await deleteProduct(db, storage, owner, kept!.id)).ok).toBe(true);
    expect((await systemPage()).titles).not.toContain(TITLES["demo-products"]);
  });

  it("says there is nothing to set up once everything is", async () => {
    // The backup was taken and the demo products went in the tests above.
    const { section, titles } = await systemPage({
      ...CONFIGURED,
      NODE_ENV: "production",
      PUBLIC_URL: "https://kwezi-engineering.co.za",
    });
    expect(titles).toEqual([]);
    expect(section).toContain("No configuration warnings.");
    expect(section).not.toContain("<ul");
  });
});
