import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns.ts";

/**
 * What the owner edits about the site (decision 042), one row per setting: `business` holds
 * the business details (app/lib/business.ts). A missing row means "the first values": the
 * content files and the environment, written here at the first start.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * The legal pages' published texts (decision 042): each save of /privacy or /terms is a new
 * row, never changed; the newest is the page, the older ones its history. No row for a page:
 * the first text (app/content/legal.ts).
 */
export const legalVersions = pgTable(
  "legal_versions",
  {
    id: idColumn(),
    page: text("page").notNull(),
    markdown: text("markdown").notNull(),
    /** Who published it, as the audit log names people (an admin's e-mail, or the CLI). */
    publishedBy: text("published_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("legal_versions_page_created_idx").on(table.page, table.createdAt.desc()),
    check("legal_versions_page_check", sql`${table.page} in ('privacy', 'terms')`),
  ],
);
