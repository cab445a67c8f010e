import { Link, redirect } from "react-router";
import { NoticeBox } from "#app/components/site/form-parts.tsx";
import { NEWSLETTER_PAGE } from "#app/content/site.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import {
  newsletterAction,
  newsletterActionRan,
} from "#app/server/newsletter/form-action.server.ts";
import type { Route } from "./+types/newsletter";

/** The answer page of the newsletter form; not kept by the page cache (decision 011). */
export const handle = { pageCache: false } satisfies PageCacheHandle;

/*
 * POST /newsletter: the footer form and the home popup subscribe here. With JavaScript the
 * answer goes to the form; without it a success goes back to the page the visitor was on,
 * and a refusal (invalid address, too many submissions, a failure on our side) is this page,
 * with the refusal's status code, its message and a way back.
 */
export function action({ context }: Route.ActionArgs) {
  return newsletterAction(context);
}

// A 429 tells when to try again, with or without JavaScript.
export const headers: Route.HeadersFunction = retryAfterHeaders;

/**
 * Nothing to show at this address except an action's answer (React Router runs the loaders
 * after the action, in the same request): a visitor who opens it is sent home.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(newsletterActionRan)) throw redirect("/");
  return null;
}

/** The answer on this page never changes by reloading data (a fetcher's post elsewhere). */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: NEWSLETTER_PAGE.title,
    description: NEWSLETTER_PAGE.description,
    path: "/newsletter",
    noindex: true,
  });

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const error = result?.status === "error";
  const returnTo = result && "returnTo" in result && result.returnTo ? result.returnTo : "/";
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-5 px-4 py-20">
      <h1 className="text-3xl font-bold tracking-tight">{NEWSLETTER_PAGE.title}</h1>
      {result ? <NoticeBox result={result} /> : null}
      {error ? <p>{NEWSLETTER_PAGE.tryAgain}</p> : null}
      <Link to={returnTo} className="font-semibold text-primary underline underline-offset-4">
        {NEWSLETTER_PAGE.back}
      </Link>
    </section>
  );
}
