import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
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

/**
 * The owner's showcases (decision 043): the home page's portfolio projects and /hardware's
 * equipment gallery, one row per entry, shown in `position` order unless hidden. `imageUrl`
 * is an upload (the product image pipeline's WebP variants) or a picture shipped with the
 * site (the seeded entries). `division` is a portfolio project's, and only theirs.
 */
export const showcaseItems = pgTable(
  "showcase_items",
  {
    id: idColumn(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    division: text("division"),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    linkUrl: text("link_url"),
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("showcase_items_kind_position_idx").on(table.kind, table.position),
    index("showcase_items_image_url_idx").on(table.imageUrl),
    check("showcase_items_kind_check", sql`${table.kind} in ('portfolio', 'equipment')`),
    check(
      "showcase_items_division_check",
      sql`(${table.kind} = 'portfolio' and ${table.division} in ('Digital', 'Hardware', 'Bespoke')) or (${table.kind} = 'equipment' and ${table.division} is null)`,
    ),
  ],
);
