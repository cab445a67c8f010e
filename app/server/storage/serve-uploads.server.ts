import path from "node:path";
import express, { type RequestHandler, type Response } from "express";
import type { Database } from "../db/client.server.ts";
import {
  type FileStorage,
  isValidKey,
  type StoredFile,
  uploadsDirectory,
} from "./storage.server.ts";

/*
 * /uploads as browsers see it, whichever storage holds the files (decisions 008 and 015):
 * names are never reused for other bytes, so every file is cached for a year as immutable,
 * sent with `nosniff`, and revalidated by ETag (304 Not Modified).
 */

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Newsletter pictures (decision 045) are shown by other sites: mail programs and webmail load
 * them from the e-mail, and the admin's preview shows the e-mail in a sandboxed frame, whose
 * origin is none. Every other upload stays for this site's pages alone (the security
 * middleware's `Cross-Origin-Resource-Policy: same-origin`).
 */
export function embeddableElsewhere(key: string): boolean {
  return key.startsWith("newsletter/");
}

function allowEmbedding(res: Response, key: string) {
  if (embeddableElsewhere(key)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
}

export function serveUploads(options: {
  storage: FileStorage;
  db: Database;
  dataDir: string;
}): RequestHandler {
  const { storage, db } = options;
  if (storage.kind === "disk") {
    const directory = path.resolve(uploadsDirectory({ DATA_DIR: options.dataDir }));
    return express.static(directory, {
      immutable: true,
      maxAge: "1y",
      index: false,
      setHeaders: (res, file) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        allowEmbedding(res, path.relative(directory, file).split(path.sep).join("/"));
      },
    });
  }
  const recent = new RecentFiles(32 * 1024 * 1024);
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    if (!isValidKey(key)) return next();
    try {
      let file = recent.get(key);
      if (!file) {
        file = (await storage.read(db, key)) ?? undefined;
        if (!file) return next();
        recent.set(key, file);
      }
      const etag = `"${file.sha256}"`;
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("X-Content-Type-Options", "nosniff");
      allowEmbedding(res, key);
      res.setHeader("ETag", etag);
      // Express's freshness check (as for files on disk): If-None-Match against the ETag.
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Type", file.contentType);
      // A video seeks by asking for a part of the file (decision 044), as on disk.
      res.setHeader("Accept-Ranges", "bytes");
      const size = file.body.byteLength;
      const range = byteRange(req.headers.range, size);
      if (range === "unsatisfiable") {
        res.status(416).setHeader("Content-Range", `bytes */${size}`).end();
        return;
      }
      const [start, end] = range ?? [0, size - 1];
      if (range) {
        res.status(206);
        res.setHeader("Content-Range", `bytes ${start}-${end}/${size}`);
      }
      res.setHeader("Content-Length", String(size === 0 ? 0 : end - start + 1));
      if (req.method === "HEAD" || size === 0) res.end();
      else res.end(Buffer.from(file.body.buffer, file.body.byteOffset + start, end - start + 1));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * One `Range: bytes=…` of a file of `size` bytes as [first, last], null when there is none to
 * honour (absent, several ranges, another unit: the whole file is sent), or "unsatisfiable".
 */
export function byteRange(
  header: string | undefined,
  size: number,
): [number, number] | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, from, to] = match;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(from);
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? null : [start, end];
}

/**
 * The most recently served files, up to a byte budget: a page's thumbnails are asked for by
 * every visitor, and the bytes under a name never change, so there is nothing to invalidate.
 */
class RecentFiles {
  private readonly files = new Map<string, StoredFile>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): StoredFile | undefined {
    const file = this.files.get(key);
    if (file) {
      this.files.delete(key);
      this.files.set(key, file);
    }
    return file;
  }

  set(key: string, file: StoredFile) {
    if (file.body.byteLength > this.maxBytes / 8) return;
    this.files.set(key, file);
    this.bytes += file.body.byteLength;
    for (const [oldest, old] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(oldest);
      this.bytes -= old.body.byteLength;
    }
  }
}
