import { Link } from "react-router";
import { FOOTER_LINKS } from "#app/content/navigation.ts";
import { FOOTER } from "#app/content/site.ts";
import { businessPhoneHref } from "#app/lib/business.ts";
import { Logo } from "./logo.tsx";
import { useBusinessDetails } from "./use-business-details.ts";

export function Footer({ newsletter }: { newsletter?: React.ReactNode }) {
  const business = useBusinessDetails();
  return (
    <footer className="bg-ink text-ink-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Logo inverted />
          <p className="max-w-xs text-sm text-ink-muted">{FOOTER.blurb}</p>
          <p className="text-sm">
            <a href={businessPhoneHref(business)} className="hover:text-white hover:underline">
              {business.phone}
            </a>
            <br />
            <a
              href={`mailto:${business.generalEmail}`}
              className="[overflow-wrap:anywhere] hover:text-white hover:underline"
            >
              {business.generalEmail}
            </a>
          </p>
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
          © {new Date().getFullYear()} {business.legalName}. {FOOTER.rights}
        </p>
      </div>
    </footer>
  );
}
