import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "../env.server.ts";

/*
 * Where uploaded files live (decision 008). Domain code sees only this interface; the local
 * disk implementation below writes under `$DATA_DIR/uploads`, which server.ts serves at
 * /uploads with immutable caching and `nosniff`. An S3-compatible implementation can take
 * its place without touching the catalogue code.
 */

export interface FileStorage {
  /**
   * Stores `body` under `key` (e.g. "products/<hash>-640.webp"), replacing any old file.
   * A failure is a StorageWriteError, with nothing of the file left behind.
   */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The address browsers load the file from. */
  publicUrl(key: string): string;
  /** The key behind one of this storage's public URLs, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

const STORAGE_WRITE_ERROR = Symbol.for("kwezi.storage-write-error");

/**
 * A file the storage could not write (disk full, no permission, the folder missing …). Its
 * `reason` is for the admin (spec §8 'Error uploading image: <reason>'): it names what went
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
    async put(key, body) {
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
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.stat(fileFor(key))).isFile();
      } catch {
        return false;
      }
    },
    publicUrl(key) {
      assertValidKey(key);
      return `${urlPrefix}/${key}`;
    },
    keyFromUrl(url) {
      if (!url.startsWith(`${urlPrefix}/`)) return null;
      const key = url.slice(urlPrefix.length + 1);
      try {
        assertValidKey(key);
        return key;
      } catch {
        return null;
      }
    },
  };
}

export function uploadsDirectory(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "uploads");
}

/** The configured storage: the local disk under `$DATA_DIR/uploads`. */
export function createStorage(env: Pick<Env, "DATA_DIR">): FileStorage {
  return createDiskStorage(uploadsDirectory(env));
}
