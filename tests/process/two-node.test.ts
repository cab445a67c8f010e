import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY } from "#app/content/company.ts";
import { imageVariants } from "#app/lib/image-variants.ts";
import { verifyBackupFile } from "#app/server/backup/backup.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { DEFAULT_LEASE_MS } from "#app/server/notifications/worker.server.ts";
import { pngImage } from "#tests/setup/images.ts";
import {
  createNginxDir,
  findNginx,
  freePort,
  NO_NGINX,
  type RunningNginx,
  startNginx,
  stopNginxProcesses,
  upstreamConfFromExample,
  writeNginxConfig,
} from "#tests/setup/nginx.ts";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { randomToken, secretPathProbes } from "#tests/setup/secret-paths.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/setup/smtp.ts";
import { createSelfSignedCertificate, type TestCertificate } from "#tests/setup/tls.ts";
import { environmentWithoutAppSettings } from "../../scripts/lib/server-process.ts";

/*
 * Two app processes on one PostgreSQL database behind Debian's nginx running the shipped site
 * (deploy/nginx/kwezi.conf, verbatim; decision 018). Each process has its own DATA_DIR;
 * nginx speaks TLS (a throwaway certificate) and passes the visitor's address on, which the
 * processes believe from nginx alone (TRUST_PROXY=127.0.0.1). It shows that:
 *   (a) an admin stays signed in whichever process answers;
 *   (b) an image uploaded through one process is served by the other, byte for byte, 304 on
 *       its ETag; uploads of up to 5 MB pass nginx, and a too-large one gets the app's answer;
 *   (c) a product edited through one process changes the other's cached page within 1 s;
 *   (d) rate limits count across processes;
 *   (f) under checkout load through nginx, one process killed with SIGKILL loses no
 *       acknowledged order, nginx sends the next requests to the survivor, and the killed
 *       one rejoins when restarted; the failed forms, sent again, give one order each;
 *   (e) every outbox e-mail reaches the SMTP server exactly once (one per process was being
 *       sent at most when its process was killed: decision 003's at-least-once window);
 *   and a scheduled backup (deploy/bin/kwezi-backup) taken while both serve verifies.
 * It prints its figures. Without TEST_DATABASE_URL or nginx it is skipped, saying why.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const nginxBinary = findNginx();
const SKIP_REASON = !TEST_DATABASE_URL
  ? "TEST_DATABASE_URL is not set: two app processes need one PostgreSQL database"
  : !nginxBinary
    ? NO_NGINX
    : null;

const SESSION_SECRET = "two-node-secret-0123456789abcdef-0123456789";
const ADMIN = { email: "owner@example.co.za", password: "owner-password-1" };
const TAG = `tn${Date.now().toString(36)}`;
/** Concurrent buyers, and the pause each makes between two orders. */
const BUYERS = 20;
const THINK_MS = 400;

interface Node {
  name: "A" | "B";
  port: number;
  dataDir: string;
  server: ReturnType<typeof startServerProcess>;
  /** "e-mail sent" log lines of this node, over all its lives. */
  sent: { count: number };
}

let databaseName: string;
let databaseUrl: string;
let sql: postgres.Sql;
let smtp: TestSmtpServer;
let certificate: TestCertificate;
let nginx: RunningNginx;
let base: string;
let plainHttp: string;
const nodes: Record<"A" | "B", Node> = {} as Record<"A" | "B", Node>;
let adminCookie = "";
const figures: Record<string, string | number> = {};

// ---------------------------------------------------------------------------------------
// HTTP: a small client that can choose its source address (127.x.y.z are all this machine:
// nginx sees one visitor per address) and trusts the test's certificate.

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

function send(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    from?: string;
  } = {},
): Promise<Reply> {
  const target = new URL(url);
  const body = typeof init.body === "string" ? Buffer.from(init.body) : init.body;
  const options: https.RequestOptions = {
    method: init.method ?? "GET",
    headers: { ...init.headers, ...(body ? { "Content-Length": String(body.length) } : {}) },
    localAddress: init.from,
    agent: false,
    timeout: 30_000,
    ...(target.protocol === "https:" ? { ca: certificate.cert } : {}),
  };
  const transport = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(target, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes,
          text: bytes.toString("utf8"),
        });
      });
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
    request.end(body);
  });
}

