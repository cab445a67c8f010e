import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.server.ts";

/** Raw SQL rows on PGlite ({ rows }) and postgres.js (an array) alike. */
export async function executeRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * A digest of every row of every table (except sessions, rate-limit counters and the daily
 * counts of anti-spam verdicts, which a refused request may legitimately touch), to prove
 * that a request changed nothing. Two queries whatever the number of tables: the table list,
 * then every table's digest in one statement (the suites that fingerprint around each request
 * spent most of their time on a query per table).
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  const tables = await executeRows<{ table_name: string }>(
    db,
    sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('sessions', 'rate_limits', 'form_verdict_counts', '__drizzle_migrations')
    order by table_name`,
  );
  if (tables.length === 0) return "";
  const digests = sql.join(
    tables.map(
      ({ table_name }) =>
        sql`select ${table_name}::text as name,
            md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
            from ${sql.identifier(table_name)} t`,
    ),
    sql` union all `,
  );
  const rows = await executeRows<{ name: string; digest: string | null }>(db, digests);
  // A union keeps no promised order: sort by table as the list was.
  return rows
    .map((row) => `${row.name}:${row.digest}`)
    .sort()
    .join("\n");
}
