import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppServices } from "#app/server/context.server.ts";

type ServerEntry = typeof import("../../server/app.ts");
type TestRequestInit = RequestInit & { clientAddress?: string };

const SERVER_BUILD = pathToFileURL(path.resolve("build/server/index.js")).href;

/**
 * The real route handler (loaders, actions, rendering) over the given services, without an
 * HTTP server: the production server bundle, which the integration projects' global setup
 * builds when the sources are newer (tests/setup/global-app-build.ts).
 */
export async function createTestApp(services: AppServices) {
  const entry = (await import(/* @vite-ignore */ SERVER_BUILD)) as ServerEntry;
  const handle = await entry.createFetchHandler(services);
  const origin = services.env.PUBLIC_URL;

  return {
    /**
     * GET/POST a path as a browser on this site would (same Origin). `clientAddress` stands
     * for the caller's IP address (rate limits).
     */
    request(path: string, init: TestRequestInit = {}) {
      const { clientAddress = "127.0.0.1", ...rest } = init;
      const headers = new Headers(rest.headers);
      if (rest.method && rest.method !== "GET" && !headers.has("Origin")) {
        headers.set("Origin", origin);
      }
      return handle(new Request(new URL(path, origin), { ...rest, headers }), { clientAddress });
    },
    /** POST a form (urlencoded) to a route action. */
    postForm(
      path: string,
      fields: Record<string, string> | URLSearchParams,
      init: TestRequestInit = {},
    ) {
      const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
      return this.request(path, { ...init, method: "POST", body });
    },
  };
}
