import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_INVALID_MESSAGE } from "#app/lib/phone.ts";
import {
  BRANCH_CODE_MESSAGE,
  CLOSING_TIME_MESSAGE,
  EFT_INCOMPLETE_MESSAGE,
  TIME_MESSAGE,
} from "#app/lib/validation/business.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { orderMessages } from "#app/server/notifications/messages.server.ts";
import { queueMessages } from "#app/server/notifications/outbox.server.ts";
import {
  BUSINESS_SETTING_KEY,
  firstBusinessDetails,
  loadBusinessDetails,
  seedBusinessDetails,
  withBusinessDetails,
  withSetting,
} from "#app/server/site/business-details.server.ts";
import { auditLog, notifications, siteSettings } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { businessDetailsForm } from "#tests/setup/business-details-form.ts";
import { createTestServices, type TestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";
import { type CliIo, runAdminCli } from "../../scripts/admin-cli.ts";

/*
 * The business details (decision 042): first values only for an empty database, each field's
 * rules, the admin's save (audited, refused to a non-admin) and what reads them afterwards:
 * /contact, the footer, JSON-LD and the next e-mail.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let clerkCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle, {
    EFT_ACCOUNT_NAME: "Kwezi Engineering",
    EFT_BANK_NAME: "First National Bank",
    EFT_ACCOUNT_NUMBER: "62000000000",
    EFT_BRANCH_CODE: "250655",
  });
  app = await createTestApp(services);
  const admin = await createTestUser(services.db, { admin: true });
  adminCookie = (await signedInCookie(services, admin.id)).cookie;
  const clerk = await createTestUser(services.db, { admin: false });
  clerkCookie = (await signedInCookie(services, clerk.id)).cookie;
}, 120_000);
afterAll(() => handle.close());

const first = () => firstBusinessDetails(services.env);

/** The form as the settings page posts it, from the first values with `changes` on top. */
const formOf = (changes: Record<string, string> = {}) => businessDetailsForm(first(), changes);

/** The newest audit record of a business details change. */
async function latestSettingsAudit() {
  const [audit] = await services.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "settings.business"))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return audit;
}

const storedRow = async () =>
  (
    await services.db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, BUSINESS_SETTING_KEY))
  )[0];

describe("first values", () => {
  it("are the content file's and the environment's, written once into an empty database", async () => {
    expect(await storedRow()).toBeUndefined();
    expect(await loadBusinessDetails(services.db, services.env)).toEqual(first());
    expect(first().eft).toMatchObject({ bankName: "First National Bank", branchCode: "250655" });
    expect(first().alertEmail).toBe("office@example.co.za");
    expect(await seedBusinessDetails(services.db, services.env)).toBe(true);
    // A later start with other settings changes nothing: the stored values win.
    const otherEnv = { ...services.env, NOTIFY_EMAIL: "someone-else@example.co.za" };
    expect(await seedBusinessDetails(services.db, otherEnv)).toBe(false);
    expect((await loadBusinessDetails(services.db, otherEnv)).alertEmail).toBe(
      "office@example.co.za",
    );
  });
});

