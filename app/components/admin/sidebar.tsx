import {
  DatabaseBackupIcon,
  FolderTreeIcon,
  HistoryIcon,
  HomeIcon,
  LayoutDashboardIcon,
  LayoutListIcon,
  LogOutIcon,
  MailIcon,
  MenuIcon,
  MessageSquareQuoteIcon,
  NewspaperIcon,
  PackageIcon,
  SendIcon,
  SettingsIcon,
  ShieldAlertIcon,
  ShoppingBagIcon,
  UserSearchIcon,
  UsersIcon,
  XIcon,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Logo } from "#app/components/site/logo.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { ADMIN_SECTIONS, ADMIN_TOOLS, isActiveSection } from "#app/content/admin-navigation.ts";
import { cn } from "#app/lib/utils.ts";

const ICONS: Record<string, typeof HomeIcon> = {
  "/admin/dashboard": LayoutDashboardIcon,
  "/admin/products": PackageIcon,
  "/admin/categories": FolderTreeIcon,
  "/admin/orders": ShoppingBagIcon,
  "/admin/subscribers": MailIcon,
  "/admin/newsletters": NewspaperIcon,
  "/admin/quote-requests": MessageSquareQuoteIcon,
  "/admin/users": UsersIcon,
  "/admin/held": ShieldAlertIcon,
  "/admin/email": SendIcon,
  "/admin/audit": HistoryIcon,
  "/admin/system": DatabaseBackupIcon,
  "/admin/personal-data": UserSearchIcon,
  "/admin/settings": SettingsIcon,
};

function SectionLinks({
  pathname,
  sections,
}: {
  pathname: string;
  sections: readonly { to: string; label: string }[];
}) {
  return (
    <ul className="flex flex-col gap-1">
      {sections.map((section) => {
        // Not the house: that one is the link to the main website.
        const Icon = ICONS[section.to] ?? LayoutListIcon;
        const active = isActiveSection(pathname, section.to);
        return (
          <li key={section.to}>
            <Link
              to={section.to}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                active
                  ? "bg-primary text-primary-foreground"
                  : "text-ink-foreground hover:bg-white/10",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {section.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SidebarFooter({ email, pathname }: { email?: string; pathname: string }) {
  return (
    <div className="mt-auto flex flex-col gap-1 border-t border-white/10 pt-4">
      {email ? (
        // docs/product.md §3.13: the account page (password, sessions) is behind the name.
        <Link
          to="/admin/account"
          aria-current={pathname === "/admin/account" ? "page" : undefined}
          className="block truncate rounded-md px-3 pb-2 pt-1 text-xs text-ink-muted hover:bg-white/10 aria-[current=page]:bg-white/10"
          title={`${email}: your account`}
        >
          Signed in as <span className="font-medium text-white underline">{email}</span>
        </Link>
      ) : null}
      <Link
        to="/"
        className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-ink-foreground hover:bg-white/10"
      >
        <HomeIcon className="size-4" aria-hidden="true" />
        Main website
      </Link>
      <Form method="post" action="/admin/logout">
        <button
          type="submit"
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-ink-foreground hover:bg-white/10"
        >
          <LogOutIcon className="size-4" aria-hidden="true" />
          Sign Out
        </button>
      </Form>
    </div>
  );
}

/** The admin sidebar, or a collapsible menu on small screens. */
export function AdminSidebar({ email }: { email?: string }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on navigation
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      {/* A header (banner landmark), so its links are inside a landmark like everything else. */}
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between bg-ink px-4 lg:hidden">
        <Link to="/admin/dashboard" aria-label="Admin dashboard">
          <Logo inverted />
        </Link>
        <button
          type="button"
          className={cn(
            buttonVariants({ variant: "ghost", size: "icon" }),
            "text-white hover:bg-white/10",
          )}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close admin menu" : "Open admin menu"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
        </button>
      </header>
      <nav
        id={menuId}
        aria-label="Admin"
        // A laptop's short screen cannot always hold every link and Sign Out: the bar scrolls
        // inside its own dark background instead of running out of it.
        className={cn(
          "flex-col gap-6 bg-ink p-4 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-64 lg:shrink-0 lg:overflow-y-auto",
          open ? "flex" : "hidden",
        )}
      >
        <Link
          to="/admin/dashboard"
          className="hidden px-2 pt-2 lg:block"
          aria-label="Admin dashboard"
        >
          <Logo inverted />
        </Link>
        <SectionLinks pathname={pathname} sections={ADMIN_SECTIONS} />
        <div className="flex flex-col gap-1">
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-ink-subtle">
            System
          </p>
          <SectionLinks pathname={pathname} sections={ADMIN_TOOLS} />
        </div>
        <SidebarFooter email={email} pathname={pathname} />
      </nav>
    </>
  );
}
