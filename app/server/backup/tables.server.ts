import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import { BOOKKEEPING_TABLES, FILES_TABLE, TRANSIENT_TABLES } from "./format.server.ts";

/* What a backup and a restore ask the database about its tables (decision 019). */

export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The application's tables, parents before children (foreign keys), and their columns. */
export async function listTables(db: Database): Promise<{ name: string; columns: string[] }[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const links = await rows<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const columns = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column" from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
          and not a.attisdropped and a.attgenerated = '' order by c.relname, a.attnum`,
  );
  const ordered: string[] = [];
  const pending = new Set(tables.map((t) => t.name));
  while (pending.size > 0) {
    const ready = [...pending].filter(
      (name) => !links.some((l) => l.child === name && pending.has(l.parent)),
    );
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle");
    for (const name of ready.sort()) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
  }));
}

/** The migrations applied to this database (drizzle's journal). */
export async function schemaVersion(db: Database): Promise<{ migrations: number; last: number }> {
  const [row] = await rows<{ n: string | number; last: string | number | null }>(
    db,
    sql`select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  return { migrations: Number(row?.n ?? 0), last: Number(row?.last ?? 0) };
}

/** Rows in tables that hold a shop's data (not counters), and stored files. */
export async function shopContents(db: Database, storage: FileStorage) {
  let rowCount = 0;
  for (const table of await listTables(db)) {
    if (
      BOOKKEEPING_TABLES.has(table.name) ||
      TRANSIENT_TABLES.has(table.name) ||
      table.name === FILES_TABLE
    )
      continue;
    const [row] = await rows<{ n: string | number }>(
      db,
      sql`select count(*) as n from (select 1 from ${ident(table.name)} limit 1) t`,
    );
    rowCount += Number(row?.n ?? 0);
  }
  return { rows: rowCount, files: (await storage.list(db)).length };
}
