import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL `bytea`: bytes in, a Uint8Array (Buffer on postgres.js) out. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Uploaded files kept in the database (decision 015): what every app process on every machine
 * reads, written in the transaction of the product or category that uses them, and part of
 * every backup. Keys are content-addressed (`products/<hash>-640.webp`), so a row is never
 * rewritten: it is inserted once and deleted when nothing refers to it any more.
 */
export const storedFiles = pgTable("stored_files", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  /** Hex SHA-256 of the bytes: the ETag. */
  sha256: text("sha256").notNull(),
  size: integer("size").notNull(),
  body: bytea("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
