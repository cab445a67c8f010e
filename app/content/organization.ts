import { COMPANY } from "./company.ts";

/** schema.org opening hours for docs/product.md §9 business hours (Mon-Fri 9-18, Sat 10-14, Sun closed). */
const OPENING_HOURS = [
  {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "18:00",
  },
  { "@type": "OpeningHoursSpecification", dayOfWeek: "Saturday", opens: "10:00", closes: "14:00" },
];

/** JSON-LD for the organisation (home and /contact): name, address, phone, opening hours. */
export function organizationJsonLd(publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${publicUrl}/#organization`,
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}/images/about-poster.svg`,
    telephone: COMPANY.phone,
    email: COMPANY.generalEmail,
    address: {
      "@type": "PostalAddress",
      streetAddress: COMPANY.address.street,
      addressLocality: `${COMPANY.address.suburb}, ${COMPANY.address.city}`,
      addressRegion: COMPANY.address.province,
      postalCode: COMPANY.address.postalCode,
      addressCountry: COMPANY.address.countryCode,
    },
    openingHoursSpecification: OPENING_HOURS,
  };
}