describe("each field's rules", () => {
  const refused = (key: string, value: string) => {
    const result = withSetting(first(), key, value);
    expect(result.ok, `${key}=${value}`).toBe(false);
    return result.ok ? "" : result.message;
  };

  it("refuses what the form refuses, with the form's words", () => {
    expect(refused("phone", "12345")).toBe(PHONE_INVALID_MESSAGE);
    expect(refused("whatsapp", "not a number")).toBe(PHONE_INVALID_MESSAGE);
    expect(refused("email", "info@")).toBe(
      "Please enter a valid e-mail address for the general e-mail address.",
    );
    expect(refused("alertEmail", "")).toBe("Please enter the address for staff alerts.");
    expect(refused("eft.branchCode", "25065")).toBe(BRANCH_CODE_MESSAGE);
    expect(refused("address.postalCode", "40931")).toBe("Please enter the 4-digit postal code.");
    expect(refused("hours.monday", "18:00-09:00")).toBe(`Monday: ${CLOSING_TIME_MESSAGE}`);
    expect(refused("hours.tuesday", "25:00-26:00")).toBe(TIME_MESSAGE);
    expect(refused("hours.friday", "all day")).toMatch(/give the hours as 09:00-18:00, or closed/);
    expect(refused("mapUrl", "javascript:alert(1)")).toMatch(/starting with https:\/\//);
    expect(refused("name", "Kwezi\nEngineering")).toMatch(/one line/);
    expect(refused("senderName", "Shop <x@y.z>")).toMatch(/just a name/);
    expect(refused("nonsense", "x")).toBe('Unknown setting "nonsense".');
  });

  it("takes South African numbers as the checkout does, hours and clearing an optional value", () => {
    const phone = withSetting(first(), "phone", "+27  31 555 0100");
    expect(phone.ok && phone.details.phone).toBe("+27 31 555 0100");
    const saturday = withSetting(first(), "hours.saturday", "closed");
    expect(saturday.ok && saturday.details.hours.saturday).toEqual({ open: false });
    const monday = withSetting(first(), "hours.monday", "8:00-17:30");
    expect(monday.ok && monday.details.hours.monday).toEqual({
      open: true,
      from: "08:00",
      to: "17:30",
    });
    const noType = withSetting(first(), "eft.accountType", "");
    expect(noType.ok && noType.details.eft?.accountType).toBeNull();
  });

  it("wants all of the bank details or none", () => {
    for (const key of ["eft.accountName", "eft.bankName", "eft.accountNumber", "eft.branchCode"]) {
      expect(refused(key, "")).toBe(EFT_INCOMPLETE_MESSAGE);
    }
    const none = withSetting({ ...first(), eft: null }, "eft.accountType", "");
    expect(none.ok && none.details.eft).toBeNull();
    const partial = withSetting({ ...first(), eft: null }, "eft.bankName", "FNB");
    expect(partial.ok ? null : partial.message).toBe(EFT_INCOMPLETE_MESSAGE);
  });
});

describe("Settings → Business details", () => {
  it("shows the stored details to an admin, and nothing to anyone else", async () => {
    const page = await app.request("/admin/settings", { headers: { Cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Save business details");
    expect(html).toContain(first().phone);
    const clerk = await app.request("/admin/settings", { headers: { Cookie: clerkCookie } });
    expect(clerk.status).not.toBe(200);
  });

  it("refuses a non-admin's save: nothing changes", async () => {
    const before = await storedRow();
    const response = await app.postForm("/admin/settings", formOf({ phone: "031 000 0000" }), {
      headers: { Cookie: clerkCookie },
    });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(await storedRow()).toEqual(before);
  });

  it("refuses a wrong phone number with its message, saving nothing", async () => {
    const before = await storedRow();
    const response = await app.postForm("/admin/settings", formOf({ phone: "12345" }), {
      headers: { Cookie: adminCookie },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(PHONE_INVALID_MESSAGE);
    expect(await storedRow()).toEqual(before);
  });

  it("saves a new phone number and hours: audited before → after, then on /contact, the footer, JSON-LD and the next e-mail", async () => {
    const form = formOf({ phone: "031 555 0100", hoursNote: "Closed on public holidays." });
    delete form["hours.saturday.open"];
    const response = await app.postForm("/admin/settings", form, {
      headers: { Cookie: adminCookie },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Business details saved");

    const audit = await latestSettingsAudit();
    expect(audit!.details).toEqual({
      changes: [
        { field: "Phone", from: "+27 31 464 0192", to: "031 555 0100" },
        { field: "Saturday", from: "10:00-14:00", to: "closed" },
        { field: "Hours note", from: "none", to: "Closed on public holidays." },
      ],
    });

    const contact = await (await app.request("/contact")).text();
    expect(contact).toContain("031 555 0100");
    expect(contact).toContain("Closed on public holidays.");
    expect(contact).toContain("Mon-Fri");
    expect(contact).toMatch(/Sat-Sun<!-- -->:|Sat-Sun:/);
    // (The WhatsApp number, the same by default, was not changed.)
    expect(contact).toContain('href="tel:+27315550100"');
    expect(contact).not.toContain('href="tel:+27314640192"');
    // The JSON-LD names no Saturday any more.
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(contact)?.[1];
    expect(jsonLd).toContain('"telephone":"031 555 0100"');
    expect(jsonLd).not.toContain("Saturday");
    // The footer, on any public page.
    expect(await (await app.request("/privacy")).text()).toContain("031 555 0100");

    const mailEnv = await withBusinessDetails(services);
    const [buyerMail] = orderMessages(mailEnv, {
      id: "0b7c1f30-0000-4000-8000-000000000001",
      customerName: "Thandi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      lines: [{ productName: "Bowl", priceCents: 1050, quantity: 1 }],
      totalCents: 1050,
    }).filter((message) => message.to === "thandi@example.co.za");
    expect(buyerMail!.text).toContain("031 555 0100");
    await queueMessages(services.db, buyerMail!);
    const [queued] = await services.db
      .select({ text: notifications.textBody })
      .from(notifications)
      .where(eq(notifications.recipient, "thandi@example.co.za"))
      .limit(1);
    expect(queued?.text).toContain("031 555 0100");
  });

  it("names the company as saved in the logo and the page titles", async () => {
    const current = await loadBusinessDetails(services.db, services.env);
    const before = businessDetailsForm(current);
    const renamed = await app.postForm(
      "/admin/settings",
      businessDetailsForm(current, { name: "Kwezi Works" }),
      { headers: { Cookie: adminCookie } },
    );
    expect(await renamed.text()).toContain("Business details saved");
    try {
      const home = await (await app.request("/")).text();
      expect(home).toContain(
        "<title>Powering Your Digital &amp; Hardware World | Kwezi Works</title>",
      );
      expect(home).toContain('<meta property="og:site_name" content="Kwezi Works"/>');
      // The logo in the navigation and the footer, and the hero's line.
      expect(home.match(/>Kwezi Works</g)?.length).toBeGreaterThanOrEqual(2);
      expect(home).not.toContain(">Kwezi Engineering<");
    } finally {
      await app.postForm("/admin/settings", before, { headers: { Cookie: adminCookie } });
    }
  });
});

describe("npm run admin -- settings", () => {
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      readPassword: async () => "",
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    };
    const code = await runAdminCli(services.db, argv, io, { env: services.env });
    return { code, out, err };
  };

  it("lists every key with its value, and sets one, audited as the CLI", async () => {
    const listed = await run(["settings", "list"]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContainEqual(expect.stringMatching(/^phone\s+031 555 0100$/));
    expect(listed.out).toContainEqual(expect.stringMatching(/^hours\.saturday\s+closed$/));
    expect(listed.out).toContainEqual(expect.stringMatching(/^eft\.branchCode\s+250655$/));

    const set = await run(["settings", "set", "hours.saturday", "09:00-13:00"]);
    expect(set).toMatchObject({ code: 0, out: ["Saturday: closed → 09:00-13:00"] });
    expect((await loadBusinessDetails(services.db, services.env)).hours.saturday).toEqual({
      open: true,
      from: "09:00",
      to: "13:00",
    });
    const audit = await latestSettingsAudit();
    expect(audit).toMatchObject({ actorEmail: "admin CLI" });
  });

  it("refuses a wrong value or key with the form's words, changing nothing", async () => {
    const before = await storedRow();
    expect(await run(["settings", "set", "phone", "12345"])).toMatchObject({
      code: 1,
      err: [PHONE_INVALID_MESSAGE],
    });
    const unknown = await run(["settings", "set", "colour", "blue"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toBe('Unknown setting "colour".');
    expect((await run(["settings", "frobnicate"])).code).toBe(2);
    expect(await storedRow()).toEqual(before);
  });
});
