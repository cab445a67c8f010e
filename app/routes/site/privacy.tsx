import { LegalPage } from "#app/components/site/legal-page.tsx";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { legalPageContent } from "#app/server/site/legal-pages.server.ts";
import type { Route } from "./+types/privacy";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/** The newest published text, or the first one, and the day it last changed (decision 042). */
export function loader({ context }: Route.LoaderArgs) {
  return legalPageContent(getServices(context), "privacy");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description:
      "How we collect, use, keep and protect your personal information under POPIA, and how to access, delete or unsubscribe.",
    path: "/privacy",
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage {...loaderData} />;
}
