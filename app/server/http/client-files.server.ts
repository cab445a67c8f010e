import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * express.static over the build's client directory (favicon, images), asked only for paths
 * that name one of its files or folders. Every page request (/, /crafts, /products/<id>)
 * went through it first: a stat of a missing file and a 404 error object each time, 2-3% of
 * an uncached page's CPU (decision 023). The directory is the build's, fixed while the server
 * runs; a path the listing cannot judge (escaped characters, dot segments) still goes to
 * express.static.
 */
export function clientFiles(
  directory: string,
  options: Parameters<typeof express.static>[1],
): RequestHandler {
  const serve = express.static(directory, options);
  const known = new Set<string>();
  const list = (dir: string, prefix: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = `${prefix}/${entry.name}`;
      known.add(name);
      if (entry.isDirectory()) list(path.join(dir, entry.name), name);
    }
  };
  list(directory, "");
  return (req, res, next) => {
    const unusual = req.path.includes("%") || req.path.includes("/.") || req.path.includes("\\");
    if (unusual || known.has(req.path.replace(/\/$/, ""))) {
      serve(req, res, next);
      return;
    }
    next();
  };
}
