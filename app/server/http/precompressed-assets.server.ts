import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Serves the build's pre-compressed copy of a hashed asset (foo.js.br or foo.js.gz, written
 * at build time) when the browser accepts it, so the server never compresses the same file
 * twice. Place before express.static on the same directory; compression() leaves responses
 * that already have a Content-Encoding alone.
 */
export function precompressedAssets(directory: string): RequestHandler {
  const available = new Set(fs.existsSync(directory) ? fs.readdirSync(directory) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = path.posix.basename(req.path);
    // Brotli whenever accepted: browsers list gzip first at equal weight, yet prefer br.
    const encoding = req.acceptsEncodings("br")
      ? "br"
      : req.acceptsEncodings("gzip")
        ? "gzip"
        : null;
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null;
    if (suffix && available.has(`${file}${suffix}`) && available.has(file)) {
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Encoding", encoding as string);
      res.type(path.extname(file));
      req.url = `${req.path}${suffix}`;
    } else if (available.has(`${file}.br`)) {
      res.setHeader("Vary", "Accept-Encoding");
    }
    next();
  };
}

/**
 * The end of /assets: a hashed asset that is not there (another release's name, a file
 * removed since start-up) is a plain 404, never the site's 404 page. That page would go out
 * under the Content-Encoding set above for a compressed copy that is gone, which a browser
 * cannot decode.
 */
export const missingAsset: RequestHandler = (_req, res) => {
  res.removeHeader("Content-Encoding");
  res.status(404).type("text/plain").setHeader("Cache-Control", "no-store");
  res.send("Not found");
};
