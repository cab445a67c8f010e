import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { inject } from "vitest";
import {
  type ServerProcess,
  startServerProcess as start,
} from "../../scripts/lib/server-process.ts";
import { createTempDataDir } from "./services.ts";

/*
 * The production build (npm run test:e2e builds it when stale) as a real server process on a
 * free port, for tests that need the whole HTTP stack. A test file kills what it started with
 * killServerProcesses (after each test, or after all of them).
 */

const running: ChildProcess[] = [];

export function killServerProcesses() {
  for (const child of running.splice(0)) child.kill("SIGKILL");
}

export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): ServerProcess {
  const server = start(dataDir, env);
  running.push(server.child);
  return server;
}

/**
 * A DATA_DIR whose embedded database is already created and migrated (a copy of the run's
 * template, tests/setup/global-data-dir.ts), for a server whose first start is not what the
 * test is about.
 */
export function createMigratedDataDir(): string {
  const dataDir = createTempDataDir();
  fs.cpSync(inject("migratedDataDir"), dataDir, { recursive: true });
  return dataDir;
}
