import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FieldSpec,
  fixture,
  INPUTLESS,
  send,
  startActionFixture,
  TARGETS,
  type Target,
  validForm,
} from "#tests/setup/action-targets.ts";
import { databaseFingerprint, executeRows } from "#tests/setup/db-fingerprint.ts";
import { routesWithActions } from "#tests/setup/routes.ts";

/*
 * Input robustness (decision 010): every route action of the route table gets random invalid
 * forms — a required field missing, empty, 100 KB long, holding a NUL byte or of the wrong
 * type — whose other real fields may hold SQL, HTML and Unicode payloads, mixed with noise
 * (unknown and duplicated fields). Each must be answered with a 4xx and a message, never a
 * 500, and leave every table as it was. Every action with free-text fields also gets valid
 * forms whose text is hostile: refused with a message, or stored exactly as sent. About half
 * the forms are multipart/form-data, and half are sent as `.data` requests, as the pages'
 * fetchers send them. Fixed seed and a bounded number of runs, so CI is repeatable.
 */

const SEED = 20261123;

beforeAll(startActionFixture, 120_000);
afterAll(() => fixture.handle.close());
/** Invalid forms per action, and hostile-but-valid ones per action with text fields. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const HOSTILE_RUNS = Math.max(1, Math.round(RUNS / 4));

const UNICODE_EDGES = [
  "Zoë Ndlovu-Müller",
  "👩🏾‍🔧 engineering",
  "‮reversed‬",
  "zero​width",
  "e\u0301\u0301\u0301",
  "\uFEFFbom",
  "\uFFFF",
  "ﷺ",
];
const PAYLOADS = [
  "'; drop table orders; --",
  '" or 1=1 --',
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "{{7*7}}",
  "../../etc/passwd",
  "%00",
  "\\x00",
];

const noiseValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...UNICODE_EDGES, ...PAYLOADS),
);

/** SQL, HTML and Unicode edge cases, alone or after the field's valid value. */
const hostileText = (valid: string) =>
  fc.oneof(
    fc.constantFrom(...PAYLOADS, ...UNICODE_EDGES),
    fc.constantFrom(...PAYLOADS, ...UNICODE_EDGES).map((payload) => `${valid} ${payload}`),
  );

function wrongValue({ kind, optional }: FieldSpec, valid: string): fc.Arbitrary<string> {
  const common = [
    // Blank is a wrong value only where the field is required.
    ...(optional ? [] : [fc.constantFrom("", "   ", "\t\n")]),
    fc.constant("x".repeat(100_000)),
    fc.nat({ max: valid.length }).map((at) => `${valid.slice(0, at)}\u0000${valid.slice(at)}`),
  ];
  switch (kind) {
    case "email":
      return fc.oneof(
        ...common,
        fc.constantFrom("not-an-email", "a@", "@b.co", "a b@c.co", "<x>@y", "a@@b.co"),
        fc.string({ maxLength: 30 }).filter((s) => !s.includes("@")),
      );
    case "enum":
    case "uuid":
      return fc.oneof(...common, fc.string({ maxLength: 30 }), fc.constantFrom(...PAYLOADS));
    case "int":
      return fc.oneof(fc.constantFrom("", "abc", "1.5", "1e400", "NaN", "-0x10", "999999999999"));
    case "price":
      return fc.constantFrom(
        "",
        "  ",
        "abc",
        "1.234",
        "-1",
        "-0.01",
        "12,50",
        "1e5",
        "NaN",
        "R10",
        "99999999999",
        "99999999999999.99",
      );
    case "date":
      return fc.constantFrom(
        "",
        "2026-13-01",
        "2026-02-30",
        "tomorrow",
        "2999-01-01",
        "1999-01-01",
      );
    case "phone":
      return fc.oneof(...common, fc.constantFrom("12345", "abc", "+", "0000000000000000000"));
    case "password":
      // A NUL is a character like any other in a password: only length can be wrong.
      return fc.constantFrom("", "12345", "x".repeat(100_000));
    case "boolean":
      // A checkbox sends "on" or nothing: anything else is not one.
      return fc.oneof(
        fc.constantFrom("off", "yes", "false", "1", "2", ...PAYLOADS),
        fc.constant("x".repeat(100_000)),
      );
    case "file":
      // Text where a file is expected (a hand-made form): never read as an image.
      return fc.oneof(
        fc.constantFrom("photo.png", "data:image/png;base64,iVBORw0KGgo=", ...PAYLOADS),
        fc.constant("x".repeat(100_000)),
      );
    default:
      return fc.oneof(...common);
  }
}

