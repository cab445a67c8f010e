import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import adminStylesheet from "../styles/admin.css?url";

/*
 * The page's styles (docs/performance.md). A public page carries its whole stylesheet (public.css, about
 * 7 KB compressed) inline in the head, so its first paint waits for no other file and it never
 * downloads admin CSS. An admin page links admin.css, every utility of the app.
 *
 * The CSS text reaches only the server's render (entry.server.tsx provides it): the browser
 * keeps the text the page arrived with, so the client bundle never carries it.
 */

/** What entry.server.tsx hands the render: the public stylesheet and this response's nonce. */
export interface InlineStyles {
  publicCss: string;
  nonce: string | undefined;
}

export const InlineStylesContext = createContext<InlineStyles | null>(null);

/** The inline sheet's name for React (written as data-href; not a URL that is fetched). */
const PUBLIC_STYLE_HREF = "public-styles";

/** The route ids of the admin's pages are their files under app/routes/admin/. */
export const isAdminRouteId = (id: string) => id.startsWith("routes/admin/");

export function PageStyles() {
  const server = useContext(InlineStylesContext);
  const admin = useMatches().some((match) => isAdminRouteId(match.id));
  if (admin) {
    // With a precedence React writes it first in the head (decision 012, addendum 2), waits
    // for it before showing an admin page after a client-side move, and never removes it: a
    // move back to the public site keeps it, and being a superset of public.css in the same
    // order it styles those pages as the inline sheet would.
    return <link rel="stylesheet" href={adminStylesheet} precedence="default" />;
  }
  // An inline sheet with a precedence is a resource to React, like the link: written first in
  // the head, found again by its href when the browser renders it (so the text need not be
  // there), and never removed, so it stays in place under an admin sheet added later.
  return (
    <style href={PUBLIC_STYLE_HREF} precedence="default" nonce={server?.nonce}>
      {server ? server.publicCss : ""}
    </style>
  );
}
