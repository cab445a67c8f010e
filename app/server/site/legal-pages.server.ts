import { desc, eq, sql } from "drizzle-orm";
import {
  type LegalBusiness,
  type LegalDocument,
  privacyPolicy,
  termsOfService,
} from "#app/content/legal.ts";
import { formatLongDate } from "#app/lib/dates.ts";
import { type LegalBlock, legalMarkdownOf, parseLegalMarkdown } from "#app/lib/legal-markdown.ts";
import { legalVersions } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import type { AppServices } from "../context.server.ts";
import type { Database } from "../db/client.server.ts";
import { throwAsUnavailable } from "../http/database-unavailable.server.ts";

/*
 * /privacy and /terms (decision 042): the newest published version of each, or until the
 * owner publishes one, the first text of app/content/legal.ts (which names the business as its
 * details say). Each publication is a new row; the older ones stay, listed in the admin.
 */

export const LEGAL_PAGES = {
  privacy: { title: "Privacy Policy", path: "/privacy", first: privacyPolicy },
  terms: { title: "Terms of Service", path: "/terms", first: termsOfService },
} as const satisfies Record<
  string,
  { title: string; path: string; first: (business: LegalBusiness) => LegalDocument }
>;
export type LegalPageName = keyof typeof LEGAL_PAGES;

export function isLegalPageName(value: unknown): value is LegalPageName {
  return value === "privacy" || value === "terms";
}

/** A version's day in South Africa (YYYY-MM-DD): the page's "Last updated". */
const publishedOn = sql<string>`to_char(${legalVersions.createdAt} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD')`;

export interface LegalText {
  title: string;
  markdown: string;
  /** YYYY-MM-DD. */
  lastUpdated: string;
  /** Null: the first text, never published from the admin. */
  versionId: string | null;
}

/** The page's text as it stands: the newest version, or the first text. */
export async function currentLegalText(
  db: Database,
  page: LegalPageName,
  business: LegalBusiness,
): Promise<LegalText> {
  const [newest] = await db
    .select({ id: legalVersions.id, markdown: legalVersions.markdown, on: publishedOn })
    .from(legalVersions)
    .where(eq(legalVersions.page, page))
    .orderBy(desc(legalVersions.createdAt))
    .limit(1);
  const { title } = LEGAL_PAGES[page];
  if (newest) {
    return { title, markdown: newest.markdown, lastUpdated: newest.on, versionId: newest.id };
  }
  const first = LEGAL_PAGES[page].first(business);
  return {
    title,
    markdown: legalMarkdownOf(first),
    lastUpdated: first.lastUpdated,
    versionId: null,
  };
}

/**
 * What the public page's loader sends: its title, its text as blocks and its last-updated
 * day in words (decision 028). A database that cannot be read answers 503, as other pages do.
 */
export async function legalPageContent(
  services: Pick<AppServices, "db" | "business">,
  page: LegalPageName,
): Promise<{ title: string; blocks: LegalBlock[]; lastUpdated: string }> {
  const text = await services.business
    .get()
    .then((business) => currentLegalText(services.db, page, business))
    .catch(throwAsUnavailable);
  return {
    title: text.title,
    blocks: parseLegalMarkdown(text.markdown),
    lastUpdated: formatLongDate(text.lastUpdated),
  };
}

export interface LegalVersionSummary {
  id: string;
  publishedAt: Date;
  publishedBy: string;
  markdown: string;
}

/** Every published version of the page, newest first. */
export function legalVersionHistory(
  db: Database,
  page: LegalPageName,
): Promise<LegalVersionSummary[]> {
  return db
    .select({
      id: legalVersions.id,
      publishedAt: legalVersions.createdAt,
      publishedBy: legalVersions.publishedBy,
      markdown: legalVersions.markdown,
    })
    .from(legalVersions)
    .where(eq(legalVersions.page, page))
    .orderBy(desc(legalVersions.createdAt));
}

export type PublishLegalResult = { ok: true; changed: boolean; versionId: string | null };

/**
 * Publishes a new version of the page: the row, its audit record and the announcement that
 * empties every process's cached pages, in one transaction. The same text as the newest
 * version publishes nothing.
 */
export async function publishLegalVersion(
  db: Database,
  actor: AuditActor,
  page: LegalPageName,
  markdown: string,
  business: LegalBusiness,
): Promise<PublishLegalResult> {
  return db.transaction(async (tx) => {
    // One publication of a page at a time: the newest is read and written in order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${page}`}))`);
    const current = await currentLegalText(tx, page, business);
    if (current.markdown.trim() === markdown.trim()) {
      return { ok: true as const, changed: false, versionId: current.versionId };
    }
    const [row] = await tx
      .insert(legalVersions)
      .values({ page, markdown, publishedBy: actor.email })
      .returning({ id: legalVersions.id });
    await recordAudit(tx, actor, {
      action: "settings.legal",
      entity: "legal_page",
      entityId: row!.id,
      details: {
        page: LEGAL_PAGES[page].title,
        characters: markdown.length,
        previous: current.versionId ? `version of ${current.lastUpdated}` : "the first text",
      },
    });
    await notifyCatalogChanged(tx);
    return { ok: true as const, changed: true, versionId: row!.id };
  });
}
