import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { DeleteTarget } from "#app/components/admin/delete-confirmation.tsx";
import { formatLongDateTime, johannesburgDateTimeValue } from "#app/lib/dates.ts";
import {
  type AdminNewsletter,
  NEWSLETTERS_PATH,
  type NewsletterAnswer,
  type NewsletterPreview,
  newsletterPath,
  subjectOrPlaceholder,
  subscriberCount,
} from "#app/lib/newsletters.ts";
import { toast } from "#app/lib/toast.ts";
import { uploadErrorMessage } from "#app/lib/validation/catalog.ts";
import {
  johannesburgDateTime,
  NEWSLETTER_BODY_MAX,
  NEWSLETTER_INTENTS,
  NEWSLETTER_MESSAGES,
  type NewsletterDraft,
  NewsletterDraftSchema,
  NewsletterImageSchema,
  type NewsletterIntent,
  NewsletterSendSchema,
} from "#app/lib/validation/newsletters.ts";
import { adoptImage } from "#app/server/catalog/catalog-images.server.ts";
import { type AppServices, getServices } from "#app/server/context.server.ts";
import { hasUnshownErrors, INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { countSubscribedAddresses } from "#app/server/newsletter/newsletter-audience.server.ts";
import {
  deleteNewsletter,
  getNewsletter,
  type Newsletter,
  newsletterProgress,
  pauseNewsletter,
  previewNewsletter,
  resumeNewsletter,
  saveNewsletterDraft,
  sendNewsletterTest,
  startNewsletter,
  unscheduleNewsletter,
} from "#app/server/newsletter/newsletters.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import { ImageRejectedError, processImage } from "#app/server/storage/images.server.ts";
import { StorageWriteError } from "#app/server/storage/storage.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import { imageStoreErrorMessage } from "./upload-errors.server.ts";

/*
 * /admin/newsletters/<id> (docs/product.md §3.18): what the page needs, and its action. Every
 * button of the page posts an intent; the draft's fields come along with "Save draft", "Insert
 * picture" (without JavaScript), "Send a test to me" and "Send", so what the owner sees is what
 * is saved first. The rules are newsletters.server.ts's; this reads the form and answers.
 */

type Context = Readonly<RouterContextProvider>;
type Actor = Awaited<ReturnType<typeof requireAdmin>>;

/** The fields of the page's form that show their own errors. */
const SHOWN_FIELDS = [
  "subject",
  "preheader",
  "body",
  "image",
  "alt",
  "when",
  "sendAt",
  "ratePerMinute",
];
const SENT_STATES = new Set(["sending", "paused", "sent"]);

const notFound = () => data(NEWSLETTER_MESSAGES.notFound, { status: 404 });

function adminView(row: Newsletter): AdminNewsletter {
  const { createdBy: _createdBy, ...view } = row;
  return view;
}

/** The e-mail as the signed-in admin would get it (the test's address, its own link). */
async function previewOf(
  services: AppServices,
  draft: Pick<Newsletter, "subject" | "preheader" | "body">,
  email: string,
  savedAt: Date,
): Promise<NewsletterPreview> {
  const { html, text } = previewNewsletter(await withBusinessDetails(services), draft, email);
  return { html, text, savedAt: savedAt.toISOString() };
}

export async function loadNewsletterPage(request: Request, context: Context, id: string) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  const row = await getNewsletter(services.db, id);
  if (!row) throw notFound();
  const draft = row.status === "draft";
  const audience = draft ? await countSubscribedAddresses(services.db) : null;
  const progress = SENT_STATES.has(row.status) ? await newsletterProgress(services.db, row) : null;
  // Without JavaScript, "Delete draft" asks here first (`?delete=<id>`, as the lists do).
  const asked = new URL(request.url).searchParams.get("delete") === row.id;
  const confirmDelete: DeleteTarget | null =
    draft && asked ? { id: row.id, name: subjectOrPlaceholder(row.subject) } : null;
  return {
    newsletter: adminView(row),
    preview: await previewOf(services, row, admin.email, row.updatedAt),
    audience,
    progress,
    adminEmail: admin.email,
    /** The earliest time "Send later" takes, as the field's minimum. */
    earliest: johannesburgDateTimeValue(services.clock()),
    confirmDelete,
  };
}

