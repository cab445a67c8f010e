import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { pgliteDirectory } from "#app/server/env.server.ts";

/*
 * The process tests' template DATA_DIR: an embedded database created and migrated once per
 * run. Creating a PGlite data directory (its initdb) costs a server 5-9 s of its first start;
 * a test whose subject is not that first start begins from a copy of this one
 * (createMigratedDataDir, tests/setup/process.ts). The first start itself keeps its tests
 * (start-script.test.ts, failed-migration.test.ts).
 */

declare module "vitest" {
  export interface ProvidedContext {
    migratedDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = path.resolve(`tests/.tmp/migrated-data-dir-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) });
  await migrateDatabase(handle);
  await handle.close();
  project.provide("migratedDataDir", dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
