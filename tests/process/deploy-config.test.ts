import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMPANY } from "#app/content/company.ts";
import { verifyBackupFile } from "#app/server/backup/backup.server.ts";
import { MIGRATION_FAILED_EXIT_CODE } from "#app/server/db/migrate.server.ts";
import {
  createNginxDir,
  findNginx,
  freePort,
  NO_NGINX,
  SHIPPED_SITE_FILES,
  testNginxConfig,
  writeNginxConfig,
} from "#tests/setup/nginx.ts";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess,
} from "#tests/setup/process.ts";
import { randomToken, secretPathProbes } from "#tests/setup/secret-paths.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { createSelfSignedCertificate } from "#tests/setup/tls.ts";
import {
  COMPILED_SERVER,
  environmentWithoutAppSettings,
} from "../../scripts/lib/server-process.ts";

/*
 * The deployment files under deploy/ (docs/deploy.md), checked by the tools that will run
 * them: nginx -t on the shipped site with the example site files, caddy validate on the
 * Caddyfile, systemd-analyze verify on the units, and the scheduled backup script run for
 * real against a production server on the embedded database. (The nginx site also runs in
 * front of two app processes in two-node.test.ts; the backup script's PostgreSQL branch runs
 * there too.) A tool that is not installed skips its test, saying how to install it.
 */

afterAll(killServerProcesses);

const nginx = findNginx();
const commandExists = (name: string) =>
  spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).status === 0;

describe("deploy/nginx", () => {
  it("passes nginx -t: the shipped site with the example site files", ({ skip }) => {
    skip(!nginx, NO_NGINX);
    const dir = createNginxDir();
    const example = (name: string) => fs.readFileSync(path.join(SHIPPED_SITE_FILES, name), "utf8");
    // The examples name Let's Encrypt's files, which exist only once certbot has run: nginx
    // -t loads the certificate, so it gets a throwaway one in their place.
    const https = example("https.conf")
      .replace(/^ssl_certificate\s.*$/m, `ssl_certificate ${path.join(dir, "conf/cert.pem")};`)
      .replace(
        /^ssl_certificate_key\s.*$/m,
        `ssl_certificate_key ${path.join(dir, "conf/key.pem")};`,
      );
    expect(https).not.toContain("/etc/letsencrypt");
    const conf = writeNginxConfig(
      dir,
      { upstream: example("upstream.conf"), http: example("http.conf"), https },
      createSelfSignedCertificate(),
    );
    const result = testNginxConfig(nginx!, dir, conf);
    expect(result.output).toContain("test is successful");
    expect(result.output).not.toMatch(/\[(warn|emerg|crit|alert)\]/);
    expect(result.status).toBe(0);
  });
});

describe("deploy/caddy/Caddyfile", () => {
  it("passes caddy validate, with its defaults and with a site's values", ({ skip }) => {
    skip(
      !commandExists("caddy"),
      "caddy is not installed: apt-get install caddy (Debian 12 has 2.6; .ci/run installs it)",
    );
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "caddy-test-"));
    const caddy = (command: "validate" | "adapt", env: Record<string, string>) =>
      spawnSync(
        "caddy",
        [command, "--adapter", "caddyfile", "--config", "deploy/caddy/Caddyfile"],
        {
          encoding: "utf8",
          env: {
            PATH: process.env.PATH,
            HOME: home,
            XDG_DATA_HOME: home,
            XDG_CONFIG_HOME: home,
            ...env,
          },
        },
      );
    const sites: Record<string, string>[] = [
      {},
      {
        KWEZI_SITE: "shop.example.co.za",
        KWEZI_UPSTREAMS: "10.1.0.5:3000 10.1.0.6:3000 10.1.0.7:3000",
        KWEZI_ACME_EMAIL: "ops@example.co.za",
      },
    ];
    for (const env of sites) {
      const result = caddy("validate", env);
      expect(result.stdout + result.stderr).toContain("Valid configuration");
      // Formatted as `caddy fmt` writes it (Caddy warns otherwise).
      expect(result.stderr).not.toContain("not formatted");
      expect(result.status).toBe(0);
      // The name and its www. name, as nginx's site serves them.
      const site = env.KWEZI_SITE ?? "kwezi-engineering.co.za";
      const adapted = JSON.parse(caddy("adapt", env).stdout);
      expect(adapted.apps.http.servers.srv0.routes[0].match).toEqual([
        { host: [site, `www.${site}`] },
      ]);
    }
  });
});

