import { Link } from "react-router";
import { SITEMAP_LINKS } from "#app/content/navigation.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/sitemap";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sitemap",
    description: "Every page of our website in one list.",
    path: "/sitemap",
  });

/** docs/product.md §2.12 /sitemap: links to the nine public routes. */
export default function SitemapPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight">Sitemap</h1>
      <nav aria-label="Sitemap" className="mt-8">
        <ul className="grid gap-3 sm:grid-cols-2">
          {SITEMAP_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg border border-border p-4 font-semibold text-primary shadow-sm hover:bg-muted"
              >
                {link.label}
                <span className="block text-sm font-normal text-muted-foreground">{link.to}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
