import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataPath,
  fixture,
  INPUTLESS,
  type PostedForm,
  send,
  startActionFixture,
  TARGETS,
  type Target,
  validForm,
} from "#tests/setup/action-targets.ts";
import { databaseFingerprint } from "#tests/setup/db-fingerprint.ts";
import { routesWithActions } from "#tests/setup/routes.ts";

/*
 * Decision 020, items 1 and 2: what a script can send that no browser would. Every action of the
 * route table, signed in as an admin and not, as a page and as a data request, gets a real
 * form plus a hostile structure: array indexes in the billions, thousands of fields, a name
 * nested 20,000 levels, multipart without its boundary, broken JSON in Conform's reserved
 * fields, a NUL in a name; and, field by field, a NUL or a line break in each value. Every
 * answer is a 4xx or the normal answer, never a 500; none is amplified (a data answer or a
 * refusal stays under 64 KB, a page under its own size plus 64 KB); a refused request writes
 * nothing; and the process's memory stays flat.
 */

const LIMIT = 64 * 1024;
/** Free text that keeps its line breaks; every other text field is a single line. */
const MULTI_LINE = new Set(["message", "description", "note", "reply", "markdown", "text", "body"]);

beforeAll(startActionFixture, 120_000);
afterAll(() => fixture.handle.close());

interface Hostile {
  label: string;
  /** Added to (or, with `replace`, instead of) the target's valid form. */
  extra: () => [string, string][];
  multipart?: boolean;
  /** Raw body and Content-Type, for what FormData cannot express. */
  raw?: { type: string; body: string };
}

const HOSTILE: Hostile[] = [
  { label: "x[999999999]", extra: () => [["x[999999999]", "1"]] },
  { label: "x[100000]", extra: () => [["x[100000]", "1"]] },
  {
    label: "a declared-looking name with a huge index",
    extra: () => [["lines[999999999].productId", "1"]],
  },
  {
    label: "5,000 fields",
    extra: () => Array.from({ length: 5000 }, (_, i) => [`f${i}`, ""] as [string, string]),
  },
  {
    label: "a name nested 20,000 levels",
    extra: () => [[`a${"[0]".repeat(20_000)}`, "1"]],
    multipart: true,
  },
  { label: "a NUL in a field name", extra: () => [["na\u0000me", "1"]] },
  { label: "broken JSON in __state__", extra: () => [["__state__", "{not json"]] },
  { label: "broken JSON in __intent__", extra: () => [["__intent__", '{"type":']] },
  {
    label: "multipart without a boundary",
    extra: () => [],
    raw: {
      type: "multipart/form-data",
      body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n',
    },
  },
  {
    label: "JSON instead of a form",
    extra: () => [],
    raw: { type: "application/json", body: '{"email":"a@b.co"}' },
  },
];

/** The page a target's form lives on, as the admin (or a visitor) sees it. */
const baselines = new Map<string, number>();
async function pageSize(target: Target) {
  const path = target.path().replace(/\?index$/, "");
  const key = `${target.admin ? "admin" : "visitor"} ${path}`;
  if (!baselines.has(key)) {
    const headers: Record<string, string> = target.admin ? { Cookie: fixture.adminCookie } : {};
    let response = await fixture.app.request(path, { headers });
    // /newsletter has no page of its own: it sends a visitor home.
    const location = response.headers.get("Location");
    if (location) response = await fixture.app.request(location, { headers });
    baselines.set(key, (await response.text()).length);
  }
  return baselines.get(key)!;
}

async function sendRaw(
  target: Target,
  raw: { type: string; body: string },
  data: boolean,
  signedIn: boolean,
) {
  fixture.addressCounter += 1;
  const response = await fixture.app.request(data ? dataPath(target.path()) : target.path(), {
    method: "POST",
    body: raw.body,
    clientAddress: `203.0.113.${fixture.addressCounter % 250}-${fixture.addressCounter}`,
    headers: {
      "Content-Type": raw.type,
      ...(signedIn ? { Cookie: fixture.adminCookie } : {}),
    },
  });
  return { status: response.status, text: await response.text() };
}

const name = (target: Target) => `${target.pattern}${target.variant ? ` (${target.variant})` : ""}`;

