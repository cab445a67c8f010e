import { NavLink } from "react-router";
import { cn } from "#app/lib/utils.ts";

const TABS = [
  { to: "/admin/settings", label: "Business details" },
  { to: "/admin/settings/about", label: "About" },
  { to: "/admin/settings/portfolio", label: "Portfolio" },
  { to: "/admin/settings/equipment", label: "Equipment" },
  { to: "/admin/settings/hero-tiles", label: "Shop hero tiles" },
  { to: "/admin/settings/legal/privacy", label: "Privacy policy" },
  { to: "/admin/settings/legal/terms", label: "Terms of service" },
] as const;

/** The parts of Settings (decision 042), as links: each is a page of its own. */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings" className="mb-6 flex flex-wrap gap-2">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.to === "/admin/settings"}
          className={({ isActive }) =>
            cn(
              "inline-flex min-h-11 items-center rounded-md border px-4 text-sm font-medium",
              isActive
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:bg-muted",
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
