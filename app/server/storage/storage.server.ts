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
  /** Stores `body` under `key` (e.g. "products/<hash>-640.webp"), replacing any old file. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The address browsers load the file from. */
  publicUrl(key: string): string;
  /** The key behind one of this storage's public URLs, or null for any other URL. */
  keyFromUrl(url: string): string | null;
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
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed: a reader never sees half a file.
      const temporary = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
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