describe("hostile form structures (decision 020)", () => {
  it("covers every route with an action in the route table", async () => {
    const withActions = new Set((await routesWithActions()).map((r) => r.pattern));
    const covered = new Set([...TARGETS.map((t) => t.pattern), ...INPUTLESS]);
    expect([...covered].sort()).toEqual([...withActions].sort());
  });

  const logout: Target = {
    pattern: "admin/logout",
    path: () => "/admin/logout",
    fields: {},
    messages: [],
  };

  for (const target of [...TARGETS, logout]) {
    it(`${name(target)}: refused with a 4xx and a message, small, nothing written`, async () => {
      const before = await databaseFingerprint(fixture.services.db);
      for (const hostile of HOSTILE) {
        for (const signedIn of [false, true]) {
          for (const data of [false, true]) {
            const label = `${hostile.label}, ${signedIn ? "admin" : "anonymous"}${data ? ", .data" : ""}`;
            const answer = hostile.raw
              ? await sendRaw(target, hostile.raw, data, signedIn)
              : await send(
                  target,
                  {
                    entries: [...Object.entries(validForm(target)), ...hostile.extra()],
                    multipart: hostile.multipart ?? false,
                    data,
                  },
                  { signedIn },
                );
            expect(answer.status, label).toBeGreaterThanOrEqual(400);
            expect(answer.status, label).toBeLessThan(500);
            expect(answer.text.length, label).toBeLessThanOrEqual(LIMIT);
            expect(answer.text, label).toMatch(
              /The form could not be read|too many fields|Only forms can be sent here|too large/,
            );
          }
        }
      }
      expect(await databaseFingerprint(fixture.services.db)).toBe(before);
    }, 120_000);
  }

  for (const target of TARGETS) {
    const fields = Object.keys(target.fields).filter(
      (field) => target.fields[field]!.kind !== "file",
    );
    it(`${name(target)}: a NUL or a line break in each field gets a 4xx or the normal answer`, async () => {
      // The database as the last request left it: a refusal must leave it so, an accepted
      // form moves it on.
      let before = await databaseFingerprint(fixture.services.db);
      for (const field of fields) {
        const spec = target.fields[field]!;
        const valid = validForm(target)[field] ?? "";
        const values = [`${valid}\u0000x`, `${valid}\r\nInjected: yes`, `${valid}\u2028x`];
        for (const value of values) {
          for (const data of [false, true]) {
            const form: PostedForm = {
              entries: Object.entries({ ...validForm(target), [field]: value }),
              multipart: false,
              data,
            };
            const label = `${field}=${JSON.stringify(value.slice(-12))}${data ? ", .data" : ""}`;
            const { status, text } = await send(target, form);
            expect(status, label).toBeLessThan(500);
            // Amplified by nothing: a data answer stays small, a page near its own size.
            const bound = data ? LIMIT : (await pageSize(target)) + LIMIT;
            expect(text.length, label).toBeLessThanOrEqual(bound);
            const after = await databaseFingerprint(fixture.services.db);
            if (status >= 400) expect(after, label).toBe(before);
            before = after;
            // A single-line text field never takes a line break (docs/product.md §6.1), and no
            // text field takes a NUL; a password is the one field where both are characters.
            const singleLine =
              ["text", "email", "phone"].includes(spec.kind) && !MULTI_LINE.has(field);
            if ((singleLine || value.includes("\u0000")) && spec.kind !== "password") {
              if (spec.kind !== "opaque") expect(status, label).toBeGreaterThanOrEqual(400);
            }
          }
        }
      }
    }, 120_000);
  }

  it("keeps the process's memory flat", async () => {
    const target = TARGETS.find((t) => t.pattern === "admin/login")!;
    const hostile = HOSTILE.slice(0, 4);
    const round = async () => {
      for (let i = 0; i < 10; i++) {
        for (const h of hostile) {
          await send(target, {
            entries: [...Object.entries(validForm(target)), ...h.extra()],
            multipart: false,
            data: true,
          });
        }
      }
    };
    await round();
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    await round();
    await round();
    (globalThis as { gc?: () => void }).gc?.();
    // One answer of the old code to x[100000] held 300 KB; an array of a billion slots
    // would not fit at all. Forty hostile requests more may not keep 32 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
  }, 120_000);
});

describe("a NUL in an address (decision 020)", () => {
  it.each([
    ["/crafts?category=%00", false],
    ["/crafts.data?category=%00", false],
    ["/products/%00", false],
    ["/admin/orders?q=%00", true],
    ["/admin/orders.data?q=a%00b", true],
    ["/admin/products?q=%00", true],
    ["/admin/subscribers?q=%00", true],
    ["/admin/quote-requests?q=%00", true],
    ["/admin/users?q=%00", true],
  ])("%s answers 400 with a message", async (path, admin) => {
    const response = await fixture.app.request(path, {
      headers: admin ? { Cookie: fixture.adminCookie } : {},
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("(NUL)");
  });
});

describe("redirects after sign-in stay on this site (decision 006)", () => {
  const attacks = ["/.//attacker.example/phish", "/..//attacker.example", "/%2e//attacker.example"];

  it.each(attacks)(
    "GET /admin/login?redirectTo=%s with a session goes to the dashboard",
    async (to) => {
      const response = await fixture.app.request(
        `/admin/login?${new URLSearchParams({ redirectTo: to })}`,
        { headers: { Cookie: fixture.adminCookie } },
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/dashboard");
    },
  );

  it.each(attacks)("signing in with redirectTo=%s goes to the dashboard", async (to) => {
    fixture.addressCounter += 1;
    const response = await fixture.app.postForm(
      "/admin/login",
      {
        intent: "login",
        email: "owner@example.co.za",
        password: "correct-horse-1",
        redirectTo: to,
      },
      { clientAddress: `192.0.2.${fixture.addressCounter % 250}` },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("the newsletter's redirect_to cannot leave the site", async () => {
    for (const to of ["/\\evil.example/", "/.//evil.example", "//evil.example"]) {
      fixture.addressCounter += 1;
      const response = await fixture.app.postForm(
        "/newsletter",
        {
          email: `reader${fixture.addressCounter}@example.co.za`,
          source: "footer",
          redirect_to: to,
          hp_website: "",
          form_stamp: validForm(TARGETS.find((t) => t.pattern === "newsletter")!).form_stamp!,
        },
        { clientAddress: `192.0.2.${fixture.addressCounter % 250}` },
      );
      expect(response.status, to).toBe(302);
      expect(response.headers.get("Location"), to).toBe("/");
    }
  });
});
