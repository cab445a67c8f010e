import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { storedFiles } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";

/*
 * Where uploaded files live (decisions 008 and 015). Domain code sees only this interface.
 * Two implementations: the local disk under `$DATA_DIR/uploads` (the default on PGlite) and
 * the `stored_files` table (the default on PostgreSQL, where every app process on every
 * machine reads the same files). Both are served at /uploads with immutable caching,
 * `nosniff` and an ETag (app/server/storage/serve-uploads.server.ts).
 *
 * Every operation takes the database (or the transaction) it belongs to: the database
 * storage writes its rows in the transaction of the product or category that uses the file,
 * so a failed save leaves nothing behind; the disk storage ignores it.
 */

export type FileStorageKind = "disk" | "database";

export interface StoredFile {
  body: Uint8Array;
  contentType: string;
  /** A strong validator for If-None-Match: the hex SHA-256 of the bytes. */
  sha256: string;
}

export interface FileStorage {
  readonly kind: FileStorageKind;
  /**
   * Stores `body` under `key` (e.g. "products/<hash>-640.webp"). Keys are content-addressed:
   * a key that exists already keeps its bytes. A failure is a StorageWriteError, with
   * nothing of the file left behind.
   */
  put(db: Database, key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(db: Database, key: string): Promise<void>;
  exists(db: Database, key: string): Promise<boolean>;
  /** The file's bytes and type, or null when there is none. */
  read(db: Database, key: string): Promise<StoredFile | null>;
  /** Every stored key, sorted (backups). */
  list(db: Database): Promise<string[]>;
  /** The address browsers load the file from. */
  publicUrl(key: string): string;
  /** The key behind one of this storage's public URLs, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

const STORAGE_WRITE_ERROR = Symbol.for("kwezi.storage-write-error");

/**
 * A file the storage could not write (disk full, no permission, the folder missing …). Its
 * `reason` is for the admin (docs/product.md §8.3 'Error uploading image: <reason>'): it names what went
 * wrong without the server's paths; `cause` keeps the original error for the log.
 */
export class StorageWriteError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`the file could not be stored: ${reason}`, options);
    this.name = "StorageWriteError";
    this.reason = reason;
    Object.defineProperty(this, STORAGE_WRITE_ERROR, { value: true });
  }

  // `instanceof` by a registered symbol, not by class identity: the storage may come from
  // another copy of this module (integration tests build it outside Vite's module graph).
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && STORAGE_WRITE_ERROR in value;
  }
}

/** What a failed file-system write means, in words an admin can act on or pass on. */
export function storageFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case "ENOSPC":
    case "EDQUOT":
      return "The image storage on the server is full.";
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return "The server is not allowed to write to the image storage.";
    case "ENOTDIR":
    case "EEXIST":
    case "EISDIR":
    case "ENOTEMPTY":
    case "ENOENT":
      return "The image storage folder on the server is missing or is not a folder.";
    case "EMFILE":
    case "ENFILE":
      return "The server has too many files open. Please try again in a moment.";
    case "EIO":
      return "The disk of the server reported an error.";
    default:
      return `The server could not store the file (${code ?? "unknown error"}).`;
  }
}

/** Lower-case path segments of letters, digits, '.', '_' and '-': never "..", never absolute. */
const KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9._-]*)+$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Files under `root`, served at `urlPrefix` (server.ts maps /uploads to `$DATA_DIR/uploads`). */
export function createDiskStorage(root: string, urlPrefix = "/uploads"): FileStorage {
  const fileFor = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "disk",
    async put(_db, key, body) {
      const file = fileFor(key);
      // Written beside the target and renamed: a reader never sees half a file.
      const temporary = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => {});
        throw new StorageWriteError(storageFailureReason(error), { cause: error });
      }
    },
    async delete(_db, key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async exists(_db, key) {
      try {
        return (await fs.stat(fileFor(key))).isFile();
      } catch {
        return false;
      }
    },
    async read(_db, key) {
      if (!isValidKey(key)) return null;
      let body: Buffer;
      try {
        body = await fs.readFile(fileFor(key));
      } catch {
        return null;
      }
      return {
        body,
        contentType: contentTypeOf(key),
        sha256: crypto.createHash("sha256").update(body).digest("hex"),
      };
    },
    async list() {
      const keys: string[] = [];
      let entries: string[];
      try {
        entries = await fs.readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      for (const entry of entries) {
        const key = entry.split(path.sep).join("/");
        // Temporary files of an unfinished put are not files yet.
        if (!isValidKey(key) || key.endsWith(".tmp")) continue;
        if ((await fs.stat(path.join(root, entry))).isFile()) keys.push(key);
      }
      return keys.sort();
    },
    ...urlMapping(urlPrefix),
  };
}

/**
 * Files as rows of `stored_files` (decision 015), in the caller's transaction. A unique key
 * inserted by two saves at once is written by the first; the second finds it (content
 * addressing makes the bytes the same).
 */
export function createDatabaseStorage(urlPrefix = "/uploads"): FileStorage {
  return {
    kind: "database",
    async put(db, key, body, contentType) {
      assertValidKey(key);
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      try {
        await db
          .insert(storedFiles)
          .values({
            key,
            contentType,
            sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
            size: bytes.byteLength,
            body: bytes,
          })
          .onConflictDoNothing();
      } catch (error) {
        throw new StorageWriteError("The database could not store the file.", { cause: error });
      }
    },
    async delete(db, key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    async exists(db, key) {
      const [row] = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return Boolean(row);
    },
    async read(db, key) {
      if (!isValidKey(key)) return null;
      const [row] = await db
        .select({
          body: storedFiles.body,
          contentType: storedFiles.contentType,
          sha256: storedFiles.sha256,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ?? null;
    },
    async list(db) {
      const rows = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .orderBy(sql`${storedFiles.key} collate "C"`);
      return rows.map((row) => row.key);
    },
    ...urlMapping(urlPrefix),
  };
}

function urlMapping(urlPrefix: string): Pick<FileStorage, "publicUrl" | "keyFromUrl"> {
  return {
    publicUrl(key) {
      assertValidKey(key);
      return `${urlPrefix}/${key}`;
    },
    keyFromUrl(url) {
      if (!url.startsWith(`${urlPrefix}/`)) return null;
      const key = url.slice(urlPrefix.length + 1);
      return isValidKey(key) ? key : null;
    },
  };
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  // The About section's uploaded video (decision 044).
  mp4: "video/mp4",
  webm: "video/webm",
};

/** The type a file on disk is served as, by its extension (we write only WebP). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split(".").at(-1) ?? ""] ?? "application/octet-stream";
}

export function uploadsDirectory(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "uploads");
}

/** The configured storage: FILE_STORAGE, by default the database on PostgreSQL, else disk. */
export function createStorage(env: Pick<Env, "DATA_DIR" | "FILE_STORAGE">): FileStorage {
  return env.FILE_STORAGE === "database"
    ? createDatabaseStorage()
    : createDiskStorage(uploadsDirectory(env));
}
