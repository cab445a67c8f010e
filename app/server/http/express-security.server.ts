import crypto from "node:crypto";
import type { Express, Request, Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { Env } from "../env.server.ts";
import { redactUrl } from "./log-redaction.server.ts";
import {
  checkRequestBody,
  contentSecurityPolicy,
  isCrossSiteRequest,
  PERMISSIONS_POLICY,
  refusalBody,
  STRICT_TRANSPORT_SECURITY,
} from "./security.server.ts";

/*
 * The Express side of decision 010: security headers with a per-request CSP nonce, the same-site
 * check for every state-changing request, and body size limits. The rules themselves are in
 * security.server.ts.
 */

/** React Router's route manifest (lazy route discovery): the route modules behind a page's links. */
const ROUTE_MANIFEST_PATH = "/__manifest";

/**
 * Responses that are never a document: the build's hashed scripts, stylesheets and fonts, the
 * About video's files (public/media), and React Router's route manifest (JSON that every
 * first visit fetches after hydration). The headers that govern a document (CSP, framing,
 * referrer, permissions…) do nothing on them, and on a first visit they cost 1 KB for each of
 * its ten files (docs/performance.md). What does apply stays.
 */
const isNeverADocument = (path: string) =>
  path.startsWith("/assets/") || path.startsWith("/media/") || path === ROUTE_MANIFEST_PATH;

/** A refusal readable by a person (no-JS form post) and by a script alike. */
function refuse(req: Request, res: Response, status: number, title: string, message: string) {
  const asPage = req.accepts(["html", "text"]) === "html" && !req.path.endsWith(".data");
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type(asPage ? "html" : "text")
    .send(refusalBody(title, message, asPage));
}

/**
 * Reads and drops a refused body so the client (still uploading) gets to read the answer;
 * a browser whose upload is cut off shows a connection error instead of the message. A client
 * that keeps sending far past the limit is disconnected.
 */
function discardBody(req: Request, maxBytes: number) {
  let received = 0;
  req.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) req.socket.destroy();
  });
  req.resume();
}

export function applySecurity(app: Express, env: Env, logger: Logger, options: { dev: boolean }) {
  const publicHttps = env.PUBLIC_URL.startsWith("https:");

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });

  const documentHeaders = helmet({
    // Set below with the nonce; Vite's dev server injects inline scripts of its own.
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Uploaded images and fonts are only for this site's pages.
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  app.use((req, res, next) => {
    if (!isNeverADocument(req.path)) {
      documentHeaders(req, res, next);
      return;
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    next();
  });

  app.use((req, res, next) => {
    if (isNeverADocument(req.path)) {
      next();
      return;
    }
    if (!options.dev) {
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy({
          nonce: res.locals.cspNonce as string,
          https: publicHttps,
          aboutVideoUrl: env.ABOUT_VIDEO_URL,
        }),
      );
    }
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (req.secure || publicHttps) {
      res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    }
    next();
  });

  app.use((req, res, next) => {
    const crossSite = isCrossSiteRequest({
      method: req.method,
      path: req.path,
      origin: req.get("origin"),
      referer: req.get("referer"),
      requestOrigin: `${req.protocol}://${req.get("host") ?? ""}`,
      publicUrl: env.PUBLIC_URL,
    });
    if (crossSite) {
      logger.warn(
        { method: req.method, url: redactUrl(req.originalUrl), origin: req.get("origin") ?? null },
        "refused a cross-site request",
      );
      refuse(
        req,
        res,
        403,
        "Request refused",
        "This form can only be sent from this website. Please open the page again and retry.",
      );
      return;
    }
    const body = checkRequestBody({
      method: req.method,
      path: req.path,
      contentLength: req.get("content-length"),
      transferEncoding: req.get("transfer-encoding"),
    });
    if (!body.ok) {
      discardBody(req, body.limit * 3);
      refuse(
        req,
        res,
        body.status,
        body.status === 413 ? "Too large" : "Length required",
        body.message,
      );
      return;
    }
    next();
  });
}
