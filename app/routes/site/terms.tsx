import { LegalPage } from "#app/components/site/legal-page.tsx";
import { TERMS_OF_SERVICE } from "#app/content/legal.ts";
import { formatLongDate } from "#app/lib/dates.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/** The day the text last changed (decision 028), formatted on the server. */
export function loader() {
  return { lastUpdated: formatLongDate(TERMS_OF_SERVICE.lastUpdated) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms of Service",
    description: "The terms for using our website and for orders of bespoke products.",
    path: "/terms",
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...TERMS_OF_SERVICE} lastUpdated={loaderData.lastUpdated} />;
}
