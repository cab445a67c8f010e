/*
 * Static copy of the public pages (docs/product.md §2), kept out of the components so it can be edited
 * in one place. Quoted texts of the specification are copied character for character.
 */

import type { Division } from "../lib/showcase.ts";
import { COMPANY } from "./company.ts";

export type { Division };

/** Home hero: the call to action rotates through these every 3 s (docs/product.md §2.4, §9). */
export const HERO_ROTATION_MS = 3000;
export const HERO_CTAS = [
  { label: "Explore Digital Solutions", to: "/digital" },
  { label: "See Hardware Capabilities", to: "/hardware" },
  { label: "Shop Bespoke Creations", to: "/crafts" },
] as const;

export const HERO_TILES = [
  { letter: "D", label: "Digital", to: "/digital" },
  { letter: "H", label: "Hardware", to: "/hardware" },
  { letter: "B", label: "Bespoke", to: "/crafts" },
] as const;

export const HERO_INTRO =
  "One Durban team for software, electronics and handmade gifts: we design, build and support the systems your business runs on, and craft the pieces people keep.";

/**
 * The About section's heading and text a new install shows (decision 044: afterwards the
 * owner's, under Settings → About; the page gets them from its loader, not its script).
 */
export const ABOUT_TEXT_SEED = {
  heading: "About Us",
  blurb: [
    "We are a multi-disciplinary engineering company based in Queensburgh, Durban. Our engineers write software, design circuit boards and build prototypes under one roof, so an idea can go from sketch to shipped product without changing hands.",
    "Alongside the engineering work, our workshop makes bespoke gifts and seasonal pieces, personalised by hand for families and businesses across South Africa.",
  ],
} as const;

export const ABOUT = {
  eyebrow: "Who we are",
  /** The title of an operator's own video (ABOUT_VIDEO_URL). */
  videoTitle: "A short tour of our workshop and studio",
  /** The play button's text, followed by the video's title. */
  playLabel: "Play video:",
  /**
   * The video shipped with the site (ABOUT_VIDEO_URL unset; scripts/make-about-video.ts):
   * its accessible name, and the note under it, which also describes it.
   */
  shippedVideo: {
    title: "Kwezi Engineering: our three divisions",
    note: (seconds: number) =>
      `Our three divisions in ${seconds} seconds. No sound: captions give the on-screen text.`,
  },
  /** The first frame of the shipped video, and the poster of a configured one. */
  poster: { src: "/images/about-poster.svg", width: 1280, height: 720 },
} as const;

/** Home: the headings of the services and portfolio sections. */
export const HOME_SECTIONS = {
  services: {
    eyebrow: "What we do",
    title: "Our Services",
    intro: "Three divisions, one team: pick where you want to start.",
    /** docs/product.md §2.4: each card's link. */
    seeMore: "See More",
  },
  portfolio: {
    eyebrow: "Our work",
    title: "Portfolio",
    intro: "A few recent projects across our three divisions.",
  },
} as const;

export const SERVICE_SUMMARIES = [
  {
    title: "Digital Solutions",
    to: "/digital",
    icon: "code",
    description:
      "Websites, mobile and desktop apps, IoT platforms, hosting and consulting, built to last and supported after launch.",
  },
  {
    title: "Hardware & Manufacturing",
    to: "/hardware",
    icon: "cpu",
    description:
      "Hardware design and R&D, embedded systems and firmware, prototyping and manufacturing runs of any size.",
  },
  {
    title: "Bespoke Creations",
    to: "/crafts",
    icon: "gift",
    description:
      "Handcrafted, personalised gifts and seasonal collections, made in Durban for the people who matter to you.",
  },
] as const;

export const PORTFOLIO_FILTERS = ["All", "Digital", "Hardware", "Bespoke"] as const;
export type PortfolioFilter = (typeof PORTFOLIO_FILTERS)[number];

