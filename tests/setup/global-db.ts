import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";

/*
 * Builds one migrated template per run; each test file then starts from a copy of it:
 * a PGlite data-directory dump, or a PostgreSQL database created WITH TEMPLATE.
 */

const TMP_DIR = path.resolve("tests/.tmp");

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    postgresRunPrefix: string;
  }
}

function adminUrl(url: string, database = "postgres") {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? process.env.TEST_DB_KIND;
  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    // A prefix per run: parallel runs (CI, a developer) never touch each other's databases.
    const prefix = `it_${Date.now().toString(36)}_${process.pid}`;
    const template = `${prefix}_tpl`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    const handle = await openDatabase({ databaseUrl: adminUrl(url, template), poolSize: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide("postgresTemplate", template);
    project.provide("postgresRunPrefix", prefix);
    project.provide("pgliteTemplate", "");
    return async () => {
      const rows = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${prefix}%`}`;
      for (const { datname } of rows) {
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      }
      await admin.end();
    };
  }

  fs.mkdirSync(TMP_DIR, { recursive: true });
  const file = path.join(TMP_DIR, `pglite-template-${process.pid}.tar`);
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  project.provide("postgresRunPrefix", "");
  return () => fs.rmSync(file, { force: true });
}