const isIntent = (value: unknown): value is NewsletterIntent =>
  NEWSLETTER_INTENTS.includes(value as NewsletterIntent);

const REFUSAL_TITLES: Record<NewsletterIntent, string> = {
  save: "Nothing was saved",
  image: "The picture was not inserted",
  test: "No test was sent",
  send: "Nothing was sent",
  pause: "Not paused",
  resume: "Not resumed",
  unschedule: "The schedule stays",
  delete: "Nothing was deleted",
};

type Errors = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
type Reply = { reply(options?: Errors): NewsletterAnswer["result"] };

/** A refusal: its status, a notice, the message on the page, the fields as sent. */
function refuse(
  intent: NewsletterIntent | null,
  status: number,
  message: string,
  submission?: Reply,
  errors: Errors = {},
) {
  return data<NewsletterAnswer>(
    {
      intent,
      result: submission?.reply(errors),
      toast: toast({
        type: "destructive",
        title: intent ? REFUSAL_TITLES[intent] : "Nothing was changed",
        description: message,
      }),
      message,
    },
    { status },
  );
}

/** The field a domain refusal is about, so it shows beside that field too. */
function fieldOf(message: string): string | null {
  if (message === NEWSLETTER_MESSAGES.subject) return "subject";
  if (message === NEWSLETTER_MESSAGES.body) return "body";
  if (message === NEWSLETTER_MESSAGES.sendAt) return "sendAt";
  return null;
}

function refuseFrom(
  intent: NewsletterIntent,
  refusal: { status: number; message: string },
  submission?: Reply,
) {
  const field = fieldOf(refusal.message);
  return refuse(
    intent,
    refusal.status,
    refusal.message,
    submission,
    field ? { fieldErrors: { [field]: [refusal.message] } } : {},
  );
}

/** Saves the draft as sent, when it differs from the stored one (a re-post writes nothing). */
async function saveIfChanged(services: AppServices, id: string, draft: NewsletterDraft) {
  const row = await getNewsletter(services.db, id);
  if (!row) return { ok: false as const, status: 404, message: NEWSLETTER_MESSAGES.notFound };
  const same =
    row.subject === draft.subject && row.preheader === draft.preheader && row.body === draft.body;
  if (same && row.status === "draft") return { ok: true as const, updatedAt: row.updatedAt };
  return saveNewsletterDraft(services.db, id, draft, services.clock());
}

/** `![description](address)` on a line of its own; "]" would end the description early. */
function pictureLine(alt: string, url: string) {
  const description = alt.replace(/[[\]]/g, "").trim() || "Picture";
  return `![${description}](${url})`;
}

/** The text with a picture's line at its end, after a blank line. */
export function appendPicture(body: string, line: string) {
  const text = body.replace(/\s+$/, "");
  return text ? `${text}\n\n${line}\n` : `${line}\n`;
}

