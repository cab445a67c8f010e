import { Writable } from "node:stream";
import type { Logger } from "pino";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { InlineStylesContext } from "./components/page-styles.tsx";
import { servicesContext } from "./server/context.server.ts";
import { isDatabaseUnreachable } from "./server/db/errors.server.ts";
import { DATABASE_UNAVAILABLE_HEADERS } from "./server/http/database-unavailable.server.ts";
import { redactUrl, serializeLoggedError } from "./server/http/log-redaction.server.ts";
import { requestInfoContext } from "./server/http/request-info.server.ts";
// The public stylesheet's text, inlined in every public page (docs/performance.md; page-styles.tsx).
import publicCss from "./styles/public.css?inline";

/*
 * React Router's default Node entry with two changes: the Content-Security-Policy nonce
 * (decision 010), so that the inline scripts that carry the hydration data get this response's
 * nonce and the policy can forbid every other inline script; and the page rendered whole
 * before it is sent, as crawlers always got it (docs/performance.md).
 */

export const streamTimeout = 5_000;

/**
 * An unexpected error in a loader, action or render: the visitor sees the error screen (React
 * Router sends production browsers no message or stack); the server's log gets the error,
 * through pino so that a failed query's values are left out and the URL is redacted.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logged =
    isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error;
  if (isDatabaseUnreachable(logged)) databaseUnreachable.add(context);
  let logger: Logger | undefined;
  try {
    logger = (context as Readonly<RouterContextProvider>).get(servicesContext).logger;
  } catch {
    // No services in the context (it failed before they were set): the console then.
  }
  if (!logger) {
    // No pino here: still only the redacted form (no query values) reaches the console.
    console.error(JSON.stringify({ err: serializeLoggedError(logged) }));
    return;
  }
  const url = new URL(request.url);
  logger.error(
    { err: logged, method: request.method, url: redactUrl(`${url.pathname}${url.search}`) },
    "unexpected error while answering a request",
  );
};

/**
 * Requests (their load context) during which a loader, action or render failed because the
 * database could not be reached, seen by handleError: they answer 503, not 500.
 */
const databaseUnreachable = new WeakSet<object>();

/**
 * A request that failed on an unreachable database answers 503 (not 500), and every 503 says
 * when to try again (docs/deploy.md, "When PostgreSQL goes away"). `Cache-Control` too: a
 * CDN or the page cache must not keep it.
 */
function unavailableStatus(status: number, headers: Headers, loadContext: object): number {
  const answer = status >= 500 && databaseUnreachable.has(loadContext) ? 503 : status;
  if (answer === 503) {
    for (const [name, value] of Object.entries(DATABASE_UNAVAILABLE_HEADERS)) {
      if (!headers.has(name)) headers.set(name, value);
    }
  }
  return answer;
}

/** A data request (`.data`, a client navigation) gets the same status and headers. */
export function handleDataRequest(
  response: Response,
  { context }: { context: Readonly<RouterContextProvider> },
): Response {
  const headers = new Headers(response.headers);
  const status = unavailableStatus(response.status, headers, context);
  if (
    status === response.status &&
    headers.get("Retry-After") === response.headers.get("Retry-After")
  ) {
    return response;
  }
  return new Response(response.body, { status, statusText: response.statusText, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseStatusCode = unavailableStatus(responseStatusCode, responseHeaders, loadContext);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestInfoContext).cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let shellFailed = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // The whole page is collected, then sent as one body. Every loader has finished before
    // the render starts (the server never defers data on a document), so streaming would
    // gain a visitor a few milliseconds at most, while each of React's 4 KB pieces cost a
    // trip through two stream adapters and a compression flush of its own (decision 023).
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Sent uncompressed (the compression middleware drops it otherwise), a page says its
        // length instead of coming in chunks.
        responseHeaders.set("Content-Length", String(html.byteLength));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesContext value={{ publicCss, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesContext>,
      {
        // The style nonce goes on the public pages' inline stylesheet (app/components/page-styles.tsx).
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        // A Suspense boundary that is complete when written goes in place. By default React
        // (19.2 and later) writes it as its fallback once the page passed 12,800 bytes, with
        // the content hidden further down for an inline script to swap in: without
        // JavaScript the admin lists and the dashboard, whose data the server always has
        // (their Suspense is for client navigations), would show only their loading state.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          if (!shellFailed) pipe(body);
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged here; shell errors reach handleDocumentRequest.
          if (shellRendered) handleError(error, { request, params: {}, context: loadContext });
        },
      },
    );
  });
}
