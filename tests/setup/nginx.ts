import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestCertificate } from "./tls.ts";

/*
 * Debian's nginx with the shipped site (deploy/nginx/kwezi.conf): the test writes only what
 * differs per site (kwezi/upstream.conf, kwezi/http.conf, kwezi/https.conf beside its own
 * nginx.conf) and runs nginx as a child process with its own prefix, pid file, temp folders
 * and logs under a temp folder, on free ports. The site is used as shipped but for its log
 * files, which move from /var/log/nginx/ to the test's folder (the shipped, redacted access
 * log included), its static "back in a moment" page's folder (/var/www/kwezi, the checkout's
 * deploy/www copied), and one more access log beside each: JSON lines with the upstream that
 * answered each request ($upstream_addr), so a test can see which app process served what and
 * what nginx passed on after a failure. That one logs the address as the shipped one does
 * ($kwezi_loggable_uri), so no log nginx writes holds a secret.
 */

export const SHIPPED_SITE = path.resolve("deploy/nginx/kwezi.conf");
/** Where the shipped site writes its logs; the test's copy writes them in its own folder. */
const SHIPPED_LOG_DIR = "/var/log/nginx/";
const SHIPPED_ACCESS_LOG =
  /^(\s*)access_log \/var\/log\/nginx\/kwezi\.access\.log kwezi_redacted;$/gm;

/** Where the shipped site's static "back in a moment" page lives (deploy/www/). */
const SHIPPED_WWW = /^(\s*)root \/var\/www\/kwezi;$/m;
export const UNAVAILABLE_PAGE = path.resolve("deploy/www/kwezi-unavailable.html");

/**
 * The shipped site with its log files in `logDir`, beside each of its access logs the test's
 * JSON log (`jsonLog`, format "upstreams"), and its static page's folder `wwwDir`. Nothing
 * else differs.
 */
export function siteWithLogsIn(logDir: string, jsonLog: string, wwwDir: string): string {
  const shipped = fs.readFileSync(SHIPPED_SITE, "utf8");
  const accessLogs = shipped.match(SHIPPED_ACCESS_LOG)?.length ?? 0;
  if (accessLogs !== 2) throw new Error(`expected 2 shipped access_log lines, found ${accessLogs}`);
  if (!SHIPPED_WWW.test(shipped)) throw new Error("expected the shipped root /var/www/kwezi;");
  return shipped
    .replace(
      SHIPPED_ACCESS_LOG,
      (line, indent: string) => `${line}\n${indent}access_log ${jsonLog} upstreams;`,
    )
    .replaceAll(SHIPPED_LOG_DIR, `${logDir}/`)
    .replace(SHIPPED_WWW, (_line, indent: string) => `${indent}root ${wwwDir};`);
}
export const SHIPPED_SITE_FILES = path.resolve("deploy/nginx/kwezi");

/** The nginx binary: NGINX_BINARY, else Debian's /usr/sbin/nginx or one on the PATH. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_BINARY, "/usr/sbin/nginx", "/usr/local/sbin/nginx"];
  for (const candidate of candidates) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

export const NO_NGINX =
  "nginx is not installed: apt-get install nginx (.ci/run installs it), or set NGINX_BINARY";

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The shipped example upstream.conf with its addresses replaced, in order, by `addresses`:
 * the failover settings (max_fails, fail_timeout) are the ones an operator starts from.
 */
export function upstreamConfFromExample(addresses: string[]): string {
  const example = fs.readFileSync(path.join(SHIPPED_SITE_FILES, "upstream.conf"), "utf8");
  const servers = example.split("\n").filter((line) => /^server\s/.test(line));
  if (servers.length !== addresses.length) {
    throw new Error(`the example has ${servers.length} servers, the test ${addresses.length}`);
  }
  return `${servers.map((line, i) => line.replace(/^server\s+\S+/, `server ${addresses[i]}`)).join("\n")}\n`;
}

export interface NginxSiteFiles {
  /** kwezi/upstream.conf */
  upstream: string;
  /** kwezi/http.conf */
  http: string;
  /** kwezi/https.conf */
  https: string;
}

/**
 * Writes an nginx.conf that includes the shipped site by its absolute path, the site files
 * beside it, and the certificate (when given) as cert.pem / key.pem. Returns the nginx.conf.
 */
