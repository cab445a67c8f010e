import type { FooterDetails } from "#app/lib/business.ts";

/**
 * The organisation as the home page describes it to search engines: who, where on the web and
 * how to reach it, from the footer's details. /contact gives the whole record (address,
 * opening hours: app/content/organization.ts) under the same @id, which crawlers join.
 */
export function organizationBriefJsonLd(publicUrl: string, footer: FooterDetails) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${publicUrl}/#organization`,
    name: footer.name,
    legalName: footer.legalName,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    telephone: footer.phone,
    email: footer.generalEmail,
  };
}
