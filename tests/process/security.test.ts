import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { createUnsubscribeToken } from "#app/server/newsletter/subscribers.server.ts";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess,
} from "#tests/setup/process.ts";
import { examplePath, routesWithActions } from "#tests/setup/routes.ts";

/*
 * Decision 010 through the whole HTTP stack of the production build: the security headers and the
 * CSP nonce on rendered pages, the same-site check on every action of the route table, and the
 * body size limits.
 */

let base: string;
let origin: string;
let server: ReturnType<typeof startServerProcess>;

const SECRETS = {
  ADMIN_PASSWORD: "Adm1n-pa55word-never-logged",
  SESSION_SECRET: "session-secret-never-logged-0123456789abcdef",
  SMTP_PASSWORD: "smtp-pa55-never-logged",
};

beforeAll(async () => {
  server = startServerProcess(createMigratedDataDir(), {
    SEED_DEMO: "true",
    TRUST_PROXY: "loopback",
    ADMIN_EMAIL: "owner@example.co.za",
    ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD,
    SESSION_SECRET: SECRETS.SESSION_SECRET,
    // Nothing listens there: delivery fails and is logged, with the URL redacted.
    SMTP_URL: `smtp://mailer:${SECRETS.SMTP_PASSWORD}@127.0.0.1:9`,
    LOG_LEVEL: "debug",
  });
  const port = await server.ready;
  base = `http://127.0.0.1:${port}`;
  // PUBLIC_URL defaults to http://localhost:<PORT>; with PORT=0 the public address differs
  // from where we connect, so same-site means "the address the request was sent to".
  origin = base;
}, 90_000);
afterAll(killServerProcesses);

const post = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    ...init,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...init.headers },
  });

