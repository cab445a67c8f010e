import { data, Link } from "react-router";
import { NOT_FOUND } from "#app/content/site.ts";
import { getServices } from "#app/server/context.server.ts";
import { redactUrl } from "#app/server/http/log-redaction.server.ts";
import type { Route } from "./+types/not-found";

/** Any other path (docs/product.md §2.1): the 404 page, with the path logged as a warning. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  getServices(context).logger.warn({ path: redactUrl(pathname) }, "404: no page at this path");
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: NOT_FOUND.title },
  { name: "robots", content: "noindex" },
];

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="text-2xl font-bold">{NOT_FOUND.heading}</h1>
      <Link to="/" className="font-semibold text-primary underline underline-offset-4">
        {NOT_FOUND.homeLink}
      </Link>
    </section>
  );
}
