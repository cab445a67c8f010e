import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/error-boundary.tsx";
import { PageStyles } from "./components/page-styles.tsx";
import { Toaster, useShowToast } from "./components/toaster.tsx";
import { HydratedProvider } from "./components/use-hydrated.tsx";
import { getServices } from "./server/context.server.ts";
import { submittedFormMiddleware } from "./server/http/submitted-form.server.ts";
import { getToast } from "./server/http/toast.server.ts";
// The web font file of the site's own characters (Inter), the very file the stylesheets'
// first @font-face names; the second file (accented letters) loads only where one is shown.
import interCore from "./styles/fonts/inter-core-wght.woff2?url";

/** Where the web font is used: tablets and computers (design.css). */
const FONT_MEDIA = "(min-width: 48rem)";

export const links: Route.LinksFunction = () => [
  // Preloaded where it is used (from 48rem up; phones show their own font, design.css): the
  // font is otherwise found only after the stylesheet has been parsed, and the text swaps to
  // it late.
  {
    rel: "preload",
    href: interCore,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
    media: FONT_MEDIA,
  },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Before any action: every submitted body is read here, bounded and checked, or refused with
 * a 4xx (decision 020); actions take it with `readForm` (app/server/http/submitted-form.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [submittedFormMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const { toast, headers } = await getToast(env, request);
  return data({ publicUrl: env.PUBLIC_URL, toast }, { headers: headers ?? undefined });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Ahead of the script preloads: the first paint needs the styles, not the scripts. */}
        <PageStyles />
        <meta name="theme-color" content="#0b1220" />
        <Meta />
        <Links />
      </head>
      <body>
        <HydratedProvider>
          {children}
          <Toaster />
        </HydratedProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useShowToast(toast);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
