import { LegalPage } from "#app/components/site/legal-page.tsx";
import { PRIVACY_POLICY } from "#app/content/legal.ts";
import { formatLongDate } from "#app/lib/dates.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/privacy";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/** The day the text last changed (decision 028), formatted on the server. */
export function loader() {
  return { lastUpdated: formatLongDate(PRIVACY_POLICY.lastUpdated) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description:
      "How we collect, use, keep and protect your personal information under POPIA, and how to access, delete or unsubscribe.",
    path: "/privacy",
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...PRIVACY_POLICY} lastUpdated={loaderData.lastUpdated} />;
}