export async function newsletterAction(request: Request, context: Context, id: string) {
  const admin = await requireAdmin(request, context);
  const formData = readForm(
    context,
    [NewsletterDraftSchema, NewsletterSendSchema, NewsletterImageSchema],
    ["intent", "confirmed"],
  );
  const intent = formData.get("intent");
  if (!isIntent(intent)) return refuse(null, 400, INCOMPLETE_FORM_MESSAGE);
  const services = getServices(context);
  const draftSent = formData.has("body");
  const draft = parseWithZod(formData, { schema: NewsletterDraftSchema });
  if (draftSent && draft.status !== "success") {
    return hasUnshownErrors(draft.error, SHOWN_FIELDS)
      ? refuse(intent, 400, INCOMPLETE_FORM_MESSAGE, draft)
      : refuse(intent, 400, "Please correct the fields marked below.", draft);
  }
  const text = draftSent && draft.status === "success" ? draft.value : null;

  switch (intent) {
    case "save": {
      if (!text) return refuse(intent, 400, INCOMPLETE_FORM_MESSAGE, draft);
      const saved = await saveIfChanged(services, id, text);
      if (!saved.ok) return refuseFrom(intent, saved, draft);
      return data<NewsletterAnswer>({
        intent,
        result: draft.reply(),
        saved: {
          at: saved.updatedAt.toISOString(),
          preview: await previewOf(services, text, admin.email, saved.updatedAt),
        },
      });
    }
    case "image":
      return insertPicture(services, formData, id, text, admin);
    case "test": {
      if (text) {
        const saved = await saveIfChanged(services, id, text);
        if (!saved.ok) return refuseFrom(intent, saved, draft);
      }
      const env = await withBusinessDetails(services);
      const sent = await sendNewsletterTest(services.db, env, id, admin);
      if (!sent.ok) return refuseFrom(intent, sent, text ? draft : undefined);
      const notice = `A test is on its way to ${sent.to}.`;
      return data<NewsletterAnswer>({
        intent,
        result: text ? draft.reply() : undefined,
        toast: toast({ type: "success", title: "Test sent", description: notice }),
        notice,
      });
    }
    case "send":
      return send(services, formData, id, text, admin, draft);
    case "delete": {
      const deleted = await deleteNewsletter(services.db, id, admin);
      if (!deleted.ok) return refuseFrom(intent, deleted);
      return redirectWithToast(services.env, NEWSLETTERS_PATH, {
        type: "success",
        title: "Draft deleted",
        description: `"${subjectOrPlaceholder(deleted.subject)}" was deleted.`,
      });
    }
    case "pause":
    case "resume":
    case "unschedule": {
      const changed =
        intent === "pause"
          ? await pauseNewsletter(services.db, id, admin)
          : intent === "resume"
            ? await resumeNewsletter(services.db, id, admin, services.clock())
            : await unscheduleNewsletter(services.db, id, admin);
      if (!changed.ok) return refuseFrom(intent, changed);
      const done = {
        pause: ["Paused", "No more e-mails go out until you resume it."],
        resume: ["Resumed", "The e-mails not yet sent go out again at the same pace."],
        unschedule: ["Schedule cancelled", "It is a draft again: change it, or send it later."],
      }[intent];
      return redirectWithToast(services.env, newsletterPath(id), {
        type: "success",
        title: done[0]!,
        description: done[1],
      });
    }
  }
}

/** "Insert picture": stores it like a product photo and answers with its line of Markdown. */
async function insertPicture(
  services: AppServices,
  formData: FormData,
  id: string,
  text: NewsletterDraft | null,
  admin: Actor,
) {
  const submission = parseWithZod(formData, { schema: NewsletterImageSchema });
  const file = formData.get("image");
  if (!(file instanceof File) || file.size === 0) {
    return refuse("image", 400, NEWSLETTER_MESSAGES.image, submission, {
      fieldErrors: { image: [NEWSLETTER_MESSAGES.image] },
    });
  }
  if (submission.status !== "success") {
    return refuse("image", 400, "Please correct the fields marked below.", submission);
  }
  const row = await getNewsletter(services.db, id);
  if (!row) return refuse("image", 404, NEWSLETTER_MESSAGES.notFound);
  if (row.status !== "draft") return refuse("image", 409, NEWSLETTER_MESSAGES.notDraft);
  let url: string;
  try {
    const image = await processImage(new Uint8Array(await file.arrayBuffer()));
    // Never collected again: sent e-mails link to it for as long as they are kept.
    url = await services.db.transaction((tx) =>
      adoptImage(tx, services.storage, "newsletter", image),
    );
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      const message = uploadErrorMessage(error.reason);
      return refuse("image", 422, message, submission, { fieldErrors: { image: [message] } });
    }
    if (!(error instanceof StorageWriteError)) throw error;
    services.logger.error({ err: error, id }, "newsletter: storing a picture failed");
    const message = imageStoreErrorMessage(error.reason);
    return refuse("image", 500, message, submission, { fieldErrors: { image: [message] } });
  }
  const markdown = pictureLine(submission.value.alt, url);
  const picture = { markdown, id: crypto.randomUUID() };
  if (!text) return data<NewsletterAnswer>({ intent: "image", picture });
  // Without JavaScript the text came along: the line goes at its end and the draft is saved.
  const body = appendPicture(text.body, markdown);
  if (body.length > NEWSLETTER_BODY_MAX) {
    return refuse("image", 422, NEWSLETTER_MESSAGES.bodyTooLong, submission, {
      fieldErrors: { body: [NEWSLETTER_MESSAGES.bodyTooLong] },
    });
  }
  const saved = await saveIfChanged(services, id, { ...text, body });
  if (!saved.ok) return refuseFrom("image", saved);
  return data<NewsletterAnswer>({
    intent: "image",
    picture,
    toast: toast({ type: "success", title: "Picture inserted", description: markdown }),
    notice: "The picture was added at the end of the text.",
    saved: {
      at: saved.updatedAt.toISOString(),
      preview: await previewOf(services, { ...text, body }, admin.email, saved.updatedAt),
    },
  });
}

