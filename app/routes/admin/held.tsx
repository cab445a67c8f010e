import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { HeldList, VerdictCounters } from "#app/components/admin/held-submissions.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { formFields } from "#app/lib/forms.ts";
import { HELD_TITLE } from "#app/lib/held.ts";
import { toast } from "#app/lib/toast.ts";
import { HeldActionSchema } from "#app/lib/validation/held.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import { verdictCounts } from "#app/server/spam/form-guard.server.ts";
import {
  deleteHeldSubmission,
  listHeldSubmissions,
  releaseHeldSubmission,
} from "#app/server/spam/held.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/held";

/*
 * "Held as possible spam" (decisions 016 and 015): quote requests, contact messages
 * and newsletter sign-ups that looked like a script but may be a person. Nothing of them was
 * e-mailed; Release sends them down the normal path, Delete erases them.
 */

export const meta: Route.MetaFunction = () => [
  { title: `${HELD_TITLE} | Admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const [requests, subscribers, counts] = await Promise.all([
    listHeldSubmissions(db, "requests"),
    listHeldSubmissions(db, "subscribers"),
    verdictCounts(db),
  ]);
  return { requests, subscribers, counts };
}

const RELEASED: Record<string, string> = {
  quote: "The quote request is now in Quote Requests and its notification is on its way.",
  contact: "The message is now in Quote Requests and its notification is on its way.",
  newsletter: "The address is now a subscriber and the welcome e-mail is on its way.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  const { db, logger } = services;
  const parsed = HeldActionSchema.safeParse(formFields(readForm(context, HeldActionSchema)));
  const failure = (title: string, description: string, status: number) =>
    data({ ok: false, toast: toast({ title, description, type: "destructive" }) }, { status });
  if (!parsed.success) {
    return failure("Nothing was changed", "Please choose a held submission.", 400);
  }
  const { intent, id } = parsed.data;
  const title = intent === "release" ? "Error releasing submission" : "Error deleting submission";
  try {
    const result =
      intent === "release"
        ? await releaseHeldSubmission(db, await withBusinessDetails(services), admin, id)
        : await deleteHeldSubmission(db, admin, id);
    if (!result.ok) {
      return result.reason === "gone"
        ? failure(title, "That submission is no longer held.", 404)
        : failure(title, "That submission can no longer be read; delete it instead.", 422);
    }
    if (result.outcome === "deleted") {
      return data({
        ok: true,
        toast: toast({ title: "Submission deleted", type: "success" }),
      });
    }
    return data({
      ok: true,
      toast: toast({
        title: "Submission released",
        description:
          result.outcome === "already-subscribed"
            ? "That address was already subscribed: nothing else to do."
            : RELEASED[result.form],
        type: "success",
      }),
    });
  } catch (error) {
    logger.error({ err: error, intent }, "admin: changing a held submission failed");
    return failure(title, "Nothing was changed. Please try again.", 500);
  }
}

export default function HeldPage({ loaderData }: Route.ComponentProps) {
  const { requests, subscribers, counts } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title={HELD_TITLE}
        description="Submissions that arrived faster than a person types, from a page open for over 12 hours, sent twice with one form, or without a valid form stamp. Nothing was e-mailed for them. Release one that a real person sent: it is then stored and its notification sent, as if it had just arrived. Held submissions are deleted after 30 days."
      />
      <HeldList
        id="held-requests"
        title="Quote requests and messages"
        emptyText="No quote requests or messages are held."
        list={requests}
      />
      <HeldList
        id="held-subscribers"
        title="Newsletter sign-ups"
        emptyText="No newsletter sign-ups are held."
        list={subscribers}
      />
      <VerdictCounters counts={counts} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching held submissions</AlertTitle>
      <AlertDescription>
        The held submissions could not be loaded. Please try again.
      </AlertDescription>
    </Alert>
  );
}
