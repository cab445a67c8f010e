/*
 * The company's own details as a new install starts with them (decision 042): the business
 * details are then the owner's, under Settings → Business details in the admin, and every
 * page, e-mail and document reads them from there. The logo, page titles and the About video
 * still use the name and tagline here.
 */
export const COMPANY = {
  name: "Kwezi Engineering",
  legalName: "Kwezi Engineering (Pty) Ltd",
  tagline: "Powering Your Digital & Hardware World",
  address: {
    street: "14 Old Main Road",
    suburb: "Queensburgh",
    city: "Durban",
    postalCode: "4093",
    province: "KwaZulu-Natal",
    country: "South Africa",
    countryCode: "ZA",
  },
  phone: "+27 31 464 0192",
  phoneHref: "tel:+27314640192",
  /** The WhatsApp Business number buyers may message (decision 014: the buyer's order page). */
  whatsApp: "+27 31 464 0192",
  generalEmail: "info@kwezi-engineering.co.za",
  supportEmail: "support@kwezi-engineering.co.za",
} as const;
