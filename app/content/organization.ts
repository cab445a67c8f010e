import { type PublicBusinessDetails, WEEKDAY_LABELS, WEEKDAYS } from "#app/lib/business.ts";

/**
 * schema.org opening hours from the business details: days with the same hours in one entry
 * (the default week reads weekdays 09:00-18:00, Saturday 10:00-14:00, Sunday closed).
 */
function openingHours(hours: PublicBusinessDetails["hours"]) {
  const byTime = new Map<string, string[]>();
  for (const day of WEEKDAYS) {
    const today = hours[day];
    if (!today.open) continue;
    const key = `${today.from}-${today.to}`;
    byTime.set(key, [...(byTime.get(key) ?? []), WEEKDAY_LABELS[day].long]);
  }
  return [...byTime].map(([key, days]) => {
    const [opens, closes] = key.split("-");
    return {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: days.length === 1 ? days[0] : days,
      opens,
      closes,
    };
  });
}

/** JSON-LD for the organisation (home and /contact): name, address, phone, opening hours. */
export function organizationJsonLd(publicUrl: string, business: PublicBusinessDetails) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${publicUrl}/#organization`,
    name: business.name,
    legalName: business.legalName,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}/images/about-poster.svg`,
    telephone: business.phone,
    email: business.generalEmail,
    ...(business.mapUrl ? { hasMap: business.mapUrl } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: `${business.address.suburb}, ${business.address.city}`,
      addressRegion: business.address.province,
      postalCode: business.address.postalCode,
      addressCountry: "ZA",
    },
    openingHoursSpecification: openingHours(business.hours),
  };
}
