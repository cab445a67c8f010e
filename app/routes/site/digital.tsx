import { DivisionPage, TechStackBand } from "#app/components/site/division-page.tsx";
import { DIGITAL } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { quoteAction } from "#app/server/inquiries/form-actions.server.ts";
import type { Route } from "./+types/digital";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

export function action({ context }: Route.ActionArgs) {
  return quoteAction(context);
}

// A 429 tells when to try again, with or without JavaScript.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Digital Solutions",
    description:
      "Web, mobile and Windows desktop apps, embedded and IoT systems, web and e-mail hosting and tech consulting from Durban.",
    path: "/digital",
    image: "/images/portfolio/interactive-dashboard.svg",
  });

export default function DigitalPage() {
  return (
    <DivisionPage
      title={DIGITAL.title}
      intro={DIGITAL.intro}
      actions={[
        // The original's view-services button did nothing; here it jumps to the cards.
        { label: DIGITAL.viewServices, href: "#services" },
        { label: DIGITAL.consultation, href: "/contact" },
      ]}
      servicesHeadingId="digital-services-heading"
      servicesHeading={DIGITAL.servicesHeading}
      services={DIGITAL.services}
      serviceColumns={3}
    >
      <TechStackBand heading={DIGITAL.techStackHeading} items={DIGITAL.techStack} />
    </DivisionPage>
  );
}
