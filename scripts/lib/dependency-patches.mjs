/*
 * Edits that mend a dependency's bug upstream has not released a fix for (decision 047),
 * applied after every install by scripts/patch-dependencies.mjs. Plain JavaScript with no
 * imports beyond Node's own, so that it also runs on a release installed with
 * `npm ci --omit=dev`; the server's start checks them too (server.ts).
 *
 * Each edit names the exact text it replaces. Applied again, it finds its result and does
 * nothing; when neither is there (the package was upgraded), applying stops the install with
 * an error, so that whoever upgrades looks at whether the new version still needs the edit.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The mark each edit carries, so that a reader of the dependency's file sees why it differs. */
export const PATCH_MARK = "kwezi patch (docs/decisions/047)";

/**
 * postgres.js 3.4.9 (porsager/postgres#1154, #1208, unmerged #1168, #1209). A connection
 * object lives on after its socket closes and opens the next socket itself, but `closed()`
 * left the dead socket's state behind:
 * - When a transaction's connection is cut, postgres.js still sends ROLLBACK on it; the write
 *   is queued for the next turn of the event loop, finds no socket and throws outside any
 *   promise, which ends the process.
 * - The query it was running and the error PostgreSQL sent as it went ("terminating
 *   connection due to administrator command") stayed: the next socket's first ReadyForQuery
 *   failed the query that had been waiting for it with that old error, and the connection
 *   then sat in "connecting" for good, a pool slot lost (the pool hung once all were).
 * - A query queued between a socket's error and its close (that ROLLBACK) stayed queued: the
 *   next socket took it for the answer to its own first query, and the pool hung.
 */
const POSTGRES_CONNECTION_EDITS = [
  {
    before: `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    after: `  function nextWrite(fn) {
    // ${PATCH_MARK}: the connection closed before this write ran (a transaction's ROLLBACK
    // after its connection was cut): fail the queries waiting on it instead of throwing.
    if (socket === null) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      const closedError = Errors.connection('CONNECTION_CLOSED', options)
      query && queryError(query, closedError)
      while (sent.length)
        queryError(sent.shift(), closedError)
      query = null
      return false
    }
    const x = socket.write(chunk, fn)`,
  },
  {
    before: `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
`,
    after: `    // ${PATCH_MARK}: also after a socket error, which failed the queries sent until then but
    // not those queued since (a transaction's ROLLBACK); the dead socket's query and error,
    // already reported, are not the next socket's.
    if (query || sent.length)
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
    query = errorResponse = null
`,
  },
];

export const DEPENDENCY_PATCHES = [
  { file: "node_modules/postgres/src/connection.js", edits: POSTGRES_CONNECTION_EDITS },
  { file: "node_modules/postgres/cjs/src/connection.js", edits: POSTGRES_CONNECTION_EDITS },
];

/** The files (relative to `root`) that lack one of their edits, or cannot be read. */
export function missingDependencyPatches(root = ROOT) {
  return DEPENDENCY_PATCHES.filter(({ file, edits }) => {
    let text;
    try {
      text = fs.readFileSync(path.join(root, file), "utf8");
    } catch {
      return true;
    }
    return edits.some((edit) => !text.includes(edit.after));
  }).map(({ file }) => file);
}

/** Applies every edit not yet applied; throws when a file's text is not what an edit expects. */
export function applyDependencyPatches(root = ROOT) {
  const changed = [];
  for (const { file, edits } of DEPENDENCY_PATCHES) {
    const target = path.join(root, file);
    let text = fs.readFileSync(target, "utf8");
    let edited = false;
    for (const { before, after } of edits) {
      if (text.includes(after)) continue;
      const at = text.indexOf(before);
      if (at === -1 || text.indexOf(before, at + 1) !== -1) {
        throw new Error(
          `${file} is not the text scripts/lib/dependency-patches.mjs was written for (was the package upgraded?). Check whether the new version still has the bug decision 047 describes, then update or remove the edit.`,
        );
      }
      text = text.slice(0, at) + after + text.slice(at + before.length);
      edited = true;
    }
    if (edited) {
      fs.writeFileSync(target, text);
      changed.push(file);
    }
  }
  return changed;
}
