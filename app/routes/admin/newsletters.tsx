import { data, redirect } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import {
  NewNewsletterButton,
  NewsletterList,
} from "#app/components/admin/newsletters/newsletter-list.tsx";
import { newsletterPath } from "#app/lib/newsletters.ts";
import { toast } from "#app/lib/toast.ts";
import { getServices } from "#app/server/context.server.ts";
import { INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { createNewsletter, listNewsletters } from "#app/server/newsletter/newsletters.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/newsletters";

/*
 * /admin/newsletters (docs/product.md §3.18): every newsletter, newest first, with its state,
 * and "New newsletter", a POST that starts an empty draft and opens it.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Newsletters | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { newsletters: await listNewsletters(getServices(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  // The page's one form: "New newsletter" (no fields but its button's intent).
  if (readForm(context, [], ["intent"]).get("intent") !== "create") {
    return data(
      {
        toast: toast({
          type: "destructive",
          title: "Nothing was changed",
          description: INCOMPLETE_FORM_MESSAGE,
        }),
        message: INCOMPLETE_FORM_MESSAGE,
      },
      { status: 400 },
    );
  }
  const id = await createNewsletter(getServices(context).db, admin);
  return redirect(newsletterPath(id));
}

export default function NewslettersPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Newsletters"
        description="Write a newsletter and send it to the people who subscribed."
        actions={<NewNewsletterButton />}
      />
      <NewsletterList
        newsletters={loaderData.newsletters}
        refusal={actionData ? { toast: actionData.toast, message: actionData.message } : null}
      />
    </>
  );
}
