import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "#app/server/db/client.server.ts";
import { TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * The PostgreSQL pool must not run queries of its own on a new connection. postgres.js's
 * `fetch_types` reads pg_type first on every connection and drops that query's promise, so
 * when the database cuts the connection at that moment (a restart, pg_terminate_backend, a
 * statement_timeout) the failure is an unhandled rejection that ends the server
 * (porsager/postgres#1192, #1223; seen in CI on 2026-11-27 as a server gone after an outage).
 * A role that may not read pg_type makes that first query fail every time.
 */
describe.runIf(TEST_DB_KIND === "postgres")("the PostgreSQL pool", () => {
  it("connects and answers without a start-up query of its own that could fail unheard", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const suffix = crypto.randomBytes(4).toString("hex");
    const name = `${inject("postgresRunPrefix")}_client_${suffix}`;
    const role = `${inject("postgresRunPrefix")}_reader_${suffix}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    try {
      await admin.unsafe(`create role "${role}" login`);
      await admin.unsafe(`create database "${name}"`);
      const adminOfNew = postgres(withDatabase(url, name), { max: 1, onnotice: () => {} });
      await adminOfNew.unsafe("revoke select on pg_catalog.pg_type from public");
      await adminOfNew.end();

      process.on("unhandledRejection", collect);
      const roleUrl = new URL(withDatabase(url, name));
      roleUrl.username = role;
      roleUrl.password = "";
      const handle = await openDatabase({ databaseUrl: roleUrl.toString(), poolSize: 2 });
      try {
        await handle.ping();
        // A dropped promise is reported after the microtasks of the turn that rejected it:
        // the next turn of the event loop comes after that report (no time needs to pass).
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        await handle.close();
      }
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off("unhandledRejection", collect);
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`drop role if exists "${role}"`);
      await admin.end();
    }
  });
});

describe.runIf(TEST_DB_KIND === "postgres")("a connection cut inside a transaction", () => {
  /*
   * postgres.js sends ROLLBACK on the transaction's own connection after its query failed,
   * even when that connection is already closed: the write it queued then found no socket and
   * threw outside any promise, ending the whole server (porsager/postgres#1154, #1208; seen in
   * CI on 2026-11-29 when the outbox's transaction lost its connection to an outage). Mended,
   * the next transaction on that connection object once took the old ROLLBACK for its answer
   * and hung. scripts/lib/dependency-patches.mjs mends the client (decision 047); this proves
   * the server lives through both ways a connection goes, again and again, and the pool
   * serves on.
   */
  it("fails that transaction with a catchable error, and the pool serves the next one", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject("postgresRunPrefix")}_cut_${crypto.randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const uncaught: unknown[] = [];
    const collect = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", collect);
    try {
      await admin.unsafe(`create database "${name}"`);
      const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
      /** Runs `select pg_sleep(30)` in `tx` and ends its backend as soon as it runs. */
      const sleepAndBeCut = async (tx: Pick<typeof handle.db, "execute">) => {
        let settled = false;
        const sleeping = tx.execute(sql`select pg_sleep(30)`).finally(() => {
          settled = true;
        });
        while (!settled) {
          const ended = await admin`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = ${name} and query like 'select pg_sleep%'`;
          if (ended.length > 0) break;
        }
        await sleeping;
      };
      try {
        for (let round = 0; round < 6; round += 1) {
          const cut = handle.db.transaction(async (tx) => {
            if (round % 2 === 0) {
              // Cut while the transaction waits between two statements.
              const [backend] = (await tx.execute(
                sql`select pg_backend_pid() as pid`,
              )) as unknown as { pid: number }[];
              await admin`select pg_terminate_backend(${backend!.pid})`;
              await tx.execute(sql`select 1`);
            } else {
              // Cut while a statement runs.
              await sleepAndBeCut(tx);
            }
          });
          await expect(cut).rejects.toThrow();
          // The ROLLBACK's write is queued for the next turn of the event loop; two turns
          // later it has run, and a failure in it would have been reported.
          await new Promise((resolve) => setImmediate(resolve));
          await new Promise((resolve) => setImmediate(resolve));
          expect(uncaught.map(String)).toEqual([]);
          for (let next = 0; next < 2; next += 1) {
            const after = await handle.db.transaction((tx) => tx.execute(sql`select 2 as two`));
            expect(after).toEqual([{ two: 2 }]);
          }
        }
      } finally {
        await handle.close();
      }
    } finally {
      process.off("uncaughtException", collect);
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
