import {
  listCategoriesForSitemap,
  listProductsForSitemap,
} from "#app/server/catalog/sitemap.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { expiresHeader } from "#app/server/http/page-cache.server.ts";
import type { Route } from "./+types/sitemap-xml";

/** The public pages of docs/product.md §2.1 that search engines should list (not cart/checkout). */
const PAGES = [
  "/",
  "/digital",
  "/hardware",
  "/crafts",
  "/contact",
  "/privacy",
  "/terms",
  "/sitemap",
];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

/**
 * /sitemap.xml: the public pages, each category's /crafts page while it is in season (decision
 * 014) and every product (decision 004).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getServices(context);
  const now = new Date();
  const [products, categories] = await Promise.all([
    listProductsForSitemap(db),
    listCategoriesForSitemap(db, now),
  ]);
  const urls = [
    ...PAGES.map((path) => `<url><loc>${escapeXml(`${env.PUBLIC_URL}${path}`)}</loc></url>`),
    ...categories.names.map(
      (name) =>
        `<url><loc>${escapeXml(`${env.PUBLIC_URL}/crafts?${new URLSearchParams({ category: name })}`)}</loc></url>`,
    ),
    ...products.map(
      (product) =>
        `<url><loc>${escapeXml(`${env.PUBLIC_URL}/products/${product.id}`)}</loc><lastmod>${product.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
      ...expiresHeader(categories.nextChange),
    },
  });
}
