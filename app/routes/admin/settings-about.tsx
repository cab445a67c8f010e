import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { AboutSectionForm } from "#app/components/admin/settings/about-section-form.tsx";
import { SettingsTabs } from "#app/components/admin/settings/settings-tabs.tsx";
import { toast } from "#app/lib/toast.ts";
import { AboutSectionSchema } from "#app/lib/validation/about.ts";
import { uploadErrorMessage } from "#app/lib/validation/catalog.ts";
import { getServices } from "#app/server/context.server.ts";
import { settingsRefusal } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  aboutSectionForForm,
  loadAboutSection,
  saveAboutSection,
} from "#app/server/site/about-section.server.ts";
import { ImageRejectedError, processImage } from "#app/server/storage/images.server.ts";
import { StorageWriteError } from "#app/server/storage/storage.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/settings-about";
import { imageStoreErrorMessage } from "./upload-errors.server.ts";

/*
 * /admin/settings/about (decision 044): the home page's About heading, text and video (the
 * shipped one, an uploaded file, or a YouTube/Vimeo link), with an optional poster.
 */

export const meta: Route.MetaFunction = () => [{ title: "About section | Settings | Admin" }];

/** The fields that show their own error on the page. */
const SHOWN_FIELDS = [
  "heading",
  "text",
  "videoSource",
  "videoLink",
  "videoFile",
  "videoTitle",
  "poster",
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { values: aboutSectionForForm(await loadAboutSection(getServices(context).db)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, logger, storage } = getServices(context);
  const submission = parseWithZod(readForm(context, AboutSectionSchema), {
    schema: AboutSectionSchema,
  });
  const { refused, invalid } = settingsRefusal(submission, SHOWN_FIELDS);
  if (submission.status !== "success") return invalid();
  const { videoFile, poster: posterFile, ...fields } = submission.value;
  let poster: Awaited<ReturnType<typeof processImage>> | undefined;
  if (posterFile && posterFile.size > 0) {
    try {
      poster = await processImage(new Uint8Array(await posterFile.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return refused(422, uploadErrorMessage(error.reason), {
        fieldErrors: { poster: [error.reason] },
      });
    }
  }
  try {
    const result = await saveAboutSection(
      db,
      storage,
      admin,
      {
        ...fields,
        videoFile:
          videoFile && videoFile.size > 0
            ? new Uint8Array(await videoFile.arrayBuffer())
            : undefined,
        poster,
      },
      { onCleanupError: (err, url) => logger.warn({ err, url }, "about: file cleanup failed") },
    );
    if (!result.ok) {
      // Above the form too: a file field the browser sent empty shows no error of its own.
      return refused(422, result.message, {
        formErrors: [result.message],
        fieldErrors: { [result.field]: [result.message] },
      });
    }
    return data({
      result: submission.reply(),
      toast: toast({
        type: "success",
        title: result.changes.length ? "About section saved" : "Nothing to save",
        description: result.changes.length
          ? `Changed: ${result.changes.map((change) => change.field).join(", ")}.`
          : "The section was already as shown.",
      }),
      saved: result.changes.length > 0,
    });
  } catch (error) {
    if (!(error instanceof StorageWriteError)) throw error;
    logger.error({ err: error }, "about: storing a file failed");
    const message = imageStoreErrorMessage(error.reason);
    return refused(500, message, { formErrors: [message] });
  }
}

export default function AboutSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="The About section of the home page: its heading, text and video."
      />
      <SettingsTabs />
      <AboutSectionForm
        values={loaderData.values}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        saved={actionData?.saved ?? false}
      />
    </>
  );
}
