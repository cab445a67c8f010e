import { DivisionPage, EquipmentBand } from "#app/components/site/division-page.tsx";
import { HARDWARE } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { quoteAction } from "#app/server/inquiries/form-actions.server.ts";
import type { Route } from "./+types/hardware";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

export function action({ context }: Route.ActionArgs) {
  return quoteAction(context);
}

// A 429 tells when to try again, with or without JavaScript.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Hardware & Manufacturing",
    description:
      "Hardware design and R&D, embedded systems and firmware, prototyping and mass manufacturing, managed from Durban.",
    path: "/hardware",
    image: "/images/portfolio/custom-pcb.svg",
  });

export default function HardwarePage() {
  return (
    <DivisionPage
      title={HARDWARE.title}
      intro={HARDWARE.intro}
      actions={[{ label: HARDWARE.prototypeButton, href: "/contact" }]}
      servicesHeadingId="hardware-services-heading"
      servicesHeading={HARDWARE.servicesHeading}
      services={HARDWARE.services}
      serviceColumns={4}
    >
      <EquipmentBand heading={HARDWARE.equipmentHeading} items={HARDWARE.equipment} />
    </DivisionPage>
  );
}
