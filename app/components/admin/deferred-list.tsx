import { Suspense } from "react";
import { Await, isRouteErrorResponse, Navigate, useAsyncError } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";

/*
 * An admin list whose rows may still be on their way (spec §2 'Loading products...',
 * 'Loading categories...'). The server renders the rows at once; on client navigation the
 * route's clientLoader hands over the server loader's promise, so the page shows at once
 * with the loading text and fills in when the server answers. A new `suspenseKey` (e.g. a new
 * search) shows the loading text again; a revalidation keeps the old rows until the new ones
 * arrive.
 */
export function DeferredList<T>({
  resolve,
  suspenseKey,
  loading,
  errorTitle,
  errorText,
  children,
}: {
  resolve: T | Promise<T>;
  suspenseKey?: string;
  loading: string;
  errorTitle: string;
  errorText: (message: string) => string;
  children: (value: T) => React.ReactNode;
}) {
  return (
    <Suspense
      key={suspenseKey}
      fallback={
        <p role="status" className="p-6 text-center text-sm text-muted-foreground">
          {loading}
        </p>
      }
    >
      <Await resolve={resolve} errorElement={<DeferredError title={errorTitle} text={errorText} />}>
        {children}
      </Await>
    </Suspense>
  );
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
