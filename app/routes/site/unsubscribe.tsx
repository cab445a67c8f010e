import { data, Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { throwAsUnavailable } from "#app/server/http/database-unavailable.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import {
  isSubscribed,
  readUnsubscribeToken,
  unsubscribe,
} from "#app/server/newsletter/subscribers.server.ts";
import type { Route } from "./+types/unsubscribe";

/** One subscriber's link; never kept by the page cache (decision 011). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

/*
 * The signed unsubscribe link from every newsletter e-mail (POPIA). GET only shows a
 * confirmation button, so mail scanners that open links do not unsubscribe anyone; POST
 * removes the address, and also answers RFC 8058 one-click (List-Unsubscribe-Post).
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getServices(context);
  const email = readUnsubscribeToken(env.SESSION_SECRET, params.token);
  if (!email) throw data("This unsubscribe link is not valid.", { status: 404 });
  // An old link opened again says so, instead of offering to remove the address once more.
  return { email, subscribed: await isSubscribed(db, email).catch(throwAsUnavailable) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db, env, logger, rateLimits, clock } = getServices(context);
  const email = readUnsubscribeToken(env.SESSION_SECRET, params.token);
  // A script hammering the action is stopped (decision 010), but per link, not per sender:
  // a mailbox provider posts every one-click unsubscribe of its users from a few servers
  // (RFC 8058), and none of those may be refused. Forged links count per sender.
  const limit = await rateLimits.consume(
    "publicForm",
    email ? `unsubscribe:${email}` : getClientAddress(context),
  );
  if (!limit.allowed) {
    return data(
      {
        done: false as const,
        refused: `Too many submissions. Please try again in ${limit.retryAfterSeconds} seconds.`,
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (!email) throw data("This unsubscribe link is not valid.", { status: 404 });
  const removed = await unsubscribe(db, email, clock());
  logger.info({ removed }, "newsletter unsubscribe");
  return { done: true as const, refused: null };
}

/** The Retry-After of a 429 reaches the visitor with the page. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Unsubscribe",
    description: "Unsubscribe from our newsletter.",
    path: `/newsletter/unsubscribe/${params.token}`,
    noindex: true,
  });

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-5 px-4 py-20">
      <h1 className="text-3xl font-bold tracking-tight">Unsubscribe</h1>
      {actionData?.done ? (
        <div role="status" className="space-y-3">
          <p className="text-lg">
            {loaderData.email} has been removed from our newsletter. You will receive no further
            newsletters from us.
          </p>
          <Link to="/" className="font-semibold text-primary underline underline-offset-4">
            Return to Home
          </Link>
        </div>
      ) : !loaderData.subscribed && !actionData ? (
        <div role="status" className="space-y-3">
          <p className="text-lg">
            {`${loaderData.email} is not on our newsletter. You will receive no newsletters from us.`}
          </p>
          <Link to="/" className="font-semibold text-primary underline underline-offset-4">
            Return to Home
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-4">
          {actionData?.refused ? (
            <p role="alert" className="font-medium text-destructive">
              {actionData.refused}
            </p>
          ) : null}
          <p className="text-lg">
            Remove <strong>{loaderData.email}</strong> from our newsletter?
          </p>
          <Button type="submit" size="lg">
            Unsubscribe
          </Button>
        </Form>
      )}
    </section>
  );
}

/** A link that is not ours says so; a failure on our side must not blame the link. */
export function ErrorBoundary() {
  const error = useRouteError();
  const invalidLink = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <h1 className="text-3xl font-bold tracking-tight">Unsubscribe</h1>
      <p className="mt-4">
        {invalidLink
          ? "This unsubscribe link is not valid. E-mail us and we will remove your address by hand."
          : unavailable
            ? "Our database cannot be reached just now. Please try again in a minute: the link will work again. Or e-mail us and we will remove your address by hand."
            : "We could not remove your address just now. Please try again in a moment, or e-mail us and we will remove it by hand."}
      </p>
    </section>
  );
}
