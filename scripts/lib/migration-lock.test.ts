import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "#app/server/db/migrate.server.ts";
import { appendToLock, checkMigrationLock, LOCK_FILE_NAME } from "./migration-lock.ts";

/*
 * Committed migrations never change (decision 029): 0011 was rewritten after databases had
 * applied it, and every one of them then failed to start.
 */

const lockText = () => fs.readFileSync(path.join(MIGRATIONS_DIR, LOCK_FILE_NAME), "utf8");

/** A copy of the repository's migrations folder to break. */
function copyOfMigrations() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-lock-"));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

const journalOf = (dir: string) => path.join(dir, "meta", "_journal.json");
const editJournal = (dir: string, edit: (entries: { tag: string; when: number }[]) => void) => {
  const journal = JSON.parse(fs.readFileSync(journalOf(dir), "utf8"));
  edit(journal.entries);
  fs.writeFileSync(journalOf(dir), JSON.stringify(journal, null, 2));
};

describe(`db/migrations/${LOCK_FILE_NAME}`, () => {
  it("lists every committed migration and journal entry, unchanged", () => {
    expect(checkMigrationLock(MIGRATIONS_DIR, lockText())).toEqual([]);
  });

  it("fails when a committed migration's SQL changes, saying it is never edited", () => {
    const dir = copyOfMigrations();
    fs.appendFileSync(path.join(dir, "0011_admin_counts_at_scale.sql"), "\nSELECT 1;");
    const problems = checkMigrationLock(dir, lockText());
    expect(problems).toEqual([
      expect.stringMatching(
        /^0011_admin_counts_at_scale\.sql changed after it was committed\. A committed migration is never edited/,
      ),
    ]);
  });

  it("fails when a journal entry's when changes, or an entry and its file disappear", () => {
    const dir = copyOfMigrations();
    editJournal(dir, (entries) => {
      entries[11]!.when += 1;
    });
    expect(checkMigrationLock(dir, lockText())).toEqual([
      expect.stringMatching(/^meta\/_journal\.json#0011_admin_counts_at_scale changed/),
    ]);
    // Reformatting the journal alone changes nothing.
    const again = copyOfMigrations();
    editJournal(again, () => {});
    expect(checkMigrationLock(again, lockText())).toEqual([]);

    editJournal(dir, (entries) => {
      entries.splice(10, 2);
    });
    fs.rmSync(path.join(dir, "0011_admin_counts_at_scale.sql"));
    expect(checkMigrationLock(dir, lockText())).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^0011_admin_counts_at_scale\.sql is listed but gone/),
        expect.stringMatching(/^meta\/_journal\.json#0010_spam_held_and_stamps is listed but gone/),
      ]),
    );
  });

  it("fails on a new migration until its lines are appended, which never rewrites one", () => {
    const dir = copyOfMigrations();
    fs.writeFileSync(path.join(dir, "9999_next.sql"), "CREATE TABLE next (id integer);");
    editJournal(dir, (entries) => {
      const last = entries.at(-1)!;
      entries.push({ ...last, tag: "9999_next", when: last.when + 1000 });
    });
    const problems = checkMigrationLock(dir, lockText());
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^9999_next\.sql is not in db\/migrations\/committed\.sha256\. .*npm run db:lock-migrations/,
    );

    const { text, added } = appendToLock(dir, lockText());
    expect(added.map((line) => line.name)).toEqual([
      "9999_next.sql",
      "meta/_journal.json#9999_next",
    ]);
    expect(text.startsWith(lockText())).toBe(true);
    expect(checkMigrationLock(dir, text)).toEqual([]);

    // A listed migration that changed is refused, not re-listed.
    fs.appendFileSync(path.join(dir, "0000_init.sql"), "\n");
    expect(() => appendToLock(dir, text)).toThrow(/0000_init\.sql no longer matches/);
  });

  it("fails on a migration whose when is not later than the one before it", () => {
    // drizzle applies a migration only when its `when` is later than the database's last.
    const dir = copyOfMigrations();
    fs.writeFileSync(path.join(dir, "9999_early.sql"), "SELECT 1;");
    let previous = "";
    editJournal(dir, (entries) => {
      const last = entries.at(-1)!;
      previous = last.tag;
      entries.push({ ...last, tag: "9999_early", when: entries.at(-2)!.when + 1 });
    });
    const { text } = appendToLock(dir, lockText());
    expect(checkMigrationLock(dir, text)).toEqual([
      expect.stringMatching(
        new RegExp(`^9999_early's journal "when" \\(\\d+\\) is not later than ${previous}'s`),
      ),
    ]);
  });
});