/**
 * One posted form, as an ordered list of fields, urlencoded or multipart, sent as a page
 * would without JavaScript (document) or as its fetcher does (a `.data` request).
 */
interface Case {
  entries: [string, string][];
  multipart: boolean;
  data: boolean;
  description: string;
  /** Hostile values put into stored text fields (checked to be stored as sent). */
  storedText: string[];
}

const encoding = (multipart: boolean, data: boolean) =>
  `${multipart ? "multipart" : "urlencoded"}${data ? " .data" : ""}`;

/**
 * One invalid form: a broken required field; the other real fields keep their valid value or
 * get a hostile one (SQL, HTML, Unicode); plus unknown and duplicated fields.
 */
function invalidForm(target: Target): fc.Arbitrary<Case> {
  const base = validForm(target);
  const freshBase = () => ({ ...base, ...validForm(target) });
  // A required field is broken by a wrong value or by leaving it out; an optional field with
  // a rule (the optional phone) only by a wrong value; optional free text cannot be wrong.
  const breakable = Object.keys(target.fields).filter((name) => {
    const spec = target.fields[name]!;
    return !spec.optional || !["text", "opaque"].includes(spec.kind);
  });
  const others = Object.keys(target.fields);
  return fc
    .record({
      field: fc.constantFrom(...breakable),
      missing: fc.boolean(),
      hostile: fc.record(
        Object.fromEntries(others.map((name) => [name, fc.option(hostileText(base[name]!))])),
      ),
      extra: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in base)),
        noiseValue,
        { maxKeys: 4 },
      ),
      duplicate: fc.option(fc.tuple(fc.constantFrom(...Object.keys(base)), noiseValue)),
      multipart: fc.boolean(),
      data: fc.boolean(),
    })
    .chain(({ field, missing: leaveOut, hostile, extra, duplicate, multipart, data }) =>
      wrongValue(target.fields[field]!, base[field] ?? "").map((wrong): Case => {
        const missing = leaveOut && !target.fields[field]!.optional;
        const entries: [string, string][] = [];
        for (const [name, value] of Object.entries(freshBase())) {
          if (name === field) {
            if (!missing) entries.push([name, wrong]);
          } else {
            entries.push([name, (hostile as Record<string, string | null>)[name] ?? value]);
          }
        }
        for (const [name, value] of Object.entries(extra)) entries.push([name, value]);
        // A second value after the real one (the first value is what forms read).
        if (duplicate && !(missing && duplicate[0] === field)) entries.push(duplicate);
        return {
          entries,
          multipart,
          data,
          storedText: [],
          description: `${encoding(multipart, data)}: ${field} ${missing ? "missing" : JSON.stringify(wrong.slice(0, 40))}`,
        };
      }),
    );
}

/**
 * An otherwise valid form whose free-text fields hold hostile values: answered without a 500;
 * refused with a message, or accepted and stored exactly as sent (never run as SQL or markup).
 */
function hostileForm(target: Target): fc.Arbitrary<Case> {
  const base = validForm(target);
  const texts = Object.keys(target.fields).filter((name) => target.fields[name]!.kind === "text");
  return fc
    .record({
      hostile: fc.record(Object.fromEntries(texts.map((name) => [name, hostileText(base[name]!)]))),
      multipart: fc.boolean(),
      data: fc.boolean(),
    })
    .map(({ hostile, multipart, data }): Case => {
      // Fresh generated values (an idempotency key) per case: each is a new submission.
      const values = { ...validForm(target), ...(hostile as Record<string, string>) };
      return {
        entries: Object.entries(values),
        multipart,
        data,
        storedText: texts.map((name) => values[name]!),
        description: `${encoding(multipart, data)}: ${JSON.stringify(hostile)}`,
      };
    });
}

