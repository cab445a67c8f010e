import { ExternalLinkIcon } from "lucide-react";
import { Link } from "react-router";

/** After a save in Settings: what changed where, and a link to see it on the site. */
export function SavedNotice({ what, href }: { what: string; href: string }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-success-border bg-success-surface p-3 text-sm text-success-text"
    >
      {`Saved. ${what}:`}{" "}
      <Link to={href} className="font-semibold underline underline-offset-2">
        View on site
        <ExternalLinkIcon aria-hidden="true" className="ml-1 inline size-3.5" />
      </Link>
    </p>
  );
}
