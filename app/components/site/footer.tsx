import { Link } from "react-router";
import { COMPANY } from "#app/content/company.ts";
import { FOOTER_LINKS } from "#app/content/navigation.ts";
import { FOOTER } from "#app/content/site.ts";
import { Logo } from "./logo.tsx";

export function Footer({ newsletter }: { newsletter?: React.ReactNode }) {
  return (
    <footer className="bg-ink text-ink-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Logo inverted />
          <p className="max-w-xs text-sm text-ink-muted">{FOOTER.blurb}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            {FOOTER.exploreHeading}
          </h2>
          <ul className="grid gap-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            {FOOTER.newsletterHeading}
          </h2>
          {newsletter}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-ink-subtle sm:px-6">
          © {new Date().getFullYear()} {COMPANY.legalName}. {FOOTER.rights}
        </p>
      </div>
    </footer>
  );
}
