import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns.ts";

export const categories = pgTable(
  "categories",
  {
    id: idColumn(),
    name: text("name").notNull(),
    description: text("description"),
    isSpecial: boolean("is_special").notNull().default(false),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names are unique regardless of case ("Easter Collection" = "easter collection").
    uniqueIndex("categories_name_lower_unique").on(sql`lower(${t.name})`),
    index("categories_name_idx").on(t.name),
    // The admin product search matches category names as substrings (spec §2).
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_name_idx").on(t.name),
    // The admin list's order: by name as people read it, case aside (then name, id).
    index("products_name_lower_idx").on(sql`lower(${t.name})`, t.name, t.id),
    // The admin search: a case-insensitive substring of name or description (spec §2).
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    check("products_name_not_blank", sql`btrim(${t.name}) <> ''`),
    check("products_price_not_negative", sql`${t.price} >= 0`),
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
