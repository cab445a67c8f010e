import type { ChildProcess } from "node:child_process";
import {
  type ServerProcess,
  startServerProcess as start,
} from "../../scripts/lib/server-process.ts";

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
