import crypto from "node:crypto";
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

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
