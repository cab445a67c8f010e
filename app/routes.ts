import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// The route table, in the order of docs/product.md §2 and §3.
export default [
  route("robots.txt", "routes/site/robots.ts"),
  route("sitemap.xml", "routes/site/sitemap-xml.ts"),
  layout("routes/site/_layout.tsx", [
    index("routes/site/home.tsx"),
    route("digital", "routes/site/digital.tsx"),
    route("hardware", "routes/site/hardware.tsx"),
    route("crafts", "routes/site/crafts.tsx"),
    route("products/:id", "routes/site/product.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("cart", "routes/site/cart.tsx"),
    route("checkout", "routes/site/checkout.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("sitemap", "routes/site/sitemap.tsx"),
    route("newsletter", "routes/site/newsletter.tsx"),
    route("newsletter/unsubscribe/:token", "routes/site/unsubscribe.tsx"),
    // Beyond the original: the double opt-in link (docs/product.md §3.10 "States").
    route("newsletter/confirm/:token", "routes/site/newsletter-confirm.tsx"),
    // Beyond the original: the buyer's private order page, linked from the confirmation
    // e-mail (decision 014).
    route("orders/:token", "routes/site/order.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Beyond the original: the order's printable invoice, outside the layouts so that it prints
  // as the document alone (docs/product.md §3.9 "Invoice").
  route("orders/:token/invoice", "routes/site/order-invoice.tsx"),
  // The cart's re-pricing: current names and prices of the cart's product ids (decision 005).
  route("resources/cart-prices", "routes/site/cart-prices.ts"),

  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    // Beyond the original: the code after the password (docs/product.md §3.15).
    route("login/two-step", "routes/admin/login-two-step.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    // Beyond the original: a forgotten password reset by e-mail (docs/product.md §3.14).
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password/:token", "routes/admin/reset-password.tsx"),
    // CSV downloads (decision 009): resource routes, guarded like every admin route.
    route("orders/export.csv", "routes/admin/orders/export.ts"),
    route("subscribers/export.csv", "routes/admin/subscribers-export.ts"),
    route("quote-requests/export.csv", "routes/admin/quote-requests-export.ts"),
    // The audit log as recorded (raw actions and details), for other tools.
    route("audit/export.csv", "routes/admin/audit-export.ts"),
    // A person's data as JSON (docs/product.md §3.16), guarded like every admin route.
    route("personal-data/export.json", "routes/admin/personal-data-export.ts"),
    // The whole shop as one file (decision 019): a streamed download, like the CSVs.
    route("system/backup", "routes/admin/system-backup.ts"),
    route("orders/:id/invoice", "routes/admin/orders/invoice.tsx"),
    layout("routes/admin/_layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("products", "routes/admin/products/index.tsx"),
      route("products/new", "routes/admin/products/new.tsx"),
      route("products/:id", "routes/admin/products/edit.tsx"),
      route("categories", "routes/admin/categories/index.tsx"),
      route("categories/new", "routes/admin/categories/new.tsx"),
      route("categories/manager", "routes/admin/categories/manager.tsx"),
      route("categories/:id", "routes/admin/categories/edit.tsx"),
      route("orders", "routes/admin/orders/index.tsx"),
      route("orders/:id", "routes/admin/orders/detail.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      // Beyond the original: newsletters written and sent to the subscribers (decision 045).
      route("newsletters", "routes/admin/newsletters.tsx"),
      route("newsletters/:id", "routes/admin/newsletter.tsx"),
      route("quote-requests", "routes/admin/quote-requests.tsx"),
      // Beyond the original: submissions held as possible spam (decision 016).
      route("held", "routes/admin/held.tsx"),
      route("users", "routes/admin/users.tsx"),
      // Beyond the original: the e-mail outbox (decision 003).
      route("email", "routes/admin/email.tsx"),
      // Beyond the original: who changed what, and when (decision 010).
      route("audit", "routes/admin/audit.tsx"),
      // Beyond the original: what the site runs on, and its backup (decision 019).
      route("system", "routes/admin/system.tsx"),
      // Beyond the original: the admin's own password and sessions (docs/product.md §3.13).
      route("account", "routes/admin/account.tsx"),
      // Beyond the original: a person's data, exported or erased (docs/product.md §3.16).
      route("personal-data", "routes/admin/personal-data.tsx"),
      // Beyond the original: what the owner edits about the site (decision 042).
      route("settings", "routes/admin/settings.tsx"),
      route("settings/hero-tiles", "routes/admin/settings-hero-tiles.tsx"),
      route("settings/about", "routes/admin/settings-about.tsx"),
      route("settings/legal/:page", "routes/admin/settings-legal.tsx"),
      // The portfolio and the equipment gallery (decision 043): `:kind` is one of the two.
      route("settings/:kind", "routes/admin/settings-showcase.tsx"),
      route("settings/:kind/:id", "routes/admin/settings-showcase-entry.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