const originOf = (url: string) => new URL(url).origin;
const nodeUrl = (node: Node) => `http://127.0.0.1:${node.port}`;
const upstreamOf = (node: Node) => `127.0.0.1:${node.port}`;

/** The cookies a response set, as a Cookie header. */
const cookiesOf = (reply: Reply) =>
  (reply.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!).join("; ");

function postForm(
  baseUrl: string,
  pathname: string,
  fields: URLSearchParams | Record<string, string>,
  options: { cookie?: string; from?: string } = {},
) {
  return send(`${baseUrl}${pathname}`, {
    method: "POST",
    from: options.from,
    headers: {
      Origin: originOf(baseUrl),
      "Content-Type": "application/x-www-form-urlencoded",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function postMultipart(baseUrl: string, pathname: string, form: FormData, cookie: string) {
  const encoded = new Request("http://multipart.invalid/", { method: "POST", body: form });
  return send(`${baseUrl}${pathname}`, {
    method: "POST",
    headers: {
      Origin: originOf(baseUrl),
      "Content-Type": encoded.headers.get("content-type")!,
      Cookie: cookie,
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// ---------------------------------------------------------------------------------------
// The two app processes.

function nodeEnv(port: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    // The same secret and public address on every process: one site.
    SESSION_SECRET,
    PUBLIC_URL: base,
    TRUST_PROXY: "127.0.0.1",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Kwezi Engineering <no-reply@example.co.za>",
    NOTIFY_EMAIL: "office@example.co.za",
    // The same settings on both, as from one environment file: both start at once, and
    // the advisory lock makes one of them migrate, create the admin and seed the catalogue
    // while the other waits and then finds it done.
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
}

function startNode(node: Omit<Node, "server">): Node {
  const server = startServerProcess(node.dataDir, nodeEnv(node.port));
  let pending = "";
  server.child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.includes('"msg":"e-mail sent"')) node.sent.count += 1;
  });
  return { ...node, server };
}

beforeAll(async () => {
  if (SKIP_REASON) return;
  const admin = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  databaseName = `proc_two_node_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

  smtp = await startSmtpServer();
  certificate = createSelfSignedCertificate();
  const [portA, portB, httpsPort, httpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  base = `https://127.0.0.1:${httpsPort}`;

  // Both processes at once, as two machines booting.
  for (const [name, port] of [
    ["A", portA],
    ["B", portB],
  ] as const) {
    nodes[name] = startNode({ name, port, dataDir: createTempDataDir(), sent: { count: 0 } });
  }
  await Promise.all([nodes.A.server.ready, nodes.B.server.ready]);

  // nginx: the shipped site; this test's addresses, ports and certificate.
  const dir = createNginxDir();
  const conf = writeNginxConfig(
    dir,
    {
      upstream: upstreamConfFromExample([upstreamOf(nodes.A), upstreamOf(nodes.B)]),
      http: `listen 127.0.0.1:${httpPort};\nserver_name 127.0.0.1;\n`,
      https: `listen 127.0.0.1:${httpsPort} ssl;\nserver_name 127.0.0.1;\nssl_certificate ${path.join(dir, "conf/cert.pem")};\nssl_certificate_key ${path.join(dir, "conf/key.pem")};\n`,
    },
    certificate,
  );
  nginx = await startNginx(nginxBinary!, dir, conf, httpsPort);
  plainHttp = `http://127.0.0.1:${httpPort}`;
}, 120_000);

afterAll(async () => {
  await stopNginxProcesses();
  killServerProcesses();
  if (SKIP_REASON) return;
  if (Object.keys(figures).length > 0) {
    console.log(
      `\ntwo-node figures (PostgreSQL, nginx ${spawnSync(nginxBinary!, ["-v"], { encoding: "utf8" })
        .stderr.trim()
        .replace(/^nginx version: /, "")}, ${os.availableParallelism()} CPUs):\n${Object.entries(
        figures,
      )
        .map(([name, value]) => `  ${name}: ${value}`)
        .join("\n")}\n`,
    );
  }
  await sql?.end();
  await smtp?.stop();
  const admin = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
});

/** Which processes nginx sent the logged requests matching `uri` to, and their statuses. */
function servedBy(uri: RegExp | string, since = 0) {
  return nginx
    .accessLog()
    .filter(
      (e) => e.t * 1000 >= since && (typeof uri === "string" ? e.uri === uri : uri.test(e.uri)),
    );
}

describe("two app processes on one PostgreSQL behind nginx", () => {
  it("answers plain http with a redirect to https, and Let's Encrypt's challenge path", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    const redirect = await send(`${plainHttp}/crafts?category=Gifts`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("https://127.0.0.1/crafts?category=Gifts");
    // Served from certbot's webroot, never passed to the app (no file here: 404 by nginx).
    const challenge = await send(`${plainHttp}/.well-known/acme-challenge/token`);
    expect(challenge.status).toBe(404);
    expect(challenge.text).toContain("<center>nginx</center>");
  });

  it("writes no order or unsubscribe token to any log, however the address is written", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // Shaped like the real ones (32 random bytes, base64url); unknown here, so 404s, which
    // nginx logs all the same.
    const probes = secretPathProbes();
    const [dotted, refererToken] = [randomToken(), randomToken()];
    const tokens = [...probes.tokens, dotted, refererToken];
    const adminOrder = crypto.randomUUID();
    const requests = [...probes.paths, `/admin/../orders/${dotted}`, `/admin/orders/${adminOrder}`];
    const since = Date.now();
    for (const request of requests) {
      // Through both servers: https, and the plain-http redirect.
      await send(`${base}${request}`, {
        headers: { Referer: `${base}/orders/${refererToken}` },
      });
      await send(`${plainHttp}${request}`);
    }
    await expect.poll(() => servedBy(/./, since).length).toBeGreaterThanOrEqual(requests.length);
    const files = nginx.logFiles();
    // The shipped log (deploy/nginx/kwezi.conf's path, moved to the test's folder) was written,
    // in the shipped format: the secret paths are there, cut after their name.
    const shipped = files["logs/kwezi.access.log"] ?? "";
    expect(shipped).toContain('"GET /orders/[redacted] HTTP/1.1" 404');
    expect(shipped).toContain('"GET /[redacted] HTTP/1.1"');
    expect(shipped).toContain('"GET /orders/[redacted] HTTP/1.1" 301');
    expect(shipped).toContain("/newsletter/unsubscribe/[redacted]");
    expect(shipped).toContain("/admin/reset-password/[redacted]");
    expect(shipped).toContain("/newsletter/confirm/[redacted]");
    expect(shipped).toContain("/__manifest?paths=[redacted]");
    expect(shipped).toContain(`"${base}/orders/[redacted]"`);
    // The admin's order page is no secret: its id is kept.
    expect(shipped).toContain(`"GET /admin/orders/${adminOrder} HTTP/1.1" 302`);
    for (const [name, text] of Object.entries({ ...files, output: nginx.output() })) {
      for (const secret of tokens) expect(text, `${name} holds a token`).not.toContain(secret);
    }
  });

  it("(a) keeps an admin signed in whichever process answers", async ({ skip }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    const signIn = await postForm(base, "/admin/login", { intent: "login", ...ADMIN });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe("/admin/dashboard");
    adminCookie = cookiesOf(signIn);
    // https through nginx: the Secure, host-only cookie.
    expect(adminCookie).toMatch(/^__Host-en_session=/);
    expect(signIn.headers["set-cookie"]?.join("\n")).toMatch(/Secure/);

    const since = Date.now();
    for (let i = 0; i < 6; i++) {
      const page = await send(`${base}/admin/dashboard`, { headers: { Cookie: adminCookie } });
      expect(page.status).toBe(200);
      expect(page.text).toContain(ADMIN.email);
    }
    // Round robin: both processes answered, each knew the session. (nginx logs a request
    // once its answer is out: the last line may come a moment after the client has it.)
    await expect.poll(() => servedBy("/admin/dashboard", since).length).toBe(6);
    const upstreams = new Set(servedBy("/admin/dashboard", since).map((e) => e.upstream));
    expect(upstreams).toEqual(new Set([upstreamOf(nodes.A), upstreamOf(nodes.B)]));
    // And asked directly.
    for (const node of [nodes.A, nodes.B]) {
      const page = await send(`${nodeUrl(node)}/admin/dashboard`, {
        headers: { Cookie: adminCookie },
      });
      expect(page.status, node.name).toBe(200);
    }
    // Without the cookie: the sign-in page, on either.
    const anonymous = await send(`${nodeUrl(nodes.B)}/admin/dashboard`);
    expect(anonymous.status).toBe(302);
  });

  it("(b) serves an image uploaded through one process from the other, byte for byte", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    const name = `Two Node Lamp ${TAG}`;
    const form = new FormData();
    form.set("name", name);
    form.set("price", "249.00");
    form.set(
      "image",
      new File([new Uint8Array(await pngImage(800, 600, 17))], "lamp.png", {
        type: "image/png",
      }),
    );
    const created = await postMultipart(nodeUrl(nodes.A), "/admin/products/new", form, adminCookie);
    expect(created.status).toBe(302);
    expect(created.headers.location).toBe("/admin/products");

    const [product] = await sql<{ image_url: string }[]>`
      select image_url from products where name = ${name}`;
    const variants = imageVariants(product!.image_url)!;
    expect(variants.length).toBe(3);
    for (const variant of variants) {
      const key = variant.url.slice("/uploads/".length);
      const [row] = await sql<
        { sha256: string }[]
      >`select sha256 from stored_files where key = ${key}`;
      expect(row, key).toBeDefined();
      const fromB = await send(`${nodeUrl(nodes.B)}${variant.url}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers["content-type"]).toBe("image/webp");
      expect(fromB.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(crypto.createHash("sha256").update(fromB.body).digest("hex")).toBe(row!.sha256);
      const fromA = await send(`${nodeUrl(nodes.A)}${variant.url}`);
      expect(fromA.body.equals(fromB.body)).toBe(true);
      const etag = String(fromB.headers.etag);
      expect(etag).toBe(`"${row!.sha256}"`);
      const revalidated = await send(`${nodeUrl(nodes.B)}${variant.url}`, {
        headers: { "If-None-Match": etag },
      });
      expect(revalidated.status).toBe(304);
      // Through nginx: the same bytes, the immutable header passed on, and 304 too.
      const proxied = await send(`${base}${variant.url}`);
      expect(proxied.body.equals(fromB.body)).toBe(true);
      expect(proxied.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(
        (await send(`${base}${variant.url}`, { headers: { "If-None-Match": etag } })).status,
      ).toBe(304);
    }
    // Hashed assets pass nginx with their year-long immutable caching.
    const login = await send(`${base}/admin/login`);
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(login.text)![1]!;
    expect((await send(`${base}${asset}`)).headers["cache-control"]).toMatch(/immutable/);
  });

  it("(b) lets an upload of 4 MB through nginx; a larger form gets the app's own answer", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // Random pixels do not compress: a PNG of about 4 MB, under the 5 MB an image may have.
    const big = await sharp(crypto.randomBytes(1150 * 1150 * 3), {
      raw: { width: 1150, height: 1150, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const form = new FormData();
    form.set("name", `Big Picture ${TAG}`);
    form.set("price", "10.00");
    form.set("image", new File([new Uint8Array(big)], "big.png", { type: "image/png" }));
    const created = await postMultipart(base, "/admin/products/new", form, adminCookie);
    expect(created.status).toBe(302);
    expect(created.headers.location).toBe("/admin/products");
    const [row] = await sql<{ n: string }[]>`
      select count(*) as n from products where name = ${`Big Picture ${TAG}`} and image_url is not null`;
    expect(Number(row!.n)).toBe(1);
    // Settings' equipment gallery takes the same uploads through nginx (decision 043).
    const item = new FormData();
    item.set("title", `Big Machine ${TAG}`);
    item.set("description", "A photo of about 4 MB.");
    item.set("image", new File([new Uint8Array(big)], "big.png", { type: "image/png" }));
    const added = await postMultipart(base, "/admin/settings/equipment/new", item, adminCookie);
    expect(added.status).toBe(302);
    expect(added.headers.location).toMatch(/^\/admin\/settings\/equipment\/[0-9a-f-]{36}\?added$/);

    // 7 MB: over the app's 6 MB, under nginx's 8 MB: the app answers, with its message.
    const tooLarge = new FormData();
    tooLarge.set("name", "Too large");
    tooLarge.set("price", "10.00");
    tooLarge.set("image", new File([new Uint8Array(7 * 1024 * 1024)], "x.png"));
    const refused = await postMultipart(base, "/admin/products/new", tooLarge, adminCookie);
    expect(refused.status).toBe(413);
    expect(refused.text).not.toContain("<center>nginx</center>");
    // Past nginx's limit: nginx refuses it itself.
    tooLarge.set("image", new File([new Uint8Array(9 * 1024 * 1024)], "x.png"));
    const huge = await postMultipart(base, "/admin/products/new", tooLarge, adminCookie);
    expect(huge.status).toBe(413);
    expect(huge.text).toContain("<center>nginx</center>");
  });

  it("(c) shows a product edited through one process on the other's cached page within 1 s", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    const [product] = await sql<{ id: string; description: string | null; price: string }[]>`
      select id, description, price::text as price from products where name = 'Walnut Phone Stand'`;
    const categories = await sql<{ category_id: string }[]>`
      select category_id from product_categories where product_id = ${product!.id}`;
    const page = `${nodeUrl(nodes.B)}/products/${product!.id}`;
    await send(page);
    const cached = await send(page);
    expect(cached.headers["x-page-cache"]).toBe("hit");
    expect(cached.text).toContain("Walnut Phone Stand");

    const fields = new URLSearchParams({
      name: "Yellowwood Phone Stand",
      description: product!.description ?? "",
      price: product!.price,
    });
    for (const { category_id } of categories) fields.append("categoryIds", category_id);
    const edited = await postForm(nodeUrl(nodes.A), `/admin/products/${product!.id}`, fields, {
      cookie: adminCookie,
    });
    expect(edited.status).toBe(302);
    expect(edited.headers.location).toBe("/admin/products");
    // The edit is committed when A answers; from then on B must forget its cached page.
    const committedAt = Date.now();
    let seenAt = 0;
    while (Date.now() - committedAt < 5_000) {
      const reply = await send(page);
      if (reply.text.includes("Yellowwood Phone Stand")) {
        seenAt = Date.now();
        break;
      }
      await sleep(5);
    }
    expect(seenAt, "B never showed the new name").toBeGreaterThan(0);
    figures["(c) edit on A seen on B's cached page after"] = `${seenAt - committedAt} ms`;
    expect(seenAt - committedAt).toBeLessThan(1_000);
  });

  it("(d) counts failed sign-ins across both processes", async ({ skip }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // One visitor (one address) guessing one account's password, its attempts alternating
    // between the processes: the limit (5 per 15 minutes) is reached at the 6th in total,
    // where either process alone would have seen only 3.
    const guess = { intent: "login", email: `nobody.${TAG}@example.co.za`, password: "wrong-1" };
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? nodes.A : nodes.B;
      const reply = await postForm(nodeUrl(node), "/admin/login", guess, { from: "127.0.77.7" });
      statuses.push(`${node.name}:${reply.status}`);
    }
    expect(statuses).toEqual(["A:401", "B:401", "A:401", "B:401", "A:401", "B:429"]);
    // Another address is not affected.
    const other = await postForm(nodeUrl(nodes.A), "/admin/login", guess, { from: "127.0.77.8" });
    expect(other.status).toBe(401);
  });

  it("(f) loses no acknowledged order when a process is killed under checkout load, and takes it back", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // Products an order may name without a personalisation text (decision 040).
    const products = await sql<{ id: string }[]>`
      select id from products where not personalisation_required order by name limit 5`;

    interface Attempt {
      n: number;
      from: string;
      form: Record<string, string>;
      start: number;
      end: number;
      status: number;
      location?: string;
      error?: string;
    }
    const attempts: Attempt[] = [];
    let counter = 0;
    const checkout = async (attempt: Omit<Attempt, "start" | "end" | "status">) => {
      const start = Date.now();
      try {
        const reply = await postForm(base, "/checkout", attempt.form, { from: attempt.from });
        return {
          ...attempt,
          start,
          end: Date.now(),
          status: reply.status,
          location: reply.headers.location,
        };
      } catch (error) {
        return { ...attempt, start, end: Date.now(), status: 0, error: String(error) };
      }
    };
    /** A new buyer: own address, e-mail and phone (the per-address and per-buyer limits). */
    const nextOrder = () => {
      counter += 1;
      const n = counter;
      return {
        n,
        from: `127.${20 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`,
        form: {
          name: `Buyer ${n}`,
          email: `buyer${n}.${TAG}@example.co.za`,
          phone: `082 ${String(100 + (n % 900)).padStart(3, "0")} ${String(n % 10_000).padStart(4, "0")}`,
          idempotencyKey: crypto.randomUUID(),
          "lines[0].productId": products[n % products.length]!.id,
          "lines[0].quantity": String(1 + (n % 3)),
          // The form as a person sends it: shown a few seconds ago, honeypot empty.
          form_stamp: createFormStamp(SESSION_SECRET, Date.now() - 5_000),
          hp_website: "",
        },
      };
    };
    let stopping = false;
    const buyer = async () => {
      while (!stopping) {
        attempts.push(await checkout(nextOrder()));
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    };

    const loadStart = Date.now();
    const buyers = Array.from({ length: BUYERS }, () => buyer());
    await sleep(3_000);
    const killAt = Date.now();
    nodes.B.server.child.kill("SIGKILL");
    await nodes.B.server.exited;
    await sleep(1_000);
    nodes.B = startNode(nodes.B);
    await nodes.B.server.ready;
    const readyAt = Date.now();
    // Until nginx has sent checkouts to the restarted process again (after fail_timeout).
    let rejoinedAt = 0;
    while (Date.now() - readyAt < 30_000) {
      const back = servedBy("/checkout", readyAt).find(
        (e) => e.upstream === upstreamOf(nodes.B) && e.status === 302,
      );
      if (back) {
        rejoinedAt = back.t * 1000;
        break;
      }
      await sleep(100);
    }
    await sleep(500);
    stopping = true;
    await Promise.all(buyers);
    const loadEnd = Date.now();
    expect(rejoinedAt, "the restarted process never got a checkout again").toBeGreaterThan(0);

    const acknowledged = attempts.filter((a) => a.status === 302 && a.location === "/");
    const failed = attempts.filter((a) => !(a.status === 302 && a.location === "/"));
    const stored = new Set(
      (
        await sql<{ key: string }[]>`
          select idempotency_key as key from orders where email like ${`%.${TAG}@example.co.za`}`
      ).map((row) => row.key),
    );
    // Every acknowledged order is in the database.
    const lost = acknowledged.filter((a) => !stored.has(a.form.idempotencyKey!));
    expect(lost).toEqual([]);
    // What failed was in flight when B died: every request sent a moment later succeeded.
    const lateFailures = failed.filter((a) => a.start >= killAt + 1_000);
    expect(lateFailures.map((a) => `${a.status} ${a.error ?? ""}`)).toEqual([]);
    expect(failed.every((a) => a.start < killAt + 1_000 && a.end >= killAt)).toBe(true);
    const takeover = attempts
      .filter((a) => a.start >= killAt && a.status === 302)
      .reduce((first, a) => Math.min(first, a.end), Number.POSITIVE_INFINITY);
    const passedOn = servedBy("/checkout", killAt).filter((e) => e.upstream.includes(","));
    // Requests nginx tried on B first (connection refused) and passed on to A.
    expect(
      passedOn.every((e) => e.upstream === `${upstreamOf(nodes.B)}, ${upstreamOf(nodes.A)}`),
    ).toBe(true);
    const afterRejoin = servedBy("/checkout", rejoinedAt);
    expect(afterRejoin.some((e) => e.upstream === upstreamOf(nodes.A))).toBe(true);

    // The buyers whose answer was lost send their form again (the same idempotency key and
    // stamp): one order each, whether or not the first attempt had been stored.
    const committedUnanswered = failed.filter((a) => stored.has(a.form.idempotencyKey!)).length;
    for (const attempt of failed) {
      const again = await postForm(base, "/checkout", attempt.form, { from: attempt.from });
      expect(again.status, again.text.slice(0, 200)).toBe(302);
    }
    const perKey = await sql<{ key: string; n: string }[]>`
      select idempotency_key as key, count(*)::text as n from orders
      where email like ${`%.${TAG}@example.co.za`} group by idempotency_key`;
    expect(perKey.length).toBe(attempts.length);
    expect(perKey.every((row) => row.n === "1")).toBe(true);

    const median = (list: Attempt[]) => {
      const times = list.map((a) => a.end - a.start).sort((x, y) => x - y);
      return times.length ? `${times[Math.floor(times.length / 2)]} ms` : "-";
    };
    Object.assign(figures, {
      "(f) load": `${BUYERS} buyers through nginx for ${seconds(loadEnd - loadStart)}, ${attempts.length} checkouts (${(attempts.length / ((loadEnd - loadStart) / 1000)).toFixed(1)}/s)`,
      "(f) orders acknowledged (302) / of them stored": `${acknowledged.length} / ${acknowledged.length - lost.length}`,
      "(f) requests failed while B was down": `${failed.length} (${[...new Set(failed.map((a) => a.status || a.error))].join(", ")}), all in flight at the kill; ${committedUnanswered} of them had been stored; sent again: ${failed.length} × 302, no duplicate`,
      "(f) median checkout time: both up / B down / after B's return": `${median(acknowledged.filter((a) => a.end < killAt))} / ${median(acknowledged.filter((a) => a.start >= killAt && a.end < rejoinedAt))} / ${median(acknowledged.filter((a) => a.start >= rejoinedAt))}`,
      "(f) requests nginx passed on from B to A (connection refused)": passedOn.length,
      "(f) first successful checkout sent after the kill answered after": seconds(
        takeover - killAt,
      ),
      "(f) B down (SIGKILL → restarted process listening)": seconds(readyAt - killAt),
      "(f) B serving checkouts again after its restart": `${seconds(rejoinedAt - readyAt)} (${seconds(rejoinedAt - killAt)} after the kill; nginx retries a failed process after fail_timeout=10s)`,
    });
  }, 120_000);

  it("(e) sends every outbox e-mail exactly once across both processes", async ({ skip }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // Everything due is sent; what stays is a message the killed process had claimed (its
    // lease runs 10 minutes, decision 003): the restarted one does not take it before.
    const deadline = Date.now() + 60_000;
    let rows: { id: string; status: string; claimed: Date | null }[] = [];
    for (;;) {
      rows = await sql<{ id: string; status: string; claimed: Date | null }[]>`
        select id, status,
          case when status = 'sending' then next_attempt_at - ${`${DEFAULT_LEASE_MS} milliseconds`}::interval end as claimed
        from notifications`;
      const busy = rows.filter(
        (r) =>
          r.status === "pending" ||
          (r.status === "sending" && r.claimed!.getTime() > Date.now() - 5_000),
      );
      if (busy.length === 0) break;
      expect(Date.now(), `${busy.length} e-mails still to send`).toBeLessThan(deadline);
      await sleep(250);
    }
    // Every e-mail the outbox marked sent has been parsed by the SMTP server (it parses
    // what it has received after answering the client).
    const sentCount = rows.filter((r) => r.status === "sent").length;
    await expect
      .poll(() => smtp.received.length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(sentCount);
    const received = new Map<string, number>();
    for (const entry of smtp.received) {
      const id = /^<([0-9a-f-]{36})@/.exec(entry.mail.messageId ?? "")?.[1] ?? "unknown";
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const sent = rows.filter((r) => r.status === "sent");
    const stuck = rows.filter((r) => r.status === "sending");
    expect(rows.filter((r) => r.status === "failed")).toEqual([]);
    expect(stuck.length).toBeLessThanOrEqual(1);
    const notOnce = sent.filter((r) => received.get(r.id) !== 1);
    expect(notOnce.map((r) => `${r.id}: ${received.get(r.id) ?? 0}`)).toEqual([]);
    for (const row of stuck) expect(received.get(row.id) ?? 0).toBeLessThanOrEqual(1);
    // Nothing arrived that the outbox does not hold.
    expect(received.get("unknown")).toBeUndefined();
    expect([...received.keys()].every((id) => rows.some((r) => r.id === id))).toBe(true);
    expect(nodes.A.sent.count).toBeGreaterThan(0);
    expect(nodes.B.sent.count).toBeGreaterThan(0);
    figures["(e) outbox e-mails"] =
      `${rows.length}: ${sent.length} sent exactly once (${nodes.A.sent.count} by A, ${nodes.B.sent.count} by B)${stuck.length ? `; ${stuck.length} claimed by B when it was killed, received ${received.get(stuck[0]!.id) ?? 0} time(s), due again when its lease ends` : ""}`;
  }, 90_000);

  it("ends a session for every process when signing out through one", async ({ skip }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // The restarted B knows the session from before its death (it is in the database).
    expect(
      (await send(`${nodeUrl(nodes.B)}/admin/dashboard`, { headers: { Cookie: adminCookie } }))
        .status,
    ).toBe(200);
    const out = await postForm(nodeUrl(nodes.B), "/admin/logout", {}, { cookie: adminCookie });
    expect(out.status).toBe(302);
    const after = await send(`${nodeUrl(nodes.A)}/admin/dashboard`, {
      headers: { Cookie: adminCookie },
    });
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/admin\/login/);
  });

  it("takes a scheduled backup (deploy/bin/kwezi-backup) while both serve", async ({ skip }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), "backups-test-"));
    const result = spawnSync("bash", ["deploy/bin/kwezi-backup"], {
      encoding: "utf8",
      timeout: 90_000,
      env: {
        ...environmentWithoutAppSettings(),
        DATABASE_URL: databaseUrl,
        DATA_DIR: nodes.A.dataDir,
        SESSION_SECRET,
        BACKUP_DIR: backups,
      },
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const [name] = fs.readdirSync(backups);
    const summary = await verifyBackupFile(path.join(backups, name!));
    const [orders] = await sql<{ n: string }[]>`select count(*)::text as n from orders`;
    expect(summary.header.source).toBe("postgres");
    expect(summary.header.tables.find((t) => t.name === "orders")?.rows).toBe(Number(orders!.n));
    figures["backup while serving"] =
      `${summary.rows} rows and ${summary.files} images, ${(fs.statSync(path.join(backups, name!)).size / 1024).toFixed(0)} KB`;
  }, 90_000);
  // Last: it stops both app processes.
  it("answers the static 'back in a moment' page when no app process answers", async ({ skip }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    for (const node of [nodes.A, nodes.B]) {
      node.server.child.kill("SIGKILL");
      await node.server.exited;
    }
    for (const pathname of ["/crafts", "/admin/dashboard", "/orders/x.data"]) {
      const reply = await send(`${base}${pathname}`);
      expect(reply.status, pathname).toBe(502);
      expect(reply.headers["retry-after"], pathname).toBe("30");
      expect(reply.headers["cache-control"], pathname).toBe("no-store");
      expect(reply.text, pathname).toContain("<h1>Back in a moment</h1>");
      expect(reply.text, pathname).toContain(COMPANY.phone);
    }
    // The page itself is not an address of the site.
    nodes.A = startNode(nodes.A);
    await nodes.A.server.ready;
    const direct = await send(`${base}/kwezi-unavailable.html`);
    expect(direct.status).toBe(404);
    expect(direct.text).not.toContain("<h1>Back in a moment</h1>");
  });
});
