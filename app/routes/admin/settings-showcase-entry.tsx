import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { SettingsTabs } from "#app/components/admin/settings/settings-tabs.tsx";
import { ShowcaseEntryForm } from "#app/components/admin/settings/showcase-entry-form.tsx";
import { SHOWCASE_LABELS, showcaseAdminPath } from "#app/lib/showcase.ts";
import { toast } from "#app/lib/toast.ts";
import { uploadErrorMessage } from "#app/lib/validation/catalog.ts";
import { SHOWCASE_MESSAGES, showcaseEntrySchema } from "#app/lib/validation/showcase.ts";
import { getServices } from "#app/server/context.server.ts";
import { settingsRefusal } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import {
  getShowcaseEntry,
  saveShowcaseEntry,
  showcaseKindOf,
} from "#app/server/site/showcase.server.ts";
import { ImageRejectedError, processImage } from "#app/server/storage/images.server.ts";
import { StorageWriteError } from "#app/server/storage/storage.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/settings-showcase-entry";
import { imageStoreErrorMessage } from "./upload-errors.server.ts";

/*
 * /admin/settings/portfolio/new, /admin/settings/portfolio/<id> and the same for equipment
 * (decision 043): one entry's form. A new entry is added last and opens as itself once saved.
 */

/** The fields that show their own error on the page. */
const SHOWN_FIELDS = ["title", "division", "description", "linkUrl", "image"];

/** After adding, the entry's own page says so (and links to the site). */
const ADDED = "added";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.heading ?? "Settings"} | Settings | Admin` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const kind = showcaseKindOf(params);
  const labels = SHOWCASE_LABELS[kind];
  if (params.id === "new") {
    return { kind, entry: null, heading: `New ${labels.entry}`, added: false };
  }
  const entry = await getShowcaseEntry(getServices(context).db, kind, params.id);
  if (!entry) throw data(`There is no such ${labels.entry}.`, { status: 404 });
  const added = new URL(request.url).searchParams.has(ADDED);
  return { kind, entry, heading: `Edit "${entry.title}"`, added };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const kind = showcaseKindOf(params);
  const labels = SHOWCASE_LABELS[kind];
  const { db, env, logger, storage } = getServices(context);
  const schema = showcaseEntrySchema(kind);
  const submission = parseWithZod(readForm(context, schema), { schema });
  const { refused, invalid } = settingsRefusal(submission, SHOWN_FIELDS);
  if (submission.status !== "success") return invalid();
  const { image: file, ...fields } = { division: null, linkUrl: null, ...submission.value };
  const id = params.id === "new" ? null : params.id;
  if (id === null && !(file && file.size > 0)) {
    // Above the form too: a field the browser sent nothing for shows no error of its own.
    return refused(400, SHOWCASE_MESSAGES.image, {
      formErrors: [SHOWCASE_MESSAGES.image],
      fieldErrors: { image: [SHOWCASE_MESSAGES.image] },
    });
  }
  let image: Awaited<ReturnType<typeof processImage>> | undefined;
  if (file && file.size > 0) {
    try {
      image = await processImage(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return refused(422, uploadErrorMessage(error.reason), {
        fieldErrors: { image: [error.reason] },
      });
    }
  }
  try {
    const result = await saveShowcaseEntry(
      db,
      storage,
      admin,
      kind,
      id,
      { ...fields, image },
      {
        onCleanupError: (err, url) => logger.warn({ err, url }, "showcase: image cleanup failed"),
      },
    );
    if (!result.ok) {
      if (result.code === "not-found") {
        return redirectWithToast(env, showcaseAdminPath(kind), {
          type: "destructive",
          title: "Nothing was saved",
          description: result.message,
        });
      }
      return refused(400, result.message, { fieldErrors: { image: [result.message] } });
    }
    if (result.created) {
      return redirectWithToast(env, `${showcaseAdminPath(kind)}/${result.id}?${ADDED}`, {
        type: "success",
        title: `${labels.Entry} added`,
        description: `"${result.title}" is on the site now, last in the list.`,
      });
    }
    return data({
      result: submission.reply(),
      toast: toast({
        type: "success",
        title: result.changes.length ? `${labels.Entry} saved` : "Nothing to save",
        description: result.changes.length
          ? `Changed: ${result.changes.map((change) => change.field).join(", ")}.`
          : `The ${labels.entry} was already as shown.`,
      }),
      saved: result.changes.length > 0,
    });
  } catch (error) {
    if (!(error instanceof StorageWriteError)) throw error;
    // Rolled back: the entry is as it was, and the picture's files were removed again.
    logger.error({ err: error, id }, "showcase: storing the picture failed");
    return refused(500, imageStoreErrorMessage(error.reason), {
      fieldErrors: { image: [imageStoreErrorMessage(error.reason)] },
    });
  }
}

export default function ShowcaseEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const labels = SHOWCASE_LABELS[loaderData.kind];
  return (
    <>
      <AdminPageHeader title="Settings" description={labels.description} />
      <SettingsTabs />
      <h2 className="mb-4 text-xl font-semibold break-words">{loaderData.heading}</h2>
      <ShowcaseEntryForm
        key={loaderData.entry?.id ?? "new"}
        kind={loaderData.kind}
        entry={loaderData.entry}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        saved={loaderData.added || (actionData?.saved ?? false)}
      />
    </>
  );
}
