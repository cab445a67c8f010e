import { data, Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { throwAsUnavailable } from "#app/server/http/database-unavailable.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import {
  confirmSubscription,
  readConfirmation,
  type UnusableLink,
} from "#app/server/newsletter/subscribers.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import type { Route } from "./+types/newsletter-confirm";

/** One person's link; never kept by the page cache (decision 011). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

/*
 * The link in a newsletter confirmation e-mail (docs/product.md §3.10 "States"). GET only
 * shows a button, so a mail scanner that opens links confirms nobody; POST confirms.
 */

/** What a link that cannot be used says (never which addresses exist). */
const UNUSABLE_LINK_TEXT = {
  expired:
    "This confirmation link has expired: links work for 7 days. Subscribe again and we will send a new one.",
  invalid:
    "This confirmation link is not valid, or it has been used already. If you have confirmed, you are subscribed; otherwise subscribe again and we will send a new link.",
} as const satisfies Record<UnusableLink["status"], string>;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, clock } = getServices(context);
  return readConfirmation(db, params.token, clock()).catch(throwAsUnavailable);
}

export async function action({ params, context }: Route.ActionArgs) {
  const services = getServices(context);
  // Like every public form: a script trying tokens is stopped (decision 010).
  const limit = await services.rateLimits.consume("publicForm", getClientAddress(context));
  if (!limit.allowed) {
    return data(
      {
        result: null,
        refused: `Too many submissions. Please try again in ${limit.retryAfterSeconds} seconds.`,
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const result = await confirmSubscription(
    services.db,
    await withBusinessDetails(services),
    params.token,
    services.clock(),
  ).catch(throwAsUnavailable);
  if (result.status === "confirmed") return { result, refused: null };
  // The answer names the problem itself, for a client reading only the data.
  return data(
    { result, refused: UNUSABLE_LINK_TEXT[result.status] },
    { status: result.status === "expired" ? 410 : 404 },
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Confirm your subscription",
    description: "Confirm your subscription to our newsletter.",
    path: "/newsletter/confirm",
    noindex: true,
  });

const HOME_LINK = (
  <Link to="/" className="font-semibold text-primary underline underline-offset-4">
    Return to Home
  </Link>
);

function LinkProblem({ result }: { result: UnusableLink }) {
  return (
    <div role="status" className="space-y-3">
      <p className="text-lg">{UNUSABLE_LINK_TEXT[result.status]}</p>
      {HOME_LINK}
    </div>
  );
}

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.result;
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-5 px-4 py-20">
      <h1 className="text-3xl font-bold tracking-tight">Confirm your subscription</h1>
      {done?.status === "confirmed" ? (
        <div role="status" className="space-y-3">
          <p className="text-lg">
            Thank you: {done.email} is now subscribed to our newsletter. Every newsletter has a link
            to unsubscribe.
          </p>
          {HOME_LINK}
        </div>
      ) : done ? (
        <LinkProblem result={done} />
      ) : loaderData.status !== "valid" ? (
        <LinkProblem result={loaderData} />
      ) : (
        <Form method="post" className="space-y-4">
          {actionData?.refused ? (
            <p role="alert" className="font-medium text-destructive">
              {actionData.refused}
            </p>
          ) : null}
          <p className="text-lg">
            Subscribe <strong>{loaderData.email}</strong> to our newsletter?
          </p>
          <Button type="submit" size="lg">
            Confirm my subscription
          </Button>
        </Form>
      )}
    </section>
  );
}
