import { Link } from "react-router";
import {
  PageHero,
  QuoteSection,
  Section,
  SectionHeading,
  ServiceCard,
} from "#app/components/site/sections.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { ShowcaseEntry } from "#app/lib/showcase.ts";
import { cn } from "#app/lib/utils.ts";
import { ShowcasePicture } from "./showcase-picture.tsx";

/** A button of the hero: the first is the accent, the others outlined on the dark band. */
export type DivisionAction = { label: string; href: string };

type Service = { icon: string; title: string; description: string };

/**
 * A division's page, /digital and /hardware (docs/product.md §2.5, §2.6): the dark hero with
 * its buttons, the services (id "services"), the division's own band on the muted
 * background (the children) and the quote section. The route modules hold the texts.
 */
export function DivisionPage({
  title,
  intro,
  actions,
  servicesHeadingId,
  servicesHeading,
  services,
  serviceColumns,
  children,
}: {
  title: string;
  intro: string;
  actions: readonly DivisionAction[];
  servicesHeadingId: string;
  servicesHeading: string;
  services: readonly Service[];
  /** The services' columns on a wide screen (three for /digital, four for /hardware). */
  serviceColumns: 3 | 4;
  children: React.ReactNode;
}) {
  return (
    <>
      <PageHero title={title} intro={intro}>
        {actions.map((action, index) => {
          const className = cn(
            buttonVariants({ variant: index === 0 ? "accent" : "outline", size: "lg" }),
            index > 0 && "border-white/40 bg-transparent text-white hover:bg-white/10",
          );
          // A link within the page is a plain anchor: the router does not scroll to it.
          return action.href.startsWith("#") ? (
            <a key={action.href} href={action.href} className={className}>
              {action.label}
            </a>
          ) : (
            <Link key={action.href} to={action.href} className={className}>
              {action.label}
            </Link>
          );
        })}
      </PageHero>

      <Section id="services" labelledBy={servicesHeadingId}>
        <SectionHeading id={servicesHeadingId} title={servicesHeading} />
        <ul
          className={cn(
            "grid gap-6 sm:grid-cols-2",
            serviceColumns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
          )}
        >
          {services.map((service) => (
            <li key={service.title}>
              <ServiceCard {...service} />
            </li>
          ))}
        </ul>
      </Section>

      {children}

      <QuoteSection className="bg-background" />
    </>
  );
}

/** /digital's band: the technologies, as pills. */
export function TechStackBand({ heading, items }: { heading: string; items: readonly string[] }) {
  return (
    <Section labelledBy="tech-stack-heading" className="bg-muted">
      <SectionHeading id="tech-stack-heading" title={heading} />
      <ul className="mx-auto flex max-w-4xl flex-wrap justify-center gap-3">
        {items.map((tech) => (
          <li
            key={tech}
            className="rounded-full border border-border bg-background px-4 py-2 text-sm font-medium shadow-sm"
          >
            {tech}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** /hardware's band: the owner's equipment (Settings → Equipment, decision 043), each with its photo. */
export function EquipmentBand({
  heading,
  items,
}: {
  heading: string;
  items: readonly ShowcaseEntry[];
}) {
  // The owner hid or deleted every item: no empty band.
  if (items.length === 0) return null;
  return (
    <Section id="equipment" labelledBy="equipment-heading" className="bg-muted">
      <SectionHeading id="equipment-heading" title={heading} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={`${index}-${item.title}`}>
            <figure className="h-full overflow-hidden rounded-xl border border-border bg-background shadow-card">
              <ShowcasePicture src={item.imageUrl} />
              <figcaption className="space-y-1 p-5">
                <span className="block font-semibold">{item.title}</span>
                <span className="block text-sm text-muted-foreground">{item.description}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