/** "Send": asks first (the page without JavaScript), then sends now or schedules. */
async function send(
  services: AppServices,
  formData: FormData,
  id: string,
  text: NewsletterDraft | null,
  admin: Actor,
  draft: Reply,
) {
  const submission = parseWithZod(formData, { schema: NewsletterSendSchema });
  if (submission.status !== "success") {
    return hasUnshownErrors(submission.error, SHOWN_FIELDS)
      ? refuse("send", 400, INCOMPLETE_FORM_MESSAGE, submission)
      : refuse("send", 400, "Please correct the fields marked below.", submission);
  }
  const { when, ratePerMinute } = submission.value;
  const sendAt = when === "later" ? (submission.value.sendAt ?? null) : null;
  const at = sendAt ? johannesburgDateTime(sendAt) : null;
  if (at && Number.isNaN(at.getTime())) {
    return refuse("send", 400, NEWSLETTER_MESSAGES.sendAt, submission, {
      fieldErrors: { sendAt: [NEWSLETTER_MESSAGES.sendAt] },
    });
  }
  if (text) {
    const saved = await saveIfChanged(services, id, text);
    if (!saved.ok) return refuseFrom("send", saved, draft);
  }
  if (formData.get("confirmed") !== "yes") {
    const row = await getNewsletter(services.db, id);
    if (!row) return refuse("send", 404, NEWSLETTER_MESSAGES.notFound);
    if (row.status !== "draft") return refuse("send", 409, NEWSLETTER_MESSAGES.notDraft);
    // What sending would refuse is said now rather than after the question.
    if (!row.subject.trim())
      return refuseFrom("send", { status: 422, message: NEWSLETTER_MESSAGES.subject }, draft);
    if (!row.body.trim())
      return refuseFrom("send", { status: 422, message: NEWSLETTER_MESSAGES.body }, draft);
    const audience = await countSubscribedAddresses(services.db);
    if (audience === 0) return refuse("send", 422, NEWSLETTER_MESSAGES.noSubscribers, submission);
    return data<NewsletterAnswer>({
      intent: "send",
      result: submission.reply(),
      confirmSend: { when, sendAt, ratePerMinute, audience },
    });
  }
  const started = await startNewsletter(
    services.db,
    id,
    { at, ratePerMinute },
    admin,
    services.clock(),
  );
  if (!started.ok) return refuseFrom("send", started, submission);
  const row = await getNewsletter(services.db, id);
  const subject = subjectOrPlaceholder(row?.subject ?? "");
  return redirectWithToast(
    services.env,
    newsletterPath(id),
    started.status === "sending"
      ? {
          type: "success",
          title: "Sending started",
          description: `"${subject}" is on its way to ${subscriberCount(started.recipients)}.`,
        }
      : {
          type: "success",
          title: "Scheduled",
          description: `"${subject}" goes out on ${formatLongDateTime(started.at)}.`,
        },
  );
}
