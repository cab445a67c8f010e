/*
 * The company's own details, in one place. Replace these with the real ones before going
 * live: every page, the footer, JSON-LD and e-mails read them from here.
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
  hours: [
    { days: "Mon-Fri", time: "9:00-18:00" },
    { days: "Sat", time: "10:00-14:00" },
    { days: "Sun", time: "closed" },
  ],
} as const;
