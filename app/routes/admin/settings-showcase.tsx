import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import type { DeleteTarget } from "#app/components/admin/delete-confirmation.tsx";
import { SettingsTabs } from "#app/components/admin/settings/settings-tabs.tsx";
import { ShowcaseList } from "#app/components/admin/settings/showcase-list.tsx";
import { formFields } from "#app/lib/forms.ts";
import { isShowcaseKind, SHOWCASE_LABELS } from "#app/lib/showcase.ts";
import { toast } from "#app/lib/toast.ts";
import { ShowcaseListActionSchema } from "#app/lib/validation/showcase.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  changeShowcaseEntry,
  listShowcase,
  showcaseKindOf,
} from "#app/server/site/showcase.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/settings-showcase";

/*
 * /admin/settings/portfolio and /admin/settings/equipment (decision 043): the entries in the
 * site's order, each with move up/down, hide/show, edit and delete. Every button is a form, so
 * the page works without JavaScript; Delete asks first (in a dialog, or inline without script).
 */

export const meta: Route.MetaFunction = ({ params }) => [
  {
    title: `${isShowcaseKind(params.kind) ? SHOWCASE_LABELS[params.kind].title : "Settings"} | Settings | Admin`,
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const kind = showcaseKindOf(params);
  const entries = await listShowcase(getServices(context).db, kind);
  const deleteId = new URL(request.url).searchParams.get("delete");
  const target = entries.find((entry) => entry.id === deleteId);
  const confirmDelete: DeleteTarget | null = target ? { id: target.id, name: target.title } : null;
  return { kind, entries, confirmDelete };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const kind = showcaseKindOf(params);
  const { db, logger, storage } = getServices(context);
  const refused = (description: string, status: number) =>
    data(
      {
        toast: toast({ type: "destructive", title: "Nothing was changed", description }),
        done: false,
      },
      { status },
    );
  const parsed = ShowcaseListActionSchema.safeParse(
    formFields(readForm(context, ShowcaseListActionSchema)),
  );
  if (!parsed.success)
    return refused(`Choose the ${SHOWCASE_LABELS[kind].entry} and what to do with it.`, 400);
  const result = await changeShowcaseEntry(
    db,
    storage,
    admin,
    kind,
    parsed.data.intent,
    parsed.data.id,
    {
      onCleanupError: (err, url) => logger.warn({ err, url }, "showcase: image cleanup failed"),
    },
  );
  if (!result.ok) return refused(result.message, 404);
  return data({
    toast: toast({
      type: "success",
      title: `${SHOWCASE_LABELS[kind].Entry} ${result.done}`,
      description: `"${result.title}" ${result.done === "deleted" ? "was deleted" : `is ${result.done}`}.`,
    }),
    done: true,
  });
}

export default function ShowcaseSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const labels = SHOWCASE_LABELS[loaderData.kind];
  return (
    <>
      <AdminPageHeader title="Settings" description={labels.description} />
      <SettingsTabs />
      <ShowcaseList
        kind={loaderData.kind}
        entries={loaderData.entries}
        confirmDelete={loaderData.confirmDelete}
        answer={actionData}
      />
    </>
  );
}
