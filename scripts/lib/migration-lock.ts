import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/*
 * db/migrations/committed.sha256 (decision 029): the SHA-256 of every committed migration's
 * .sql file and of its journal entry. A database records a migration by its file's hash and
 * its journal `when`; changing either after a database applied it makes that database fail to
 * start (0011 did). The unit test compares the folder with this list; `npm run
 * db:lock-migrations` appends the lines of new migrations and never rewrites one.
 */

export const LOCK_FILE_NAME = "committed.sha256";

export interface LockLine {
  hash: string;
  /** `<tag>.sql` for the file, `meta/_journal.json#<tag>` for its journal entry. */
  name: string;
}

interface JournalEntry {
  tag: string;
  when: number;
  [key: string]: unknown;
}

const sha256 = (text: string | Buffer) => crypto.createHash("sha256").update(text).digest("hex");

/** An entry with its keys sorted: reformatting the journal does not change its hash. */
const canonical = (entry: JournalEntry) =>
  JSON.stringify(Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1))));

function readJournal(folder: string): JournalEntry[] {
  const file = path.join(folder, "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: JournalEntry[] }).entries;
}

/** The lines the folder's migrations have now, in the journal's order. */
export function currentLockLines(folder: string): LockLine[] {
  return readJournal(folder).flatMap((entry) => {
    const sql = path.join(folder, `${entry.tag}.sql`);
    const lines: LockLine[] = [
      { hash: sha256(canonical(entry)), name: `meta/_journal.json#${entry.tag}` },
    ];
    if (fs.existsSync(sql))
      lines.unshift({ hash: sha256(fs.readFileSync(sql)), name: `${entry.tag}.sql` });
    return lines;
  });
}

/** `<hash>  <name>` lines (sha256sum's format); `#` comments and blank lines are skipped. */
export function parseLock(text: string): LockLine[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([0-9a-f]{64})\s+(\S+)$/.exec(line);
      if (!match) throw new Error(`${LOCK_FILE_NAME}: not "<sha256>  <name>": ${line}`);
      return { hash: match[1]!, name: match[2]! };
    });
}

export const formatLockLine = (line: LockLine) => `${line.hash}  ${line.name}`;

const HOW_TO_ADD =
  "A new migration (npm run db:generate) gets its lines with `npm run db:lock-migrations`, which only appends.";
const NEVER_EDIT =
  "A committed migration is never edited: databases have applied it and record its hash and `when` (decision 029). Put it back (git checkout) and write the change as a new migration.";

/**
 * What is wrong with the folder against the lock: a listed file or entry changed or gone, a
 * migration not listed yet, or a `when` not later than the one before it (drizzle would skip
 * that migration on every database that has the later one). Empty when all is well.
 */
export function checkMigrationLock(folder: string, lockText: string): string[] {
  const locked = parseLock(lockText);
  const current = new Map(currentLockLines(folder).map((line) => [line.name, line.hash]));
  const problems: string[] = [];
  for (const line of locked) {
    const hash = current.get(line.name);
    if (hash === undefined) problems.push(`${line.name} is listed but gone. ${NEVER_EDIT}`);
    else if (hash !== line.hash)
      problems.push(`${line.name} changed after it was committed. ${NEVER_EDIT}`);
  }
  const listed = new Set(locked.map((line) => line.name));
  for (const name of current.keys()) {
    if (!listed.has(name))
      problems.push(`${name} is not in db/migrations/${LOCK_FILE_NAME}. ${HOW_TO_ADD}`);
  }
  const journal = readJournal(folder);
  journal.forEach((entry, i) => {
    const before = journal[i - 1];
    if (before && entry.when <= before.when) {
      problems.push(
        `${entry.tag}'s journal "when" (${entry.when}) is not later than ${before.tag}'s (${before.when}): databases that have ${before.tag} would never apply it. Generate it again (npm run db:generate) after deleting it, before it is committed.`,
      );
    }
  });
  return problems;
}

/**
 * The lock with the lines of migrations it does not list yet appended. Throws, changing
 * nothing, when a listed line no longer matches: that is a rewritten migration, not a new one.
 */
export function appendToLock(
  folder: string,
  lockText: string,
): { text: string; added: LockLine[] } {
  const locked = parseLock(lockText);
  const current = currentLockLines(folder);
  const byName = new Map(current.map((line) => [line.name, line.hash]));
  const broken = locked.filter((line) => byName.get(line.name) !== line.hash);
  if (broken.length > 0) {
    throw new Error(
      `${broken.map((line) => line.name).join(", ")} no longer match${broken.length === 1 ? "es" : ""} ${LOCK_FILE_NAME}. ${NEVER_EDIT}`,
    );
  }
  const listed = new Set(locked.map((line) => line.name));
  const added = current.filter((line) => !listed.has(line.name));
  const base = lockText.length === 0 || lockText.endsWith("\n") ? lockText : `${lockText}\n`;
  return { text: base + added.map((line) => `${formatLockLine(line)}\n`).join(""), added };
}