/**
 * docs/product.md §2.4 and §4 (portfolio project): six sample projects, the portfolio a new
 * install starts with (decision 043: afterwards the owner's, under Settings → Portfolio).
 */
export const PORTFOLIO_SEED: {
  id: string;
  title: string;
  category: Division;
  image: string;
  description: string;
}[] = [
  {
    id: "ecommerce-platform",
    title: "E-commerce Platform",
    category: "Digital",
    image: "/images/portfolio/ecommerce-platform.svg",
    description:
      "An online store with stock management, order tracking and a back office for a Durban retailer.",
  },
  {
    id: "iot-smart-home",
    title: "IoT Smart Home System",
    category: "Digital",
    image: "/images/portfolio/iot-smart-home.svg",
    description:
      "Sensors, relays and a mobile app that control lighting, geysers and security from one screen.",
  },
  {
    id: "custom-pcb",
    title: "Custom PCB Design",
    category: "Hardware",
    image: "/images/portfolio/custom-pcb.svg",
    description:
      "A four-layer controller board designed, tested and taken to production for an industrial client.",
  },
  {
    id: "prototype",
    title: "Product Prototype",
    category: "Hardware",
    image: "/images/portfolio/prototype.svg",
    description:
      "A working handheld prototype with 3D-printed enclosure and firmware, ready for investor demos.",
  },
  {
    id: "gift-set",
    title: "Personalised Gift Set",
    category: "Bespoke",
    image: "/images/portfolio/gift-set.svg",
    description:
      "Engraved keepsake boxes and cards made to order for a corporate year-end function.",
  },
  {
    id: "interactive-dashboard",
    title: "Interactive Dashboard",
    category: "Digital",
    image: "/images/portfolio/interactive-dashboard.svg",
    description:
      "Live production figures and alerts on a web dashboard, fed by machines on the factory floor.",
  },
];

export const DIGITAL = {
  title: "Digital Solutions",
  intro:
    "From a first website to connected devices in the field, we design, build, host and support software that fits the way your business works.",
  viewServices: "View Our Services",
  consultation: "Book a Consultation",
  servicesHeading: "Our Digital Services",
  services: [
    {
      title: "Web Development",
      icon: "globe",
      description:
        "Fast, accessible websites and web applications, from company sites to online shops and portals.",
    },
    {
      title: "Mobile App Development",
      icon: "smartphone",
      description: "Android and iOS apps that work offline, sync reliably and are easy to use.",
    },
    {
      title: "Windows Desktop Apps",
      icon: "monitor",
      description:
        "Desktop software for the office and the workshop floor, including tools that talk to your hardware.",
    },
    {
      title: "Embedded/IoT Systems",
      icon: "cpu",
      description:
        "Connected sensors and controllers with the cloud services and dashboards that make sense of their data.",
    },
    {
      title: "Web & Email Hosting",
      icon: "server",
      description:
        "Managed hosting, domains and business e-mail with backups, monitoring and local support.",
    },
    {
      title: "Tech Consulting",
      icon: "lightbulb",
      description:
        "Independent advice on systems, suppliers and projects, so you spend on what makes a difference.",
    },
  ],
  techStackHeading: "Our Tech Stack",
  techStack: [
    "TypeScript",
    "React",
    "Node.js",
    "PostgreSQL",
    "React Native",
    "C# and .NET",
    "Python",
    "C and C++",
    "MQTT",
    "Linux",
    "Docker",
    "AWS",
  ],
  ctaHeading: "Have a project in mind?",
  ctaText: "Tell us what you need and we will come back with a plan and a quote.",
} as const;

