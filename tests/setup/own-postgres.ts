import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./nginx.ts";

/*
 * A PostgreSQL server of the test's own, to stop and start under a running app (a real
 * outage: connections refused, then the server back), which the shared TEST_DATABASE_URL
 * server must never be. Debian's initdb and pg_ctl in a temp folder on a free port; as root
 * they run as the postgres user, which PostgreSQL requires.
 */

/** Debian's PostgreSQL binaries (the newest version installed), or null. */
export function findPostgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export const NO_POSTGRES_BINARIES =
  "PostgreSQL's server binaries are not installed (/usr/lib/postgresql/<version>/bin/initdb, pg_ctl): apt-get install postgresql";

export interface OwnPostgres {
  url: string;
  start(): void;
  /** A fast shutdown: connections are cut, new ones refused. */
  stop(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-postgres-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
  const run = (tool: string, args: string[]) => {
    const command = asRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args], {
          encoding: "utf8",
          cwd: dir,
        })
      : spawnSync(path.join(bin, tool), args, { encoding: "utf8", cwd: dir });
    if (command.status !== 0) {
      throw new Error(`${tool} failed: ${command.stdout}${command.stderr}`);
    }
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      start();
      running = true;
    },
    stop() {
      stop();
      running = false;
    },
    remove() {
      if (running) stop();
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
