import path from "node:path";
import { COMPANY } from "#app/content/company.ts";
import { formatLongDateTime } from "#app/lib/dates.ts";
import type { SystemWarning } from "#app/lib/system-warnings.ts";
import { lastBackupAt } from "../backup/backup-log.server.ts";
import { listedDemoProducts } from "../catalog/demo-catalogue.server.ts";
import type { Database } from "../db/client.server.ts";
import { type Env, weakerTimings } from "../env.server.ts";

/*
 * What an owner should still set up, for the System page and the start log: settings left
 * at their examples (the shipped NOTIFY_EMAIL is info@example.co.za, while every e-mail's
 * signature gives the company's real address), mail that is only written to files, an http
 * PUBLIC_URL in production, no backup in the last day, the demo catalogue still for sale.
 * Each says what to set and where, and which section of docs/deploy.md explains it.
 */

export type WarningEnv = Pick<
  Env,
  "NODE_ENV" | "NOTIFY_EMAIL" | "MAIL_FROM" | "SMTP_URL" | "PUBLIC_URL" | "DATA_DIR" | "SEED_DEMO"
> &
  Partial<
    Pick<
      Env,
      "FORM_MIN_FILL_MS" | "FORM_MAX_AGE_MS" | "RATE_LIMIT_WINDOW_SCALE" | "ALLOW_TEST_TIMINGS"
    >
  >;

/** Domains no one receives mail at: RFC 2606's example domains and reserved top-level names. */
const EXAMPLE_DOMAINS = ["example.com", "example.org", "example.net", "example.co.za"];
const RESERVED_TLDS = ["example", "invalid", "test", "localhost"];

/** Whether an e-mail address is at an example domain (or a subdomain of one). */
export function isExampleAddress(address: string): boolean {
  const domain = address
    .slice(address.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  if (EXAMPLE_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))) return true;
  return RESERVED_TLDS.includes(domain.slice(domain.lastIndexOf(".") + 1));
}

/** The address in a From header: `Kwezi Engineering <no-reply@x.co.za>` → no-reply@x.co.za. */
export function senderAddress(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** Where settings are: the file docs/deploy.md sets up, or .env beside `npm start`. */
const WHERE = "in /etc/kwezi/kwezi.env (or .env for npm start) and restart the site";
const COMPANY_DOMAIN = COMPANY.generalEmail.slice(COMPANY.generalEmail.indexOf("@") + 1);
const MAIL_DOCS = "docs/deploy.md, section 5 (Mail)";

/** The warnings the settings alone decide (no database needed), in the order to fix them. */
export function configurationWarnings(env: WarningEnv): SystemWarning[] {
  const warnings: SystemWarning[] = [];
  if (isExampleAddress(env.NOTIFY_EMAIL)) {
    warnings.push({
      id: "notify-example",
      title: "Staff alerts go to an example address",
      problem: `New orders, quote requests and contact messages are e-mailed to ${env.NOTIFY_EMAIL}, which nobody receives, while every e-mail's signature gives ${COMPANY.generalEmail}.`,
      fix: `Set NOTIFY_EMAIL to the office inbox (e.g. ${COMPANY.generalEmail}) ${WHERE}.`,
      docs: MAIL_DOCS,
    });
  }
  const sender = senderAddress(env.MAIL_FROM);
  if (isExampleAddress(sender)) {
    // Unset, MAIL_FROM is "Website <NOTIFY_EMAIL>" (env.server.ts).
    const unset = env.MAIL_FROM === `Website <${env.NOTIFY_EMAIL}>`;
    warnings.push({
      id: "sender-example",
      title: "E-mail is sent from an example address",
      problem: `Customers get the shop's e-mail from ${sender}${unset ? " (MAIL_FROM is not set, so NOTIFY_EMAIL's address is used)" : ""}; mail servers refuse mail from an example domain or file it as spam.`,
      fix: `Set MAIL_FROM to an address of your own domain, e.g. ${COMPANY.name} <no-reply@${COMPANY_DOMAIN}>, ${WHERE}.`,
      docs: MAIL_DOCS,
    });
  }
  if (!env.SMTP_URL) {
    warnings.push({
      id: "no-smtp",
      title: "E-mail is not sent",
      problem: `SMTP_URL is not set, so every e-mail (order confirmations, staff alerts, replies to quote requests) is only written as a file to ${path.join(env.DATA_DIR, "mail")}, and nobody receives it.`,
      fix: `Set SMTP_URL to your mail provider's submission port, e.g. smtp://user:password@smtp.your-provider.co.za:587, ${WHERE}.`,
      docs: MAIL_DOCS,
    });
  }
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL.startsWith("https:")) {
    warnings.push({
      id: "public-url-http",
      title: "The site's address is not https",
      problem: `PUBLIC_URL is ${env.PUBLIC_URL}: links in e-mails, canonical links and the sitemap use it, and without https the sign-in cookie is not marked Secure.`,
      fix: `Once nginx or Caddy serves the site over TLS, set PUBLIC_URL to its https address (e.g. https://${COMPANY_DOMAIN}) ${WHERE}.`,
      docs: "docs/deploy.md, section 2 (Settings) and section 4 (nginx and TLS)",
    });
  }
  // ALLOW_TEST_TIMINGS lets a throwaway test server run with weaker anti-spam and rate-limit
  // timings; on a real shop it would let scripts through, so it is said as loudly as the rest.
  const weaker = weakerTimings(env).map((issue) => issue.path[0]);
  if (env.NODE_ENV === "production" && env.ALLOW_TEST_TIMINGS && weaker.length > 0) {
    warnings.push({
      id: "test-timings",
      title: "Spam and abuse protection is weakened for testing",
      problem: `${weaker.join(", ")} ${weaker.length === 1 ? "is" : "are"} set below the protective defaults, allowed by ALLOW_TEST_TIMINGS=true: forms filled by scripts in an instant and repeated attempts get through.`,
      fix: `Remove ALLOW_TEST_TIMINGS and ${weaker.join(", ")} ${WHERE}.`,
      docs: "docs/testing.md (Time in tests)",
    });
  }
  return warnings;
}