describe("deploy/caddy/Caddyfile in front of a stand-in app", () => {
  it("logs no order or unsubscribe token, and answers its static page when the app is down", async ({
    skip,
  }) => {
    skip(
      !commandExists("caddy"),
      "caddy is not installed: apt-get install caddy (Debian 12 has 2.6; .ci/run installs it)",
    );
    // A tiny upstream in place of the app, answering every request (and /healthz) with 200,
    // and /own-503 as the app answers a form it could not store.
    const upstream = http.createServer((req, res) => {
      if (req.url === "/own-503") res.statusCode = 503;
      res.end(req.url === "/own-503" ? "Submission Failed" : "ok");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", () => resolve()));
    const upstreamPort = (upstream.address() as AddressInfo).port;
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "caddy-log-test-"));
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      KWEZI_SITE: "localhost",
      KWEZI_UPSTREAMS: `127.0.0.1:${upstreamPort}`,
    };
    // The shipped Caddyfile as Caddy reads it (its JSON), changed only where a test must: a
    // free port over plain http instead of certificates from Let's Encrypt, no admin
    // endpoint, and the log file in the test's folder. Its handlers and log filters stay.
    const adapted = spawnSync(
      "caddy",
      ["adapt", "--adapter", "caddyfile", "--config", "deploy/caddy/Caddyfile"],
      { encoding: "utf8", env },
    );
    expect(adapted.status, adapted.stderr).toBe(0);
    // The static page's folder (deploy/www/, installed in /var/www/kwezi) is the checkout's.
    expect(adapted.stdout).toContain('"/var/www/kwezi"');
    const config = JSON.parse(
      adapted.stdout.replaceAll('"/var/www/kwezi"', JSON.stringify(path.resolve("deploy/www"))),
    );
    const port = await freePort();
    const server = config.apps.http.servers.srv0;
    server.listen = [`127.0.0.1:${port}`];
    server.automatic_https = { disable: true };
    delete server.tls_connection_policies;
    delete config.apps.tls;
    config.admin = { disabled: true };
    config.storage = { module: "file_system", root: home };
    const logs = Object.values(config.logging.logs) as { writer?: { filename?: string } }[];
    const accessLog = logs.find(
      (log) => log.writer?.filename === "/var/log/caddy/kwezi.access.log",
    );
    expect(accessLog, "the shipped log file").toBeDefined();
    const logFile = path.join(home, "kwezi.access.log");
    accessLog!.writer!.filename = logFile;
    const configFile = path.join(home, "caddy.json");
    fs.writeFileSync(configFile, JSON.stringify(config));

    const caddy = spawn("caddy", ["run", "--config", configFile], { env, stdio: "pipe" });
    let output = "";
    caddy.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    caddy.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise((resolve) => caddy.once("exit", resolve));
    try {
      const fetchPage = (pathname: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>(
          (resolve, reject) => {
            const request = http.get(
              {
                host: "127.0.0.1",
                port,
                path: pathname,
                headers: { Host: "localhost", ...headers },
              },
              (response) => {
                let text = "";
                response.on("data", (chunk: Buffer) => (text += chunk));
                response.on("end", () =>
                  resolve({ status: response.statusCode ?? 0, text, headers: response.headers }),
                );
              },
            );
            request.on("error", reject);
          },
        );
      const get = async (pathname: string, headers: Record<string, string> = {}) =>
        (await fetchPage(pathname, headers)).status;
      await expect.poll(() => get("/").catch(() => 0), { timeout: 10_000 }).toBe(200);
      const probes = secretPathProbes();
      const refererToken = randomToken();
      for (const request of probes.paths) {
        expect(await get(request, { Referer: `https://localhost/orders/${refererToken}` })).toBe(
          200,
        );
      }
      expect(await get("/crafts?category=Gifts")).toBe(200);

      // The app's own 503 passes through; when no app answers, the static page takes over.
      expect(await fetchPage("/own-503")).toMatchObject({ status: 503, text: "Submission Failed" });
      await new Promise((resolve) => upstream.close(resolve));
      upstream.closeAllConnections();
      const down = await fetchPage("/crafts");
      expect([502, 503]).toContain(down.status);
      expect(down.headers["retry-after"]).toBe("30");
      expect(down.text).toContain("<h1>Back in a moment</h1>");
      expect(down.text).toContain(COMPANY.phone);
    } finally {
      caddy.kill("SIGTERM");
      await exited;
      if (upstream.listening) await new Promise((resolve) => upstream.close(resolve));
    }
    const uris = fs
      .readFileSync(logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { request: { uri: string } }).request.uri);
    expect(uris).toEqual([
      "/",
      "/orders/[redacted]",
      "/[redacted]",
      "/orders/[redacted]",
      "/newsletter/unsubscribe/[redacted]",
      "/__manifest?paths=[redacted]",
      "/ORDERS/[redacted]",
      "/__manifest?paths=/crafts,/orders/[redacted]",
      "/admin/reset-password/[redacted]",
      "/newsletter/confirm/[redacted]",
      "/crafts?category=Gifts",
      "/own-503",
      "/crafts",
    ]);
    const everything = `${fs.readFileSync(logFile, "utf8")}${output}`;
    expect(everything).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});

describe("deploy/systemd", () => {
  it("passes systemd-analyze verify: the app, the backup and its timer", ({ skip }) => {
    skip(
      !commandExists("systemd-analyze"),
      "systemd-analyze is not installed (Debian: the systemd package)",
    );
    // Copies in a folder of their own: verify reads the timer's service beside it. The
    // units run Debian's /usr/bin/node; where Node lives elsewhere, the copy names it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "units-test-"));
    const units = ["kwezi.service", "kwezi-backup.service", "kwezi-backup.timer"];
    for (const unit of units) {
      let text = fs.readFileSync(path.join("deploy/systemd", unit), "utf8");
      if (!fs.existsSync("/usr/bin/node"))
        text = text.replaceAll("/usr/bin/node", process.execPath);
      fs.writeFileSync(path.join(dir, unit), text);
    }
    const result = spawnSync(
      "systemd-analyze",
      ["verify", ...units.map((unit) => path.join(dir, unit))],
      { encoding: "utf8" },
    );
    const output = `${result.stdout}${result.stderr}`;
    // Unknown or misspelt settings are only warned about, with the status still 0.
    expect(output).not.toMatch(/unknown|invalid|failed|not executable|ignoring/i);
    expect(result.status).toBe(0);
  });

  it("runs the compiled server with plain node, as the process tests do (decision 030)", () => {
    const unit = fs.readFileSync("deploy/systemd/kwezi.service", "utf8");
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(execStart).toBe(`/usr/bin/node --enable-source-maps ${COMPILED_SERVER}`);
    // Relative to WorkingDirectory, the release: its build made the file.
    expect(unit).toMatch(/^WorkingDirectory=\/opt\/kwezi\/current$/m);
    expect(fs.existsSync(COMPILED_SERVER), "npm run build writes it").toBe(true);
    // The backup's admin CLI is compiled too: no TypeScript loader anywhere in production.
    const backup = fs.readFileSync("deploy/bin/kwezi-backup", "utf8");
    expect(backup).toContain("node --enable-source-maps build/node/admin.js");
    for (const text of [unit, backup]) expect(text).not.toMatch(/\btsx\b|--import|\.ts\b/);
  });

  it("does not restart the app after a migration the database refused", () => {
    // The code server.ts exits with then (failed-migration.test.ts): restarting would fail
    // the same way every 3 s.
    const unit = fs.readFileSync("deploy/systemd/kwezi.service", "utf8");
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(
      new RegExp(`^RestartPreventExitStatus=${MIGRATION_FAILED_EXIT_CODE}$`, "m"),
    );
  });
});

describe("deploy/bin/kwezi-backup on the embedded database", () => {
  it("fetches the admin's download from the running server, verifies it and keeps the newest BACKUP_KEEP", async ({
    skip,
  }) => {
    skip(!commandExists("curl"), "curl is not installed (apt-get install curl)");
    const dataDir = createMigratedDataDir();
    const admin = { email: "backup@example.co.za", password: "backup-password-1" };
    const server = startServerProcess(dataDir, {
      SEED_DEMO: "true",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // As deployed behind a proxy: https cookies (named __Host-en_session), a trusted proxy.
      PUBLIC_URL: "https://shop.example.co.za",
      TRUST_PROXY: "loopback",
    });
    const port = await server.ready;
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), "backups-test-"));
    fs.writeFileSync(path.join(backups, "notes.txt"), "not a backup: left alone\n");
    const passwordFile = path.join(createTempDataDir(), "backup-password");
    fs.writeFileSync(passwordFile, `${admin.password}\n`, { mode: 0o600 });
    const run = (password = passwordFile) =>
      spawnSync("bash", ["deploy/bin/kwezi-backup"], {
        encoding: "utf8",
        timeout: 90_000,
        env: {
          ...environmentWithoutAppSettings(),
          // What kwezi-backup.service passes: the app's settings and the backup's own.
          DATA_DIR: dataDir,
          PORT: String(port),
          BACKUP_DIR: backups,
          BACKUP_KEEP: "2",
          BACKUP_ADMIN_EMAIL: admin.email,
          BACKUP_PASSWORD_FILE: password,
        },
      });

    const names: string[] = [];
    let lastSecond = 0;
    for (let i = 0; i < 3; i++) {
      // The names carry the second: one backup per second at most, so the next one starts
      // once the clock has reached a second later than the one the last was written in.
      await expect
        .poll(() => Math.floor(Date.now() / 1000), { interval: 50 })
        .toBeGreaterThan(lastSecond);
      const result = run();
      lastSecond = Math.floor(Date.now() / 1000);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      const name = /\/(shop-[\d-]+\.backup) written and verified; keeping the newest 2/.exec(
        result.stdout,
      )?.[1];
      expect(name, result.stdout).toBeTruthy();
      names.push(name!);
    }
    // The oldest went; the file that is not a backup stayed; no temporary files are left.
    expect(fs.readdirSync(backups).sort()).toEqual([...names.slice(1), "notes.txt"].sort());
    const summary = await verifyBackupFile(path.join(backups, names[2]!));
    expect(summary.header.source).toBe("pglite");
    expect(summary.header.tables.find((t) => t.name === "products")?.rows).toBeGreaterThan(5);
    expect(summary.files).toBeGreaterThan(10);

    // A wrong password: a clear message, a failed status, nothing written or removed.
    const wrong = path.join(createTempDataDir(), "wrong-password");
    fs.writeFileSync(wrong, "not-the-password\n");
    const refused = run(wrong);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/signing in as backup@example\.co\.za .* failed \(HTTP 401\)/);
    expect(fs.readdirSync(backups).sort()).toEqual([...names.slice(1), "notes.txt"].sort());

    // Each run signed out again: the admin's download left no session behind.
    const log = server.output();
    expect(log.match(/"url":"\/admin\/logout"/g)?.length).toBe(3);
  }, 120_000);
});
