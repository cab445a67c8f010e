import { useEffect } from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { Footer } from "#app/components/site/footer.tsx";
import { Navbar } from "#app/components/site/navbar.tsx";
import { NewsletterForm } from "#app/components/site/newsletter-form.tsx";
import { SkipLink } from "#app/components/ui/skip-link.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { useFocusHashTarget } from "#app/lib/focus-hash-target.ts";
import { recordFormSubmissions } from "#app/lib/form-submissions.ts";
import type { Toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";
import { getServices } from "#app/server/context.server.ts";
import { throwAsUnavailable } from "#app/server/http/database-unavailable.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { getRequestInfo } from "#app/server/http/request-info.server.ts";
import { footerDetails } from "#app/server/site/business-details.server.ts";
import type { Route } from "./+types/_layout";

/**
 * The signed "form served at" time for every public form on the page (anti-spam), and the
 * business details the footer shows (decision 042; /contact and the order page send theirs).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const formStamp =
    getRequestInfo(context).formStamp ?? createFormStamp(services.env.SESSION_SECRET);
  const business = await services.business.get().catch(throwAsUnavailable);
  return { formStamp, footer: footerDetails(business) };
}

/**
 * Without JavaScript the toaster cannot run: a notice flashed by a post/redirect/get (e.g.
 * the footer newsletter) is rendered here instead, at the top of the page.
 */
function FlashNotice() {
  const root = useRouteLoaderData("root") as { toast: Toast | null } | undefined;
  const hydrated = useHydrated();
  const toast = root?.toast;
  if (!toast || hydrated) return null;
  const error = toast.type === "destructive";
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
      <div
        role={error ? "alert" : "status"}
        className={cn(
          "rounded-lg border p-4 text-sm",
          error
            ? "border-destructive-border bg-destructive-surface text-destructive-text"
            : "border-success-border bg-success-surface text-success-text",
        )}
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
    </div>
  );
}

/** Public layout: the fixed navigation bar and the footer on every public page. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  useFocusHashTarget();
  // Any form sent on the public site keeps the newsletter popup away for a minute.
  useEffect(() => recordFormSubmissions(window.sessionStorage), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar />
      <main id="main" className="flex-1 pt-18">
        <FlashNotice />
        <Outlet />
      </main>
      <Footer
        details={loaderData.footer}
        newsletter={<NewsletterForm source="footer" inverted />}
      />
    </div>
  );
}
