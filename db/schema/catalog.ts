import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns.ts";

/** A real day of the year as "MM-DD" (29 February included). */
export const MONTH_DAY_PATTERN =
  "^((01|03|05|07|08|10|12)-(0[1-9]|[12][0-9]|3[01])|(04|06|09|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|[12][0-9]))$";

export const categories = pgTable(
  "categories",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description"),
    isSpecial: boolean("is_special").notNull().default(false),
    imageUrl: text("image_url"),
    /**
     * A special category's season (decision 014), "MM-DD" to "MM-DD" in Johannesburg, both ends
     * included, every year: e.g. Mother's Day 04-01 to 05-11. A start after the end runs over
     * the new year (12-01 to 01-15). Null: always in season.
     */
    seasonStart: text("season_start"),
    seasonEnd: text("season_end"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("categories_season_pair", sql`(${t.seasonStart} is null) = (${t.seasonEnd} is null)`),
    check(
      "categories_season_start_valid",
      sql`${t.seasonStart} is null or ${t.seasonStart} ~ ${sql.raw(`'${MONTH_DAY_PATTERN}'`)}`,
    ),
    check(
      "categories_season_end_valid",
      sql`${t.seasonEnd} is null or ${t.seasonEnd} ~ ${sql.raw(`'${MONTH_DAY_PATTERN}'`)}`,
    ),
    check("categories_season_special", sql`${t.seasonStart} is null or ${t.isSpecial}`),
    // Names are unique regardless of case ("Easter Collection" = "easter collection").
    uniqueIndex("categories_name_lower_unique").on(sql`lower(${t.name})`),
    index("categories_name_idx").on(t.name),
    // The admin product search matches category names as substrings (docs/product.md §3.4).
    index("categories_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    check("categories_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description"),
    // Exact money: numeric in the database, integer cents in code.
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    imageUrl: text("image_url"),
    /**
     * Personalisation (docs/product.md §5.1, decision 040): the label the buyer's text answers
     * ("Name to engrave"); null when the product asks for none. The other three belong to it.
     */
    personalisationLabel: text("personalisation_label"),
    personalisationMaxLength: integer("personalisation_max_length"),
    personalisationRequired: boolean("personalisation_required").notNull().default(false),
    /** A short list the buyer chooses from instead of typing; null: free text. */
    personalisationChoices: text("personalisation_choices").array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_name_idx").on(t.name),
    // The admin list's order: by name as people read it, case aside (then name, id).
    index("products_name_lower_idx").on(sql`lower(${t.name})`, t.name, t.id),
    // The admin search: a case-insensitive substring of name or description (docs/product.md §3.4).
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    check("products_name_not_blank", sql`btrim(${t.name}) <> ''`),
    check("products_price_not_negative", sql`${t.price} >= 0`),
    // Off: nothing else set. On: a label and a maximum length of 1 to 100.
    check(
      "products_personalisation_consistent",
      sql`case when ${t.personalisationLabel} is null then ${t.personalisationMaxLength} is null and ${t.personalisationChoices} is null and not ${t.personalisationRequired} else btrim(${t.personalisationLabel}) <> '' and ${t.personalisationMaxLength} is not null and ${t.personalisationMaxLength} between 1 and 100 end`,
    ),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    // Related products and category filters look links up by category.
    index("product_categories_category_id_idx").on(t.categoryId),
  ],
);

/** The most photos a product has (docs/product.md §3.5, decision 039). */
export const MAX_PRODUCT_PHOTOS = 8;

/**
 * A product's photos in their order (decision 039). Position 0 is the cover, and the product's
 * `image_url` is always the cover's URL (null without photos): lists, the cart, e-mails and
 * search engines read `image_url` and need not know about the others.
 */
export const productPhotos = pgTable(
  "product_photos",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    // One photo once per product; files are collected by URL (isImageReferenced).
    uniqueIndex("product_photos_product_url_unique").on(t.productId, t.url),
    index("product_photos_url_idx").on(t.url),
    check(
      "product_photos_position_range",
      sql`${t.position} >= 0 and ${t.position} < ${sql.raw(String(MAX_PRODUCT_PHOTOS))}`,
    ),
  ],
);
