import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

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
