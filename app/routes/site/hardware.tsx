import { Link } from "react-router";
import {
  PageHero,
  QuoteSection,
  Section,
  SectionHeading,
  ServiceCard,
} from "#app/components/site/sections.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { HARDWARE } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { cn } from "#app/lib/utils.ts";
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
    <>
      <PageHero title={HARDWARE.title} intro={HARDWARE.intro}>
        <Link to="/contact" className={cn(buttonVariants({ variant: "accent", size: "lg" }))}>
          {HARDWARE.prototypeButton}
        </Link>
      </PageHero>

      <Section id="services" labelledBy="hardware-services-heading">
        <SectionHeading id="hardware-services-heading" title={HARDWARE.servicesHeading} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HARDWARE.services.map((service) => (
            <li key={service.title}>
              <ServiceCard {...service} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="equipment" labelledBy="equipment-heading" className="bg-muted">
        <SectionHeading id="equipment-heading" title={HARDWARE.equipmentHeading} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {HARDWARE.equipment.map((item) => (
            <li key={item.name}>
              <figure className="h-full overflow-hidden rounded-xl border border-border bg-background shadow-card">
                <img
                  src={item.image}
                  width={800}
                  height={500}
                  alt=""
                  loading="lazy"
                  className="aspect-[8/5] w-full object-cover"
                />
                <figcaption className="space-y-1 p-5">
                  <span className="block font-semibold">{item.name}</span>
                  <span className="block text-sm text-muted-foreground">{item.description}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <QuoteSection className="bg-background" />
    </>
  );
}
