import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { AboutVideo } from "#app/components/site/about-video.tsx";
import { HomeHero } from "#app/components/site/home-hero.tsx";
import { NewsletterPopup } from "#app/components/site/newsletter-popup.tsx";
import { Portfolio } from "#app/components/site/portfolio.tsx";
import {
  QuoteSection,
  Section,
  SectionHeading,
  ServiceCard,
} from "#app/components/site/sections.tsx";
import { organizationBriefJsonLd } from "#app/content/organization-brief.ts";
import { ABOUT, HOME_SECTIONS, SERVICE_SUMMARIES } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { footerFrom, publicUrlFrom, seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { quoteAction } from "#app/server/inquiries/form-actions.server.ts";
import { aboutForPage, loadAboutSection } from "#app/server/site/about-section.server.ts";
import { loadShowcase } from "#app/server/site/showcase.server.ts";
import type { Route } from "./+types/home";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getServices(context);
  const [about, portfolio] = await Promise.all([
    loadAboutSection(db),
    // The owner's projects (Settings → Portfolio, decision 043).
    loadShowcase(db, "portfolio"),
  ]);
  // The owner's heading, text and video (Settings → About, decision 044).
  return { about: aboutForPage(about, env.ABOUT_VIDEO_URL), portfolio };
}

export function action({ context }: Route.ActionArgs) {
  return quoteAction(context);
}

// A 429 tells when to try again, with or without JavaScript.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Powering Your Digital & Hardware World",
    description:
      "Digital solutions, hardware design and manufacturing, and bespoke gifts from an engineering company in Durban, South Africa.",
    path: "/",
    image: ABOUT.poster.src,
  }),
  // The organisation in brief, from the footer's details; its address and opening hours are
  // on /contact under the same @id (decision 042: the home page's bytes).
  { "script:ld+json": organizationBriefJsonLd(publicUrlFrom(matches), footerFrom(matches)) },
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero />

      <Section id="about" labelledBy="about-heading">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-primary">
              {ABOUT.eyebrow}
            </p>
            <h2 id="about-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {loaderData.about.heading}
            </h2>
            {loaderData.about.paragraphs.map((paragraph, index) => (
              <p key={`${index}-${paragraph}`} className="mt-4 text-lg text-muted-foreground">
                {paragraph}
              </p>
            ))}
          </div>
          <AboutVideo video={loaderData.about.video} />
        </div>
      </Section>

      <Section id="services" labelledBy="services-heading" className="bg-muted">
        <SectionHeading
          id="services-heading"
          eyebrow={HOME_SECTIONS.services.eyebrow}
          title={HOME_SECTIONS.services.title}
          intro={HOME_SECTIONS.services.intro}
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {SERVICE_SUMMARIES.map((service) => (
            <li key={service.to}>
              <ServiceCard
                icon={service.icon}
                title={service.title}
                description={service.description}
              >
                <Link
                  to={service.to}
                  className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
                >
                  {/* The visible text of docs/product.md §2.4; the rest names the target for screen readers
                      and search engines (a bare "See More" says nothing out of context). */}
                  {HOME_SECTIONS.services.seeMore}
                  <span className="sr-only"> about {service.title}</span>
                  <ArrowRightIcon aria-hidden="true" className="size-4" />
                </Link>
              </ServiceCard>
            </li>
          ))}
        </ul>
      </Section>

      {loaderData.portfolio.length > 0 ? (
        <Section id="portfolio" labelledBy="portfolio-heading">
          <SectionHeading
            id="portfolio-heading"
            eyebrow={HOME_SECTIONS.portfolio.eyebrow}
            title={HOME_SECTIONS.portfolio.title}
            intro={HOME_SECTIONS.portfolio.intro}
          />
          <Portfolio projects={loaderData.portfolio} />
        </Section>
      ) : null}

      <QuoteSection />
      <NewsletterPopup />
    </>
  );
}
