import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR } from "#app/server/db/migrate.server.ts";
import { appendToLock, formatLockLine, LOCK_FILE_NAME } from "./lib/migration-lock.ts";

/*
 * `npm run db:lock-migrations`: appends the hashes of new migrations (after npm run
 * db:generate) to db/migrations/committed.sha256. It never rewrites a line: a migration that
 * no longer matches its line is refused (decision 029).
 */

const file = path.join(MIGRATIONS_DIR, LOCK_FILE_NAME);
const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
try {
  const { text, added } = appendToLock(MIGRATIONS_DIR, before);
  if (added.length === 0) {
    console.log(`${LOCK_FILE_NAME}: every migration is listed already.`);
  } else {
    fs.writeFileSync(file, text);
    console.log(`${LOCK_FILE_NAME}: added\n${added.map(formatLockLine).join("\n")}`);
    console.log("Commit it with the migration.");
  }
} catch (error) {
  console.error(`db:lock-migrations: ${(error as Error).message}`);
  process.exit(1);
}
