import { Link } from "react-router";
import {
  PageHero,
  QuoteSection,
  Section,
  SectionHeading,
  ServiceCard,
} from "#app/components/site/sections.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { DIGITAL } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { cn } from "#app/lib/utils.ts";
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
    <>
      <PageHero title={DIGITAL.title} intro={DIGITAL.intro}>
        {/* The original's view-services button did nothing; here it jumps to the cards. */}
        <a href="#services" className={cn(buttonVariants({ variant: "accent", size: "lg" }))}>
          {DIGITAL.viewServices}
        </a>
        <Link
          to="/contact"
          className={cn(
            buttonVariants({ variant: "outline", size: "lg" }),
            "border-white/40 bg-transparent text-white hover:bg-white/10",
          )}
        >
          {DIGITAL.consultation}
        </Link>
      </PageHero>

      <Section id="services" labelledBy="digital-services-heading">
        <SectionHeading id="digital-services-heading" title={DIGITAL.servicesHeading} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {DIGITAL.services.map((service) => (
            <li key={service.title}>
              <ServiceCard {...service} />
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="tech-stack-heading" className="bg-muted">
        <SectionHeading id="tech-stack-heading" title={DIGITAL.techStackHeading} />
        <ul className="mx-auto flex max-w-4xl flex-wrap justify-center gap-3">
          {DIGITAL.techStack.map((tech) => (
            <li
              key={tech}
              className="rounded-full border border-border bg-background px-4 py-2 text-sm font-medium shadow-sm"
            >
              {tech}
            </li>
          ))}
        </ul>
      </Section>

      <QuoteSection className="bg-background" />
    </>
  );
}
