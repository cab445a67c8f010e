import { createRequestHandler as createExpressHandler } from "@react-router/express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppServices, servicesContext } from "#app/server/context.server.ts";
import { addressKey } from "#app/server/http/rate-limit.server.ts";
import { type RequestInfo, requestInfoContext } from "#app/server/http/request-info.server.ts";

/*
 * The SSR entry that Vite builds into build/server/index.js. server.ts imports it, so the
 * React Router context key and the route modules come from one module graph.
 */

// Provided by @react-router/dev at build time (and by Vite's SSR loader in development).
const loadBuild = () =>
  import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;

function contextFor(services: AppServices, requestInfo: RequestInfo) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, requestInfo);
  return context;
}

const isDataRequest = (pathname: string) => pathname.endsWith(".data");

/**
 * Express handler for every page, data request and action. Given the build itself, not a
 * function that loads it: with a function React Router derives its route tree and request
 * handler again for every request (decision 023: a few percent of each admin data request).
 */
export async function createExpressRequestHandler(services: AppServices) {
  return createExpressHandler({
    build: await loadBuild(),
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) =>
      contextFor(services, {
        clientAddress: addressKey(req.ip),
        cspNonce: res.locals.cspNonce as string | undefined,
        dataRequest: isDataRequest(req.path),
      }),
  });
}

/** Fetch-style handler (Request in, Response out) for tests that need no HTTP server. */
export async function createFetchHandler(services: AppServices) {
  const handler = createRequestHandler(await loadBuild(), process.env.NODE_ENV);
  return (request: Request, requestInfo: RequestInfo = { clientAddress: "127.0.0.1" }) =>
    handler(
      request,
      contextFor(services, {
        ...requestInfo,
        dataRequest: isDataRequest(new URL(request.url).pathname),
      }),
    );
}
