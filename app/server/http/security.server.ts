/*
 * The HTTP hardening rules (decision 010, docs/security.md), as pure functions so that unit tests
 * prove them; server.ts applies them to every request.
 */

import { EMBED_ORIGINS } from "#app/lib/about-section.ts";

/** Where the About video may come from (ABOUT_VIDEO_URL), for frame-src / media-src. */
function videoOrigin(videoUrl: string | undefined): string | null {
  if (!videoUrl || videoUrl.startsWith("/")) return null;
  try {
    return new URL(videoUrl).origin;
  } catch {
    return null;
  }
}

const isMediaFile = (url: string) => /\.(mp4|webm|ogg|ogv|m4v)(\?|#|$)/i.test(url);

/**
 * The Content-Security-Policy of every response: scripts only from this site and inline ones
 * only with this response's nonce (React Router's hydration data); no plugins, no framing,
 * forms post only here. Styles allow inline `style` attributes (Radix positions popovers
 * with them); they cannot run code. The third-party origins are the operator's own video
 * host, when ABOUT_VIDEO_URL names one, and the two privacy-enhanced players an owner's
 * YouTube or Vimeo link opens in (frames only).
 */
export function contentSecurityPolicy(options: {
  nonce: string;
  https: boolean;
  aboutVideoUrl?: string;
}): string {
  const video = videoOrigin(options.aboutVideoUrl);
  const embedsPage = video && options.aboutVideoUrl && !isMediaFile(options.aboutVideoUrl);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${options.nonce}'`],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: the product form previews a chosen image before upload.
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "media-src": video && !embedsPage ? ["'self'", video] : ["'self'"],
    // The owner's YouTube or Vimeo link (decision 044) plays in its privacy-enhanced player,
    // framed only after the visitor presses play; nothing else may be framed.
    "frame-src": embedsPage ? [...new Set([video, ...EMBED_ORIGINS])] : EMBED_ORIGINS,
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Features the site never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

/** One year, subdomains included: sent only when the site is served over https. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | null | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The one-click unsubscribe of a newsletter e-mail (RFC 8058, decision 045): the reader's mail
 * provider POSTs to the link from its own servers, with no Origin, no Referer and no cookie;
 * such a POST is let through there (a browser's POST from another site still names it).
 * The signed token in the path is the whole authority (it unsubscribes only its own address,
 * as the link itself does), so a forged cross-site POST can do nothing the link cannot.
 */
const SIGNED_LINK_POSTS = /^\/newsletter\/unsubscribe\/(?![^/]*\.data$)[^/]+$/;

/**
 * Cross-site request forgery: a state-changing request must come from this site. Its Origin
 * (or, when a browser sends none, its Referer) must be the public address or the address the
 * request itself was sent to. A browser cannot forge either header, so a form on another site
 * cannot post here with the visitor's cookies. Requests with neither header are refused too,
 * except a newsletter's one-click unsubscribe (SIGNED_LINK_POSTS).
 */
export function isCrossSiteRequest(request: {
  method: string;
  /** The request's path, e.g. "/newsletter/unsubscribe/…". */
  path?: string;
  origin?: string | null;
  referer?: string | null;
  /** The origin this request was addressed to, e.g. "https://shop.example" (from Host). */
  requestOrigin: string;
  publicUrl: string;
}): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const from = request.origin ? originOf(request.origin) : originOf(request.referer);
  if (!request.origin && !request.referer && request.method.toUpperCase() === "POST") {
    // A server's POST names no origin: only the one-click unsubscribe takes one.
    return !SIGNED_LINK_POSTS.test(request.path ?? "");
  }
  if (!from) return true;
  return from !== originOf(request.publicUrl) && from !== originOf(request.requestOrigin);
}

/** Body size limits (decision 010): forms 64 KB; image uploads (admin catalogue) 6 MB. */
export const FORM_BODY_LIMIT = 64 * 1024;
export const UPLOAD_BODY_LIMIT = 6 * 1024 * 1024;

/** The About section's form carries a video of up to 50 MB (decision 044). */
export const VIDEO_UPLOAD_BODY_LIMIT = 52 * 1024 * 1024;
const VIDEO_UPLOAD_PATHS = /^\/admin\/settings\/about(\.data)?$/;

/** The admin pages whose forms carry an image file (decision 008). */
const UPLOAD_PATHS =
  /^\/admin\/(products|categories|newsletters|settings\/(portfolio|equipment))(\/|\.data|$)/;

/** The largest body a request to `path` may send. */
export const bodyLimitFor = (path: string) =>
  VIDEO_UPLOAD_PATHS.test(path)
    ? VIDEO_UPLOAD_BODY_LIMIT
    : UPLOAD_PATHS.test(path)
      ? UPLOAD_BODY_LIMIT
      : FORM_BODY_LIMIT;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The body of a refused request (a cross-site post, a body too large or unreadable): a small
 * page a person can read after a form post without JavaScript, or one line for a script.
 */
export function refusalBody(title: string, message: string, asPage: boolean): string {
  if (!asPage) return `${title}: ${message}`;
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p></body></html>`;
}

/** A refusal as a Fetch response, never stored by a cache. */
export function refusalResponse(refusal: {
  status: number;
  title: string;
  message: string;
  asPage: boolean;
}): Response {
  return new Response(refusalBody(refusal.title, refusal.message, refusal.asPage), {
    status: refusal.status,
    headers: {
      "Content-Type": refusal.asPage ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}

export type BodyCheck =
  | { ok: true }
  | { ok: false; status: 411 | 413; limit: number; message: string };

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;

/**
 * Whether a request body may be read. Browsers send a Content-Length with every form, so a
 * body without one (chunked) is refused rather than read to an unknown size.
 */
export function checkRequestBody(request: {
  method: string;
  path: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}): BodyCheck {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  const limit = bodyLimitFor(request.path);
  if (request.contentLength === undefined) {
    if (request.transferEncoding) {
      return {
        ok: false,
        status: 411,
        limit,
        message: "Please send the form again: its length was missing.",
      };
    }
    return { ok: true };
  }
  const length = Number(request.contentLength);
  if (!Number.isSafeInteger(length) || length < 0) {
    return { ok: false, status: 411, limit, message: "The request's length is not valid." };
  }
  if (length > limit) {
    return {
      ok: false,
      status: 413,
      limit,
      message: `What you sent is too large (the limit is ${kilobytes(limit)}). Please shorten it or choose a smaller file.`,
    };
  }
  return { ok: true };
}