/**
 * The lines the server logs at start: the configuration warnings, except mail written to
 * files outside production (what a developer wants).
 */
export function startupWarnings(env: WarningEnv): string[] {
  return configurationWarnings(env)
    .filter((warning) => warning.id !== "no-smtp" || env.NODE_ENV === "production")
    .map(
      (warning) =>
        `configuration: ${warning.title}. ${warning.problem} ${warning.fix} (${warning.docs})`,
    );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Engraved Box, Photo Frame, Candle Trio and 9 more". */
function someOf(names: string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : shown[0]!;
}

/** Every warning for the System page at `now`: the settings', then the shop's own. */
export async function systemWarnings(
  db: Database,
  env: WarningEnv,
  now: Date,
): Promise<SystemWarning[]> {
  const warnings = configurationWarnings(env);
  const [lastBackup, demoProducts] = await Promise.all([lastBackupAt(db), listedDemoProducts(db)]);
  if (!lastBackup || now.getTime() - lastBackup.getTime() > DAY_MS) {
    warnings.push({
      id: "no-recent-backup",
      title: "No backup in the last 24 hours",
      problem: `${lastBackup ? `The last backup was taken on ${formatLongDateTime(lastBackup)}.` : "No backup has been taken yet."} Without a recent one, a lost disk or a mistake loses the orders and changes since.`,
      fix: "Turn on the nightly backup on the server (systemctl enable --now kwezi-backup.timer; on the embedded database it signs in as BACKUP_ADMIN_EMAIL), or take one now with Download backup below.",
      docs: "docs/deploy.md, section 7 (Backups)",
    });
  }
  if (demoProducts.length > 0) {
    const n = demoProducts.length;
    warnings.push({
      id: "demo-products",
      title: "Demo products are still listed",
      problem: `${n} ${n === 1 ? "product" : "products"} of the demo catalogue ${n === 1 ? "is" : "are"} still for sale: ${someOf(demoProducts)}.`,
      fix: `Delete ${n === 1 ? "it" : "them"} (or edit ${n === 1 ? "it" : "them"} into your own) on Admin → Products, and the demo categories you do not need on Admin → Categories.${env.SEED_DEMO ? ` Set SEED_DEMO=false ${WHERE}, so that an empty shop is not seeded again.` : ""}`,
      docs: "docs/deploy.md, section 2 (Settings)",
    });
  }
  return warnings;
}
