import { DivisionPage, EquipmentBand } from "#app/components/site/division-page.tsx";
import { HARDWARE } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { quoteAction } from "#app/server/inquiries/form-actions.server.ts";
import { loadShowcase } from "#app/server/site/showcase.server.ts";
import type { Route } from "./+types/hardware";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/** The owner's equipment gallery (Settings → Equipment, decision 043). */
export async function loader({ context }: Route.LoaderArgs) {
  return { equipment: await loadShowcase(getServices(context).db, "equipment") };
}

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

export default function HardwarePage({ loaderData }: Route.ComponentProps) {
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
      <EquipmentBand heading={HARDWARE.equipmentHeading} items={loaderData.equipment} />
    </DivisionPage>
  );
}
