import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from db/schema. The same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  strict: true,
  verbose: true,
});
