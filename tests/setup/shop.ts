import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import { NEWSLETTER_CONSENT_TEXT } from "#app/lib/newsletter.ts";
import { saveCategory } from "#app/server/catalog/categories.server.ts";
import { saveProduct } from "#app/server/catalog/products.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { submitContactMessage } from "#app/server/inquiries/inquiries.server.ts";
import {
  createNewsletter,
  saveNewsletterDraft,
  startNewsletter,
} from "#app/server/newsletter/newsletters.server.ts";
import { subscribe } from "#app/server/newsletter/subscribers.server.ts";
import { placeOrder } from "#app/server/orders/checkout.server.ts";
import { saveAboutSection } from "#app/server/site/about-section.server.ts";
import { saveBusinessDetails } from "#app/server/site/business-details.server.ts";
import { saveShowcaseEntry } from "#app/server/site/showcase.server.ts";
import { processImage } from "#app/server/storage/images.server.ts";
import type { FileStorage } from "#app/server/storage/storage.server.ts";
import { newsletterSubscribers } from "#db/schema/index.ts";
import { createTestUser } from "./auth.ts";
import { executeRows } from "./db-fingerprint.ts";
import { pngImage } from "./images.ts";
import type { TestEnv } from "./services.ts";

/*
 * A small shop with something in every kind of table: an admin, a category and products with
 * images, orders with their lines and e-mails, a quote request, a subscriber and a newsletter
 * being sent to them. Backups,
 * restores and moves are proven on it (decision 019).
 */
export async function seedShop(db: Database, env: TestEnv, storage: FileStorage) {
  const admin = await createTestUser(db, { email: "owner@example.co.za", admin: true });
  const actor = { userId: admin.id, email: admin.email };
  const category = await saveCategory(db, storage, actor, null, {
    name: "Gifts",
    description: "Made by hand",
    image: await processImage(await pngImage(400, 300, 11)),
  });
  if (!category.ok) throw new Error(category.message);
  const productIds: string[] = [];
  for (const [index, name] of ["Wooden Bowl", "Brass Lamp"].entries()) {
    const product = await saveProduct(db, storage, actor, null, {
      name,
      description: `A ${name.toLowerCase()} — “quoted”, ünïcode, 'apostrophes'`,
      priceCents: 12_550 + index,
      categoryIds: [category.id],
      addPhotos: [await processImage(await pngImage(500, 400, 20 + index))],
    });
    if (!product.ok) throw new Error(product.message);
    productIds.push(product.id);
  }
  for (const [index, name] of ["Thandi Nkosi", "Pieter van Wyk"].entries()) {
    const order = await placeOrder(db, env, {
      customer: { name, email: `buyer${index}@example.co.za`, phone: "082 123 4567" },
      idempotencyKey: crypto.randomUUID(),
      lines: productIds.map((productId, line) => ({ productId, quantity: index + line + 1 })),
    });
    if (!order.ok) throw new Error(`order refused: ${order.code}`);
  }
  await submitContactMessage(db, env, {
    name: "Sipho",
    email: "sipho@example.co.za",
    phone: null,
    subject: "A website",
    message: "A website for my shop, please.",
  });
  await subscribe(db, env, {
    email: "reader@example.co.za",
    source: "footer",
    consentText: NEWSLETTER_CONSENT_TEXT,
  });
  // The owner's own business details (Settings), not the first values.
  await saveBusinessDetails(db, env, actor, {
    ...env.business,
    phone: "031 555 0142",
    hoursNote: "Closed on public holidays — “and” on 16 June.",
  });
  // A portfolio project with its picture (decision 043), and the About section with an
  // uploaded video and a poster (decision 044): rows and files a backup must carry.
  const project = await saveShowcaseEntry(db, storage, actor, "portfolio", null, {
    title: "Solar Geyser Controller",
    division: "Hardware",
    description: "Runs a geyser on the sun first — “Eskom” last.",
    linkUrl: "https://example.co.za/geyser",
    hidden: false,
    image: await processImage(await pngImage(640, 400, 21)),
  });
  if (!project.ok) throw new Error(project.message);
  const about = await saveAboutSection(db, storage, actor, {
    heading: "Who we are",
    text: "Engineers in Durban.\n\nAnd a workshop.",
    videoSource: "upload",
    videoTitle: "Our workshop",
    videoFile: new Uint8Array(fs.readFileSync(path.join("public", ABOUT_VIDEO.webm))),
    poster: await processImage(await pngImage(640, 360, 22)),
    removePoster: false,
  });
  if (!about.ok) throw new Error(about.message);
  // A newsletter being sent (decision 045): its outbox rows refer to it.
  await db
    .update(newsletterSubscribers)
    .set({ status: "subscribed", confirmedAt: new Date() })
    .where(eq(newsletterSubscribers.email, "reader@example.co.za"));
  const newsletter = await createNewsletter(db, actor);
  await saveNewsletterDraft(
    db,
    newsletter,
    { subject: "News — “from” the workshop", preheader: "", body: "# Hello\n\nNew keyrings." },
    new Date(),
  );
  const sending = await startNewsletter(
    db,
    newsletter,
    { at: null, ratePerMinute: 60 },
    actor,
    new Date(),
  );
  if (!sending.ok) throw new Error(sending.message);
  return { admin, productIds };
}

/** Rows per table (every table of the public schema). */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await executeRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await executeRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

/** Every stored file's bytes, by key. */
export async function storedFileBytes(db: Database, storage: FileStorage) {
  const files: Record<string, string> = {};
  for (const key of await storage.list(db)) {
    const file = await storage.read(db, key);
    files[key] = crypto.createHash("sha256").update(file!.body).digest("hex");
  }
  return files;
}
