import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteDirectory } from "#app/server/env.server.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { buildIsStale, environmentWithoutAppSettings } from "../../scripts/lib/server-process.ts";

/*
 * `npm start` as an operator runs it, on a fresh DATA_DIR and a free PORT with nothing else
 * configured: it checks the configuration, finds the build fresh (the process tests run after
 * `npm run build`), migrates and seeds the embedded database and serves. A SIGTERM sent to npm
 * (as a process manager or `docker stop` sends it, to the main process only) must reach the
 * server: npm forwards it to the script's shell, which `exec` has replaced with node running
 * the compiled server (no TypeScript loader, decision 030); it finishes and everything exits 0.
 */

let child: ChildProcess | undefined;

afterAll(() => {
  // Whatever is left, even after npm itself exited (it leads its own process group, with the
  // shell and the server in it). Nothing left: ESRCH, ignored.
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {}
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("npm start", () => {
  it("serves the demo shop from a fresh DATA_DIR without rebuilding, and exits 0 on SIGTERM", async () => {
    expect(buildIsStale(), "the build is older than the sources: run `npm run build`").toBe(false);

    const dataDir = createTempDataDir();
    const port = await freePort();
    child = spawn("npm", ["start"], {
      env: {
        ...environmentWithoutAppSettings(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        // A developer's .env (read by start.ts) must not point this server at a real
        // database or mail server: set, even empty, these win over the file.
        DATABASE_URL: "",
        SMTP_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const started = child;
    let output = "";
    // "close": exited, and every process that shared its output is gone too.
    const exited = new Promise<number | null>((resolve) =>
      started.once("close", (code) => resolve(code)),
    );
    const listening = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start did not serve within 60 s:\n${output}`)),
        60_000,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`listening on 127.0.0.1:${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout!.on("data", onData);
      started.stderr!.on("data", onData);
      started.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code} before serving:\n${output}`));
      });
    });
    await listening;

    const home = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(15_000) });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Kwezi Engineering");
    const crafts = await fetch(`http://127.0.0.1:${port}/crafts`, {
      signal: AbortSignal.timeout(15_000),
    });
    expect(crafts.status).toBe(200);
    const shop = (await crafts.text()).replaceAll("&#x27;", "'");
    for (const category of ["Mother's Day Gifts", "Easter Collection", "Custom Gifts"]) {
      expect(shop).toContain(category);
    }
    expect(shop).toMatch(/href="\/products\/[0-9a-f-]{36}"/);

    // The server is plain node on the launcher, which ran the compiled start script in its
    // own process: no TypeScript loader, no second process in between.
    const serverPid = /"pid":(\d+)/.exec(output)?.[1];
    expect(serverPid, output).toBeTruthy();
    const commandLine = fs.readFileSync(`/proc/${serverPid}/cmdline`, "utf8").split("\0");
    expect(commandLine.slice(1, 3)).toEqual(["--enable-source-maps", "scripts/start.mjs"]);
    expect(commandLine.join(" ")).not.toMatch(/tsx|--import|--loader/);
    // Its parent is npm: the shell exec'd node, nothing stands between them.
    const parentPid = fs
      .readFileSync(`/proc/${serverPid}/stat`, "utf8")
      .split(") ")[1]!
      .split(" ")[1];
    expect(parentPid).toBe(String(child.pid));

    // The build was fresh: start.mjs went straight to serving. The database is embedded,
    // in the DATA_DIR given, and PUBLIC_URL followed PORT.
    expect(output).not.toContain("Building the production bundle");
    expect(output).toContain(`serving http://localhost:${port} (listening on`);
    expect(fs.existsSync(pgliteDirectory({ DATA_DIR: dataDir }))).toBe(true);
    // Nothing set up yet: the start log says what to set, as the System page does.
    for (const title of [
      "Staff alerts go to an example address",
      "E-mail is sent from an example address",
      "E-mail is not sent",
      "The site's address is not https",
    ]) {
      expect(output).toContain(`configuration: ${title}.`);
    }

    child.kill("SIGTERM");
    // npm's own pid only, not its process group.
    const code = await Promise.race([
      exited,
      new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 20_000).unref()),
    ]);
    expect(output).toContain("SIGTERM received");
    expect(code, output).toBe(0);
    // Nothing listens any more.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