export const HARDWARE = {
  title: "Hardware & Manufacturing",
  intro:
    "We take electronics from an idea on paper to tested boards in a box: design, firmware, prototypes and production runs, all managed from Durban.",
  prototypeButton: "Start Your Prototype",
  servicesHeading: "Our Hardware Services",
  services: [
    {
      title: "Hardware Design & R&D",
      icon: "pencil-ruler",
      description:
        "Schematics, PCB layout and component selection, with research into what is feasible and affordable.",
    },
    {
      title: "Embedded Systems & Firmware",
      icon: "cpu",
      description:
        "Reliable firmware for microcontrollers and embedded Linux, with updates that can be done in the field.",
    },
    {
      title: "Prototyping",
      icon: "wrench",
      description:
        "Working prototypes, enclosures and test rigs, so you can prove the idea before you invest in tooling.",
    },
    {
      title: "Mass Manufacturing",
      icon: "factory",
      description:
        "Production runs with trusted partners, quality checks on every batch and help with compliance.",
    },
  ],
  equipmentHeading: "Our Equipment",
} as const;

/**
 * docs/product.md §9: an equipment gallery of six items, the gallery a new install starts with
 * (decision 043: afterwards the owner's, under Settings → Equipment).
 */
export const EQUIPMENT_SEED = [
  {
    name: "Pick-and-place machine",
    image: "/images/equipment/pick-and-place.svg",
    description: "Automated placement of surface-mount parts for small production runs.",
  },
  {
    name: "Reflow oven",
    image: "/images/equipment/reflow-oven.svg",
    description: "Controlled soldering profiles for lead-free assemblies.",
  },
  {
    name: "3D printers",
    image: "/images/equipment/3d-printer.svg",
    description: "FDM and resin printers for enclosures, jigs and fixtures.",
  },
  {
    name: "Oscilloscopes and analysers",
    image: "/images/equipment/oscilloscope.svg",
    description: "Mixed-signal scopes and logic analysers for bring-up and debugging.",
  },
  {
    name: "Laser cutter and engraver",
    image: "/images/equipment/laser-cutter.svg",
    description: "Cutting and engraving wood, acrylic and leather for panels and gifts.",
  },
  {
    name: "Rework and soldering station",
    image: "/images/equipment/soldering-station.svg",
    description: "Hot-air and fine-pitch rework for prototypes and repairs.",
  },
] as const;

export const CONTACT_PAGE = {
  title: "Contact Us",
  intro:
    "Questions, quotes or a custom order: visit us, call, e-mail or send a message, and we will get back to you within one business day.",
  formHeading: "Send us a message",
  labels: {
    address: "Address",
    map: "View on a map",
    phone: "Phone",
    email: "Email",
    generalEmail: "General:",
    supportEmail: "Support:",
    hours: "Business Hours",
  },
} as const;

export const FOOTER = {
  blurb: `Digital solutions, hardware and manufacturing, and bespoke creations from ${COMPANY.address.suburb}, ${COMPANY.address.city}.`,
  exploreHeading: "Explore",
  newsletterHeading: "Newsletter",
  rights: "All rights reserved.",
} as const;

export const QUOTE_SECTION = {
  heading: "Get a Quote",
  intro: "Tell us about your project and we will get back to you with a quote.",
} as const;

export const NEWSLETTER_COPY = {
  footerIntro: "News about our projects, new bespoke collections and seasonal specials.",
  popupTitle: "Stay in the loop",
  popupText:
    "Subscribe to our newsletter for project news, new bespoke collections and seasonal specials.",
  thankYouTitle: "Thank you!",
  thankYouText: "You're on the list. Look out for our next newsletter.",
} as const;

/** /newsletter: the answer to a refused sign-up without JavaScript (decision 004). */
export const NEWSLETTER_PAGE = {
  title: "Newsletter",
  description: "Subscribe to our newsletter.",
  tryAgain: "You can try again with the newsletter form at the bottom of this page.",
  back: "Back to the page you were on",
} as const;

/** docs/product.md §2.1 "any other path": the 404 page. */
export const NOT_FOUND = {
  title: "Page not found",
  heading: "Oops! Page not found",
  homeLink: "Return to Home",
} as const;
