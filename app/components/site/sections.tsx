import { Card } from "#app/components/ui/card.tsx";
import { QUOTE_SECTION } from "#app/content/site.ts";
import { cn } from "#app/lib/utils.ts";
import { ContentIcon } from "./icons.tsx";
import { QuoteForm } from "./quote-form.tsx";

export function Section({
  id,
  className,
  children,
  labelledBy,
}: {
  id?: string;
  className?: string;
  children: React.ReactNode;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn("py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto mb-10 max-w-2xl text-center", className)}>
      {eyebrow ? (
        <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-primary">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
    </div>
  );
}

export function ServiceCard({
  icon,
  title,
  description,
  children,
}: {
  icon: string;
  title: string;
  description: string;
  children?: React.ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col gap-4 p-6 transition-shadow hover:shadow-lg">
      <span className="flex size-12 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <ContentIcon name={icon} className="size-6" />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="flex-1 text-muted-foreground">{description}</p>
      {children}
    </Card>
  );
}

/** The quote section (id "quote", the target of 'Get a Quote'). */
export function QuoteSection({ className }: { className?: string }) {
  return (
    <Section id="quote" labelledBy="quote-heading" className={cn("bg-muted", className)}>
      <SectionHeading
        id="quote-heading"
        title={QUOTE_SECTION.heading}
        intro={QUOTE_SECTION.intro}
      />
      <Card className="mx-auto max-w-3xl p-6 sm:p-8">
        <QuoteForm />
      </Card>
    </Section>
  );
}

/** A dark hero band used by /digital, /hardware and /contact. */
export function PageHero({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,color-mix(in_srgb,var(--color-primary)_55%,transparent),transparent_55%),radial-gradient(circle_at_85%_80%,color-mix(in_srgb,var(--color-accent)_18%,transparent),transparent_45%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-foreground">{intro}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