describe("security headers", () => {
  it.each(["/", "/crafts", "/admin/login", "/no-such-page"])("are on %s", async (path) => {
    const response = await fetch(`${base}${path}`);
    const headers = response.headers;
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("permissions-policy")).toContain("camera=()");
    expect(headers.get("x-powered-by")).toBeNull();
    // Plain http: no HSTS (a browser would ignore it, and a LAN install must stay reachable).
    expect(headers.get("strict-transport-security")).toBeNull();
  });

  it("gives every inline script the response's nonce, and a new nonce per response", async () => {
    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/`);
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const nonce = nonceOf(first);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonce);

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    const executable = scripts.filter((attributes) => !attributes.includes("application/ld+json"));
    expect(executable.length).toBeGreaterThan(2);
    for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("sends HSTS when a trusted proxy says the visitor came over https", async () => {
    const response = await fetch(`${base}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("does not serve the build's manifests", async () => {
    for (const file of ["/.vite/manifest.json", "/.vite/chunk-modules.json"]) {
      expect((await fetch(`${base}${file}`)).status, file).toBe(404);
    }
  });

  // A real 500 on a broken database: tests/process/error-pages.test.ts.
  it("answers an absurd product address with a plain 404, no stack or SQL", async () => {
    const response = await fetch(`${base}/products/${"x".repeat(5000)}`);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toMatch(/at .*\.(ts|js):\d+|select .* from|node_modules/i);
  });
});

describe("client addresses behind the trusted proxy (decision 010)", () => {
  const signIn = (password: string, forwardedFor: string) =>
    post("/admin/login", {
      body: new URLSearchParams({ intent: "login", email: "owner@example.co.za", password }),
      headers: { Origin: origin, "X-Forwarded-For": forwardedFor },
    });

  it("counts an IPv6 client by its /64 and ignores a forged left-most address", async () => {
    // Five wrong passwords from five addresses of one /64, each with a different forged
    // address in front: TRUST_PROXY=loopback believes only the hop the proxy added.
    for (let i = 1; i <= 5; i++) {
      const response = await signIn("wrong-password", `198.51.100.${i}, 2001:db8:7:7::${i}`);
      expect(response.status).toBe(401);
    }
    const sameNetwork = await signIn(SECRETS.ADMIN_PASSWORD, "198.51.100.9, 2001:db8:7:7:ffff::1");
    expect(sameNetwork.status).toBe(429);
    expect(await sameNetwork.text()).toContain("Too many attempts, try again in 15 minutes");
    // The neighbouring /64 is someone else: the owner signs in from there.
    const neighbour = await signIn(SECRETS.ADMIN_PASSWORD, "2001:db8:7:8::1");
    expect(neighbour.status).toBe(302);
    expect(neighbour.headers.get("location")).toBe("/admin/dashboard");
  });
});

describe("cross-site requests", () => {
  it("refuses a POST from another site, or from nowhere (but a one-click unsubscribe), to every action in the route table", async () => {
    const routes = await routesWithActions();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      const path = examplePath(route.pattern);
      for (const target of [path, `${path === "/" ? "/_root" : path}.data`]) {
        const evil = await post(target, {
          body: "email=a%40example.com",
          headers: { Origin: "https://evil.example" },
        });
        expect(evil.status, `${target} from evil.example`).toBe(403);
        const anonymous = await post(target, { body: "email=a%40example.com" });
        if (route.pattern === "newsletter/unsubscribe/:token" && target === path) {
          // A newsletter's one-click unsubscribe (RFC 8058): a mail provider's server posts it
          // with no Origin; the signed token decides (here a made-up one: 404).
          expect(anonymous.status, `${target} without Origin`).toBe(404);
        } else {
          expect(anonymous.status, `${target} without Origin`).toBe(403);
        }
        const forgedReferer = await post(target, {
          body: "email=a%40example.com",
          headers: { Referer: "https://evil.example/page" },
        });
        expect(forgedReferer.status, `${target} from an evil Referer`).toBe(403);
      }
    }
  });

  it("answers a person with a readable page", async () => {
    const response = await post("/contact", {
      body: "name=x",
      headers: { Origin: "https://evil.example", Accept: "text/html" },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This form can only be sent from this website.");
  });

  it("lets the same site through (the action then decides)", async () => {
    const response = await post("/newsletter", {
      body: "email=same.site%40example.com&source=footer",
      headers: { Origin: origin },
    });
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });
});

describe("request body limits", () => {
  it("refuses a form over 64 KB with 413 and a message", async () => {
    const response = await post("/contact", {
      body: `message=${"a".repeat(70 * 1024)}`,
      headers: { Origin: origin, Accept: "text/html" },
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("the limit is 64 KB");
  });

  it("refuses an upload over 6 MB with 413", async () => {
    const response = await post("/admin/products/new", {
      body: "a".repeat(6 * 1024 * 1024 + 10),
      headers: { Origin: origin, "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("the limit is 6 MB");
  });
});

describe("hostile form structures (decision 020)", () => {
  it("survives the 60-byte request that used to exhaust the heap, and stays healthy", async () => {
    const crash = "intent=login&email=a%40b.co&password=abcdefg&x[999999999]=1";
    for (const path of ["/admin/login.data", "/admin/login", "/checkout", "/checkout.data"]) {
      const response = await post(path, { body: crash, headers: { Origin: origin } });
      expect(response.status, path).toBe(400);
      expect((await response.text()).length, path).toBeLessThan(2048);
    }
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    // And it still serves pages and takes a real sign-in form.
    expect((await fetch(`${base}/crafts`)).status).toBe(200);
    const login = await post("/admin/login", {
      body: new URLSearchParams({
        intent: "login",
        email: "owner@example.co.za",
        password: SECRETS.ADMIN_PASSWORD,
      }).toString(),
      headers: { Origin: origin },
    });
    expect(login.status).toBe(302);
  });

  it("answers a multipart body without its boundary and a NUL in an address with 400", async () => {
    const multipart = await post("/contact", {
      body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n',
      headers: { Origin: origin, "Content-Type": "multipart/form-data" },
    });
    expect(multipart.status).toBe(400);
    expect(await multipart.text()).toContain("The form could not be read.");
    const nul = await fetch(`${base}/crafts?category=%00`);
    expect(nul.status).toBe(400);
  });
});

describe("logs", () => {
  it("never contain a password, the session secret or the SMTP credentials", async () => {
    // A failed and a successful sign-in, and a subscription whose e-mail cannot be delivered.
    for (const password of ["wrong-password-never-logged", SECRETS.ADMIN_PASSWORD]) {
      await post("/admin/login", {
        body: new URLSearchParams({
          intent: "login",
          email: "owner@example.co.za",
          password,
        }).toString(),
        headers: { Origin: origin },
      });
    }
    const subscribed = await post("/newsletter", {
      body: new URLSearchParams({
        email: "logged.reader@example.com",
        source: "footer",
        enhanced: "1",
        form_stamp: createFormStamp(SECRETS.SESSION_SECRET, Date.now() - 10_000),
      }).toString(),
      headers: { Origin: origin },
    });
    expect(subscribed.status).toBe(200);
    // Two e-mails were queued; SMTP is unreachable, so their failure is logged.
    await expect.poll(() => server.output(), { timeout: 15_000 }).toContain("retryInMs");
    const logs = server.output();
    expect(logs).toContain("outbox: delivering e-mail via SMTP smtp://mailer:***@127.0.0.1:9");
    for (const secret of [...Object.values(SECRETS), "wrong-password-never-logged"]) {
      expect(logs).not.toContain(secret);
    }
  });

  it("never contain an unsubscribe link's token (the e-mail in base64 and its signature)", async () => {
    const email = "leaving.reader@example.com";
    const token = createUnsubscribeToken(SECRETS.SESSION_SECRET, email);
    const [encodedEmail, signature] = token.split(".") as [string, string];
    const link = `/newsletter/unsubscribe/${token}`;
    expect((await fetch(`${base}${link}`)).status).toBe(200);
    expect((await fetch(`${base}${link}.data`)).status).toBe(200);
    expect((await post(link, { body: "", headers: { Origin: origin } })).status).toBe(200);
    // Refused (another site) and not found (a path beneath it) are logged with the URL too.
    expect(
      (await post(link, { body: "", headers: { Origin: "https://evil.example" } })).status,
    ).toBe(403);
    expect((await fetch(`${base}${link}/extra`)).status).toBe(404);
    await expect
      .poll(() => server.output(), { timeout: 5_000 })
      .toContain('"url":"/newsletter/unsubscribe/[redacted]/extra"');
    const logs = server.output();
    expect(logs).toContain('"url":"/newsletter/unsubscribe/[redacted]"');
    expect(logs).toContain('"url":"/newsletter/unsubscribe/[redacted].data"');
    expect(logs).toContain('"path":"/newsletter/unsubscribe/[redacted]/extra"');
    for (const secret of [token, encodedEmail, signature, email]) {
      expect(logs).not.toContain(secret);
    }
  });

  /* An address the router decodes is redacted decoded, in every field. */
  it("never contain a buyer's order token or an unsubscribe token, however encoded", async () => {
    const tokens = Array.from(
      { length: 7 },
      (_, n) => `SecretTokenNumber${n}xq7lq9Yb4y3oV2V0d2a8Gq`,
    );
    const paths = [
      `/%6Frders/${tokens[0]}`,
      `/%6frders/${tokens[1]}.data`,
      `/__manifest?paths=%2Forders%2F${tokens[2]}&version=x`,
      `/__manifest?paths=%2Fcrafts%2C%2Fnewsletter%2Funsubscribe%2F${tokens[3]}`,
      `/orders%2F${tokens[4]}`,
      `/newsletter/%75nsubscribe/${tokens[5]}`,
      `/%256Frders/${tokens[6]}`,
    ];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBeLessThan(500);
      await response.arrayBuffer();
    }
    await expect
      .poll(() => server.output(), { timeout: 5_000 })
      .toContain('"url":"/newsletter/unsubscribe/[redacted]"');
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain("/orders/[redacted]");
    const logs = server.output();
    for (const token of tokens) expect(logs).not.toContain(token);
  });
});
