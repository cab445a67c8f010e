import { Link } from "react-router";
import { FOOTER_LINKS } from "#app/content/navigation.ts";
import { FOOTER } from "#app/content/site.ts";
import type { FooterDetails } from "#app/lib/business.ts";
import { Logo } from "./logo.tsx";

export function Footer({
  details,
  newsletter,
}: {
  /** The business details' footer part (the public layout's loader, decision 042). */
  details: FooterDetails;
  newsletter?: React.ReactNode;
}) {
  return (
    <footer className="bg-ink text-ink-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Logo inverted />
          <p className="max-w-xs text-sm text-ink-muted">{FOOTER.blurb}</p>
          {/* As the links beside it: a list with room between them (targets of 24 px). */}
          <ul className="grid gap-2 text-sm" aria-label="Call or e-mail us">
            <li>
              <a href={details.phoneHref} className="hover:text-white hover:underline">
                {details.phone}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${details.generalEmail}`}
                className="[overflow-wrap:anywhere] hover:text-white hover:underline"
              >
                {details.generalEmail}
              </a>
            </li>
          </ul>
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
          © {new Date().getFullYear()} {details.legalName}. {FOOTER.rights}
        </p>
      </div>
    </footer>
  );
}