export function writeNginxConfig(
  dir: string,
  site: NginxSiteFiles,
  certificate?: TestCertificate,
): string {
  const conf = path.join(dir, "conf");
  fs.mkdirSync(path.join(conf, "kwezi"), { recursive: true });
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  // Workers run as nobody when the test runs as root: they must reach their temp folders.
  for (const folder of [dir, path.join(dir, "tmp")]) fs.chmodSync(folder, 0o755);
  if (certificate) {
    fs.writeFileSync(path.join(conf, "cert.pem"), certificate.cert);
    fs.writeFileSync(path.join(conf, "key.pem"), certificate.key, { mode: 0o600 });
  }
  fs.writeFileSync(path.join(conf, "kwezi", "upstream.conf"), site.upstream);
  fs.writeFileSync(path.join(conf, "kwezi", "http.conf"), site.http);
  fs.writeFileSync(path.join(conf, "kwezi", "https.conf"), site.https);
  const temp = (name: string) => path.join(dir, "tmp", name);
  const logs = path.join(dir, "logs");
  fs.mkdirSync(logs, { recursive: true });
  const www = path.join(dir, "www");
  fs.mkdirSync(www, { recursive: true, mode: 0o755 });
  fs.copyFileSync(UNAVAILABLE_PAGE, path.join(www, "kwezi-unavailable.html"));
  fs.chmodSync(path.join(www, "kwezi-unavailable.html"), 0o644);
  const siteFile = path.join(conf, "kwezi.conf");
  fs.writeFileSync(siteFile, siteWithLogsIn(logs, path.join(dir, "access.log"), www));
  const main = `# Written by tests/setup/nginx.ts: process settings and logs of this test only.
worker_processes 2;
pid ${path.join(dir, "nginx.pid")};
error_log stderr warn;
daemon off;
events { worker_connections 1024; }
http {
    default_type application/octet-stream;
    log_format upstreams escape=json '{"t":$msec,"status":$status,"method":"$request_method","uri":"$kwezi_loggable_uri","upstream":"$upstream_addr","upstreamStatus":"$upstream_status","client":"$remote_addr"}';
    access_log ${path.join(dir, "logs", "other.access.log")};
    client_body_temp_path ${temp("body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
    include ${siteFile};
}
`;
  const file = path.join(conf, "nginx.conf");
  fs.writeFileSync(file, main);
  return file;
}

function nginxArgs(dir: string, conf: string) {
  return ["-p", `${dir}/`, "-c", conf, "-e", "stderr"];
}

/** `nginx -t` on a configuration written by writeNginxConfig. */
export function testNginxConfig(binary: string, dir: string, conf: string) {
  const result = spawnSync(binary, ["-t", ...nginxArgs(dir, conf)], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

export interface AccessEntry {
  /** Seconds since the epoch, with milliseconds. */
  t: number;
  status: number;
  method: string;
  uri: string;
  /** "127.0.0.1:3001", or several ("a, b") when nginx passed the request on. */
  upstream: string;
  upstreamStatus: string;
  client: string;
}

export interface RunningNginx {
  child: ChildProcess;
  dir: string;
  /** Every request nginx has logged so far. */
  accessLog(): AccessEntry[];
  /** Every file nginx wrote under its folder's logs/ and its JSON access log, by name. */
  logFiles(): Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

const running: ChildProcess[] = [];

/**
 * Stops every nginx this file started (afterAll). SIGTERM, so that the master process takes
 * its workers down with it: workers whose master was killed outright would stay behind,
 * still listening.
 */
export async function stopNginxProcesses() {
  await Promise.all(
    running.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** Starts nginx on a configuration written by writeNginxConfig; resolves once `port` answers. */
export async function startNginx(
  binary: string,
  dir: string,
  conf: string,
  port: number,
): Promise<RunningNginx> {
  const child = spawn(binary, nginxArgs(dir, conf), { stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    dir,
    accessLog() {
      const file = path.join(dir, "access.log");
      if (!fs.existsSync(file)) return [];
      return fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessEntry);
    },
    logFiles() {
      const files: Record<string, string> = {};
      const json = path.join(dir, "access.log");
      if (fs.existsSync(json)) files["access.log"] = fs.readFileSync(json, "utf8");
      for (const name of fs.readdirSync(path.join(dir, "logs"))) {
        files[`logs/${name}`] = fs.readFileSync(path.join(dir, "logs", name), "utf8");
      }
      return files;
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A folder for one nginx under the system's temp folder. */
export function createNginxDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
}
