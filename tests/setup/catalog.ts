import { and, asc, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { CATALOG_CHANNEL } from "#app/server/catalog/catalog-events.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { Database, DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  auditLog,
  categories,
  productCategories,
  productPhotos,
  products,
} from "#db/schema/index.ts";
import type { createTestApp } from "./app.ts";
import { cookiesFrom } from "./auth.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Makes the next matching INSERT into `table` fail inside the database (a trigger), to prove
 * that a save is one transaction: `when` is a SQL condition on NEW. Returns the undo.
 */
export async function injectInsertFailure(db: Database, table: string, when = "true") {
  const name = `inject_fail_${table}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        if ${when} then raise exception 'injected failure on ${table}'; end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger ${name} before insert on ${table} for each row execute function ${name}()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  };
}

/**
 * Makes the COMMIT of any transaction that inserted or updated a row of `table` fail (a
 * deferred constraint trigger): every statement of the save has run, and must still vanish,
 * including what a buggy save might have written outside its transaction. Returns the undo.
 */
export async function injectCommitFailure(db: Database, table: string) {
  const name = `inject_commit_fail_${table}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected failure at commit'; end $$`),
  );
  await db.execute(
    sql.raw(
      `create constraint trigger ${name} after insert or update on ${table} deferrable initially deferred for each row execute function ${name}()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  };
}

/** Awaits a promise that must fail with the injected failure (Drizzle wraps it as `cause`). */
export async function expectInjectedFailure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const messages: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | null; e; e = e.cause as never) {
    messages.push(String(e.message));
  }
  if (!messages.some((m) => m.includes("injected failure"))) {
    throw new Error(`expected the injected failure, got: ${messages.join(" / ") || "success"}`);
  }
}

/** A product row as the database has it, with its category names (sorted). */
export async function productState(db: Database, id: string) {
  const [row] = await db
    .select({
      name: products.name,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const links = await db
    .select({ name: categories.name, createdAt: productCategories.createdAt })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, id))
    .orderBy(asc(categories.name));
  const photos = await db
    .select({ url: productPhotos.url })
    .from(productPhotos)
    .where(eq(productPhotos.productId, id))
    .orderBy(asc(productPhotos.position));
  return {
    ...row,
    categories: links.map((l) => l.name),
    linkDates: links.map((l) => l.createdAt),
    /** The photo rows in order (decision 039). */
    photos: photos.map((p) => p.url),
  };
}

export async function auditRows(db: Database, entity: string, entityId?: string) {
  return db
    .select({
      action: auditLog.action,
      entityId: auditLog.entityId,
      actorEmail: auditLog.actorEmail,
      actorUserId: auditLog.actorUserId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(asc(auditLog.createdAt));
}

export async function createCategory(
  db: Database,
  name: string,
  values: { isSpecial?: boolean; description?: string; imageUrl?: string } = {},
) {
  const [row] = await db
    .insert(categories)
    .values({ name, ...values })
    .returning({ id: categories.id });
  return row!.id;
}

/**
 * Follows a redirect that carries a flashed toast, as the browser would, and returns the next
 * page's HTML (the toast's texts are in its data).
 */
export async function followRedirect(app: TestApp, response: Response, cookie: string) {
  const location = response.headers.get("Location");
  if (!location) throw new Error(`not a redirect: ${response.status}`);
  const next = await app.request(location, {
    headers: { Cookie: [cookie, cookiesFrom(response)].filter(Boolean).join("; ") },
  });
  return { location, status: next.status, html: await next.text() };
}

/** A multipart form from plain fields (strings, repeated values, files). */
export function multipart(fields: Record<string, string | string[] | File | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else form.append(name, value);
  }
  return form;
}

export function postMultipart(
  app: TestApp,
  path: string,
  cookie: string,
  fields: Record<string, string | string[] | File | undefined>,
) {
  return app.request(path, {
    method: "POST",
    body: multipart(fields),
    headers: { Cookie: cookie },
  });
}

export type { AppServices };

/**
 * Listens on the catalogue channel with each notification's payload, which the app's own
 * listener (listenForChannel) does not pass on, so that a test can tell its marker apart.
 * Returns how to stop.
 */
export async function listenWithPayloads(
  handle: DatabaseHandle,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (handle.pglite) return handle.pglite.listen(CATALOG_CHANNEL, onPayload);
  const client = postgres(handle.url!, { max: 1, onnotice: () => {} });
  await client.listen(CATALOG_CHANNEL, onPayload);
  return () => client.end();
}
