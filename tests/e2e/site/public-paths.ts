/** The public pages of spec section 2 with a fixed address (product pages come from /crafts). */
export const PUBLIC_PATHS = [
  "/",
  "/digital",
  "/hardware",
  "/crafts",
  "/contact",
  "/cart",
  "/checkout",
  "/privacy",
  "/terms",
  "/sitemap",
] as const;
