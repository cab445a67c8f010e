import { Suspense, useEffect } from "react";
import { Await, isRouteErrorResponse, Navigate, useAsyncError } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";

/*
 * An admin list whose rows may still be on their way (docs/product.md §3.4 'Loading products...',
 * 'Loading categories...', 'Loading subscribers...', 'Loading quote requests...', the orders'
 * six skeleton cards). The server renders the rows at once; arriving from another page, the
 * route's clientLoader hands over the server loader's promise, so the page shows at once
 * with its loading state and fills in when the server answers. Within the page the
 * clientLoader awaits the data (`pagePresence`), and the page shows its own pending state
 * (`useListPending`).
 */
/** What stands in for the rows while they load: the loading text, or e.g. skeleton cards. */
type LoadingState = { loading: string } | { fallback: React.ReactNode };

export function DeferredList<T>({
  resolve,
  errorTitle,
  errorText,
  children,
  ...shown
}: {
  resolve: T | Promise<T>;
  errorTitle: string;
  errorText: (message: string) => string;
  children: (value: T) => React.ReactNode;
} & LoadingState) {
  return (
    <Suspense
      fallback={"fallback" in shown ? shown.fallback : <LoadingStatus text={shown.loading} />}
    >
      <Await resolve={resolve} errorElement={<DeferredError title={errorTitle} text={errorText} />}>
        {children}
      </Await>
    </Suspense>
  );
}

/**
 * Another part of the page made from the same data as its DeferredList (a total, the pages):
 * `fallback` (nothing by default) while it loads, and nothing on failure, where the list
 * itself says what went wrong.
 */
export function DeferredPart<T>({
  resolve,
  fallback = null,
  children,
}: {
  resolve: T | Promise<T>;
  fallback?: React.ReactNode;
  children: (value: T) => React.ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      {/* An element that renders nothing, not null: without one, Await rethrows to the route. */}
      <Await resolve={resolve} errorElement={<Nothing />}>
        {children}
      </Await>
    </Suspense>
  );
}

/**
 * Whether a page is on screen, for its clientLoader. Arriving at the page from another one,
 * the clientLoader hands the server loader's promise to DeferredList, so the page shows at
 * once with its loading state. Within the page (a new search, filter or page, a dialog, a
 * revalidation after a change) it waits for the data instead, as without a clientLoader: the
 * page's own pending states apply (`useListWithDialog`) and the shown rows stay until the new
 * ones arrive.
 *
 * Create one per route module; its page component calls `useOnScreen()`.
 */
export function pagePresence() {
  let mounted = 0;
  return {
    /** True while the page's component is mounted. */
    isOnScreen: () => mounted > 0,
    useOnScreen() {
      useEffect(() => {
        mounted += 1;
        return () => {
          mounted -= 1;
        };
      }, []);
    },
  };
}

/** A list's loading text ('Loading subscribers...'), announced politely. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p role="status" className="p-6 text-center text-sm text-muted-foreground">
      {text}
    </p>
  );
}

function Nothing() {
  return null;
}

export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `HTTP ${error.status}`;
  if (error instanceof Error) return error.message;
  return "Unknown error";
}

function DeferredError({ title, text }: { title: string; text: (message: string) => string }) {
  const error = useAsyncError();
  // The guard answered with a redirect (e.g. the session expired): follow it.
  const location = error instanceof Response ? error.headers.get("Location") : null;
  if (location) return <Navigate to={location} replace />;
  return (
    <div className="p-4 sm:p-6">
      <Alert variant="destructive">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{text(errorMessage(error))}</AlertDescription>
      </Alert>
    </div>
  );
}