/** Whether `value` is in some stored text column (the outbox's copies of e-mails aside). */
async function storedVerbatim(value: string): Promise<boolean> {
  const columns = await executeRows<{ table_name: string; column_name: string }>(
    fixture.services.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying')
          and table_name not in ('notifications', 'sessions', 'rate_limits')`,
  );
  // Settings are JSON documents (site_settings, decision 042): their strings count too.
  const documents = await executeRows<{ table_name: string; column_name: string }>(
    fixture.services.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type = 'jsonb' and table_name = 'site_settings'`,
  );
  const checks = [
    ...columns.map(
      ({ table_name, column_name }) =>
        sql`exists (select 1 from ${sql.identifier(table_name)}
                    where position(${value} in ${sql.identifier(column_name)}) > 0)`,
    ),
    ...documents.map(
      ({ table_name, column_name }) =>
        sql`exists (select 1 from ${sql.identifier(table_name)} as doc,
                      jsonb_path_query(doc.${sql.identifier(column_name)}, 'strict $.**') as item
                    where jsonb_typeof(item) = 'string'
                      and position(${value} in item #>> '{}') > 0)`,
    ),
  ];
  const [row] = await executeRows<{ found: boolean }>(
    fixture.services.db,
    sql`select (${sql.join(checks, sql` or `)}) as found`,
  );
  return row!.found;
}

/**
 * Whether the answer holds one of the target's messages. For a form that works without
 * JavaScript, a page answer must show it in its markup: a message that sits only in the
 * page's hydration data, for a field the form never shows, does not count. Forms that need
 * the page's script (the admin's dialogs, the checkout) show their messages as notices, which
 * the script renders from that data.
 */
/**
 * A body over the limit (a 100 KB value in a 64 KB form) is refused before any action reads
 * it, the same for every form, with this message (app/server/http/form-data.server.ts).
 */
const TOO_LARGE = ["What you sent is too large (the limit is 64 KB)", "The upload is larger than"];

/** zod's own phrasing, which no answer may show a person. */
const ZODS_OWN_WORDS =
  /Invalid input|Too big: expected|Too small: expected|expected (?:string|number|int)/;

function hasMessage(target: Target, text: string, data: boolean, status: number) {
  if (status === 413 && TOO_LARGE.some((message) => text.includes(message))) return true;
  const shown =
    data || !target.noScript
      ? text
      : text
          .replace(/<script\b[\s\S]*?<\/script>/gi, "")
          .replaceAll("&#x27;", "'")
          .replaceAll("&quot;", '"')
          .replaceAll("&amp;", "&");
  return target.messages.some((message) => shown.includes(message));
}

describe("fuzzing every action", () => {
  it("covers every route with an action in the route table", async () => {
    const withActions = (await routesWithActions()).map((r) => r.pattern);
    const covered = new Set([...TARGETS.map((t) => t.pattern), ...INPUTLESS]);
    expect([...covered].sort()).toEqual([...new Set(withActions)].sort());
  });

  for (const target of TARGETS) {
    const name = `${target.pattern}${target.variant ? ` (${target.variant})` : ""}`;
    it(`${name}: invalid input gets a 4xx with a message and changes nothing`, async () => {
      const before = await databaseFingerprint(fixture.services.db);
      await fc.assert(
        fc.asyncProperty(invalidForm(target), async (form) => {
          const { status, text } = await send(target, form);
          expect(status, form.description).toBeGreaterThanOrEqual(400);
          expect(status, form.description).toBeLessThan(500);
          expect(
            hasMessage(target, text, form.data, status),
            `${form.description}: no message in ${status}`,
          ).toBe(true);
          expect(text, `${form.description}: zod's own words`).not.toMatch(ZODS_OWN_WORDS);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(await databaseFingerprint(fixture.services.db)).toBe(before);
    }, 120_000);

    if (!Object.values(target.fields).some((spec) => spec.kind === "text")) continue;
    it(`${name}: SQL, HTML and Unicode in its text fields are refused with a message or stored as sent`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileForm(target), async (form) => {
          const { status, text } = await send(target, form);
          expect(status, form.description).toBeLessThan(500);
          if (status >= 400) {
            expect(
              hasMessage(target, text, form.data, status),
              `${form.description}: no message in ${status}`,
            ).toBe(true);
            return;
          }
          for (const value of form.storedText) {
            expect(await storedVerbatim(value.trim()), `${form.description}: ${value}`).toBe(true);
          }
        }),
        { seed: SEED, numRuns: HOSTILE_RUNS, endOnFailure: true },
      );
    }, 120_000);
  }

  it("admin/logout: never fails, whatever is posted", async () => {
    const before = await databaseFingerprint(fixture.services.db);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), noiseValue),
        fc.boolean(),
        fc.boolean(),
        async (fields, multipart, data) => {
          const entries = Object.entries(fields);
          const form = { entries, multipart, data, storedText: [], description: "" };
          const { status } = await send({ path: () => "/admin/logout" }, form);
          expect(status).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await databaseFingerprint(fixture.services.db)).toBe(before);
  });
});
