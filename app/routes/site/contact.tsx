import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { ContactForm } from "#app/components/site/contact-form.tsx";
import { PageHero, Section } from "#app/components/site/sections.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { organizationJsonLd } from "#app/content/organization.ts";
import { CONTACT_PAGE } from "#app/content/site.ts";
import { businessPhoneHref, hoursSummary, publicBusinessDetails } from "#app/lib/business.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { throwAsUnavailable } from "#app/server/http/database-unavailable.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { contactAction } from "#app/server/inquiries/form-actions.server.ts";
import type { Route } from "./+types/contact";

/** The same for every visitor: kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/** The business details as the owner last saved them (decision 042), laid out for the page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, business } = getServices(context);
  const details = await business.get().catch(throwAsUnavailable);
  return {
    business: publicBusinessDetails(details),
    phoneHref: businessPhoneHref(details),
    hours: hoursSummary(details.hours),
    organization: organizationJsonLd(env.PUBLIC_URL, details),
  };
}

export function action({ context }: Route.ActionArgs) {
  return contactAction(context);
}

// A 429 tells when to try again, with or without JavaScript.
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...seo(matches, {
    title: "Contact Us",
    description: "Visit us in Queensburgh, Durban, call or e-mail us, or send a message.",
    path: "/contact",
  }),
  ...(loaderData ? [{ "script:ld+json": loaderData.organization }] : []),
];

const { labels } = CONTACT_PAGE;

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { business, phoneHref, hours } = loaderData;
  const { address } = business;
  return (
    <>
      <PageHero title={CONTACT_PAGE.title} intro={CONTACT_PAGE.intro} />
      <Section>
        <div className="grid gap-8 lg:grid-cols-[1fr_1.5fr]">
          <div className="grid content-start gap-4">
            <Card className="flex gap-4 p-6">
              <MapPinIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
              <div>
                <h2 className="font-semibold">{labels.address}</h2>
                <address className="not-italic text-muted-foreground">
                  {address.street}
                  <br />
                  {address.suburb}, {address.city}, {address.postalCode}
                  <br />
                  {address.province}, South Africa
                </address>
                {business.mapUrl ? (
                  <a
                    href={business.mapUrl}
                    className="mt-1 inline-block text-primary underline-offset-2 hover:underline"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {labels.map}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </div>
            </Card>
            <Card className="flex gap-4 p-6">
              <PhoneIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
              <div>
                <h2 className="font-semibold">{labels.phone}</h2>
                <a href={phoneHref} className="text-primary hover:underline">
                  {business.phone}
                </a>
              </div>
            </Card>
            <Card className="flex gap-4 p-6">
              <MailIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
              <div>
                <h2 className="font-semibold">{labels.email}</h2>
                {/* Stacked on phones: an address keeps its line instead of breaking mid-word. */}
                <dl className="grid grid-cols-1 gap-x-3 text-muted-foreground sm:grid-cols-[auto_1fr] sm:gap-y-1">
                  <dt>{labels.generalEmail}</dt>
                  <dd>
                    <a
                      href={`mailto:${business.generalEmail}`}
                      className="text-primary [overflow-wrap:anywhere] hover:underline"
                    >
                      {business.generalEmail}
                    </a>
                  </dd>
                  <dt className="mt-2 sm:mt-0">{labels.supportEmail}</dt>
                  <dd>
                    <a
                      href={`mailto:${business.supportEmail}`}
                      className="text-primary [overflow-wrap:anywhere] hover:underline"
                    >
                      {business.supportEmail}
                    </a>
                  </dd>
                </dl>
              </div>
            </Card>
            <Card className="flex gap-4 p-6">
              <ClockIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
              <div>
                <h2 className="font-semibold">{labels.hours}</h2>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
                  {hours.map((row) => (
                    <div key={row.days} className="contents">
                      <dt>{row.days}:</dt>
                      <dd>{row.time}</dd>
                    </div>
                  ))}
                </dl>
                {business.hoursNote ? (
                  <p className="mt-2 text-sm text-muted-foreground">{business.hoursNote}</p>
                ) : null}
              </div>
            </Card>
          </div>
          <Card className="p-6 sm:p-8">
            <h2 className="mb-6 text-2xl font-bold tracking-tight">{CONTACT_PAGE.formHeading}</h2>
            <ContactForm />
          </Card>
        </div>
      </Section>
    </>
  );
}
