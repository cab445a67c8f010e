/** docs/product.md §2.2 and §2.3: the navigation bar's and the footer's links. */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/digital", label: "Digital" },
  { to: "/hardware", label: "Hardware" },
  { to: "/crafts", label: "Bespoke" },
  { to: "/contact", label: "Contact" },
] as const;

export const FOOTER_LINKS = [
  { to: "/digital", label: "Digital Solutions" },
  { to: "/hardware", label: "Hardware & Manufacturing" },
  { to: "/crafts", label: "Bespoke Creations" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/sitemap", label: "Sitemap" },
] as const;

/** docs/product.md §2.12 /sitemap: links to these nine routes. */
export const SITEMAP_LINKS = [
  { to: "/", label: "Home" },
  { to: "/digital", label: "Digital Solutions" },
  { to: "/hardware", label: "Hardware & Manufacturing" },
  { to: "/crafts", label: "Bespoke Creations" },
  { to: "/contact", label: "Contact Us" },
  { to: "/cart", label: "Cart" },
  { to: "/checkout", label: "Checkout" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
] as const;
