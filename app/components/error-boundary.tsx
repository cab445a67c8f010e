import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useShopContact } from "#app/components/site/use-shop-contact.ts";

/**
 * The generic screen for routing errors (docs/product.md §2.1). Never shows a stack trace or SQL to the
 * visitor: the server logs the details. A 503 is the database being out of reach (an admin
 * page during an outage): it says so, and that the same request will work again.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 503) return <DatabaseUnavailable />;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">
        {status === 404
          ? "The page you asked for could not be found."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
      <Link to="/" className="font-semibold text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}

/** What a page that needs the database says while it cannot be reached (503, Retry-After). */
export function DatabaseUnavailable() {
  // The details this process last read (the database itself cannot be read now).
  const shop = useShopContact();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Back in a moment</h1>
      <p className="text-muted-foreground">
        Our database cannot be reached just now, so this page cannot be shown. Nothing is wrong with
        your request: please try again in a minute (reload the page, or send the form again).
      </p>
      <p className="text-sm">
        Urgent? Call us on{" "}
        <a href={shop.phoneHref} className="font-semibold text-primary underline">
          {shop.phone}
        </a>
        .
      </p>
    </main>
  );
}
