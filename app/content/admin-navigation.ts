/**
 * docs/product.md §3.2: the seven sections, in order, with Newsletters (§3.18, beyond the
 * original) beside the subscribers they go to.
 */
export const ADMIN_SECTIONS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/newsletters", label: "Newsletters" },
  { to: "/admin/quote-requests", label: "Quote Requests" },
  { to: "/admin/users", label: "User Access" },
] as const;

/**
 * Beyond the original: the system pages an owner needs to trust the site (decisions 003, 010 and 019),
 * listed after the seven sections under their own heading.
 */
export const ADMIN_TOOLS = [
  { to: "/admin/held", label: "Held as Possible Spam" },
  { to: "/admin/email", label: "E-mail" },
  { to: "/admin/audit", label: "Audit Log" },
  { to: "/admin/personal-data", label: "Personal Data" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/system", label: "System" },
] as const;

/** The active section is highlighted by path prefix. */
export function isActiveSection(pathname: string, sectionPath: string): boolean {
  return pathname === sectionPath || pathname.startsWith(`${sectionPath}/`);
}
