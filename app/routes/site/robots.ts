import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { getServices } from "#app/server/context.server.ts";
import type { Route } from "./+types/robots";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/**
 * /robots.txt: every public page may be crawled (the cart and checkout pages are generic
 * shells: the cart itself lives in the visitor's browser); the admin and the newsletter
 * endpoints may not.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { PUBLIC_URL } = getServices(context).env;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /newsletter",
    "",
    `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
