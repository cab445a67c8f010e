import { afterAll } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";

type ServerEntry = typeof import("../../server/app.ts");
type TestRequestInit = RequestInit & { clientAddress?: string };

/**
 * The real route handler (loaders, actions, rendering) over the given services, without an
 * HTTP server: Vite compiles the app on demand like `npm run dev`. Closed after the file.
 */
export async function createTestApp(services: AppServices) {
  const { createServer } = await import("vite");
  const vite = await createServer({
    // No HMR WebSocket: parallel test files would all claim its port (24678).
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  afterAll(() => vite.close());
  const entry = (await vite.ssrLoadModule("./server/app.ts")) as ServerEntry;
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
