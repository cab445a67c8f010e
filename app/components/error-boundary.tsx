import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * The spec's generic screen for routing errors. Never shows a stack trace or SQL to the
 * visitor: the server logs the details.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
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
