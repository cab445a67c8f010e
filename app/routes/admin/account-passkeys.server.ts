import { data, type RouterContextProvider } from "react-router";
import { formFields } from "#app/lib/forms.ts";
import { type AddPasskeyAnswer, PASSKEY_MESSAGES } from "#app/lib/passkeys.ts";
import { toast } from "#app/lib/toast.ts";
import {
  AddPasskeySchema,
  RegisterPasskeySchema,
  RemovePasskeySchema,
  RenamePasskeySchema,
} from "#app/lib/validation/passkeys.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import {
  finishPasskeyRegistration,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from "#app/server/users/passkeys.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";
import { tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";

/*
 * The account page's passkey forms (docs/product.md §3.13, decision 036). "Add a passkey" is
 * two calls from the page's script: the name and current password, answered with the
 * browser's options (AddPasskeyAnswer), then the browser's new credential. Rename and Remove
 * are plain form posts. Each answer that changes something carries the page's notice.
 */

export const PASSKEY_INTENTS = [
  "add-passkey",
  "register-passkey",
  "rename-passkey",
  "remove-passkey",
] as const;

export const PASSKEY_SCHEMAS = [
  AddPasskeySchema,
  RegisterPasskeySchema,
  RenamePasskeySchema,
  RemovePasskeySchema,
];

type Notice = { title: string; message: string };

const answer = (notice: Notice, status = 200, headers?: HeadersInit) =>
  data(
    {
      notice,
      toast: toast({
        title: notice.title,
        description: notice.message,
        type: notice.title === "Error" ? "destructive" : "success",
      }),
    },
    { status, headers },
  );

/** A refused form's message: a field's own, or "incomplete" for what only a page sends. */
function firstMessage(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const own = issues.find(
    (issue) => issue.path[0] === "name" || issue.path[0] === "currentPassword",
  );
  return own?.message ?? INCOMPLETE_FORM_MESSAGE;
}

const error = (message: string, status: number, headers?: HeadersInit) =>
  answer({ title: "Error", message }, status, headers);

export async function passkeyAction(
  context: Readonly<RouterContextProvider>,
  me: SessionUser,
  formData: FormData,
) {
  const services = getServices(context);
  const clientAddress = getClientAddress(context);
  const fields = formFields(formData);
  const intent = formData.get("intent");

  if (intent === "add-passkey") {
    const parsed = AddPasskeySchema.safeParse(fields);
    if (!parsed.success) {
      const message = firstMessage(parsed.error.issues);
      return data<AddPasskeyAnswer>({ passkey: "failed", message }, { status: 400 });
    }
    const started = await startPasskeyRegistration(services, me, parsed.data);
    if (started.kind === "options") {
      return data<AddPasskeyAnswer>({
        passkey: "options",
        options: started.options,
        name: parsed.data.name,
      });
    }
    if (started.kind === "rate-limited") {
      return data<AddPasskeyAnswer>(
        { passkey: "failed", message: tooManyAttemptsMessage(started.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(started.retryAfterSeconds) } },
      );
    }
    return data<AddPasskeyAnswer>(
      started.kind === "wrong-password"
        ? { passkey: "failed", message: PASSKEY_MESSAGES.wrongPassword }
        : { passkey: "failed", message: PASSKEY_MESSAGES.tooMany },
      { status: 400 },
    );
  }

  if (intent === "register-passkey") {
    const parsed = RegisterPasskeySchema.safeParse(fields);
    if (!parsed.success) return error(PASSKEY_MESSAGES.invalid, 400);
    const added = await finishPasskeyRegistration(services, me, { ...parsed.data, clientAddress });
    if (added.kind === "added") {
      return answer({
        title: "Passkey added",
        message: `"${parsed.data.name}" can now sign you in. We sent you an e-mail about it.`,
      });
    }
    const message =
      added.kind === "expired"
        ? PASSKEY_MESSAGES.expired
        : added.kind === "duplicate"
          ? PASSKEY_MESSAGES.duplicate
          : PASSKEY_MESSAGES.invalid;
    return error(message, added.kind === "duplicate" ? 409 : 400);
  }

  if (intent === "rename-passkey") {
    const parsed = RenamePasskeySchema.safeParse(fields);
    if (!parsed.success) {
      return error(firstMessage(parsed.error.issues), 400);
    }
    const renamed = await renamePasskey(services, me, parsed.data);
    return renamed === "renamed"
      ? answer({ title: "Passkey renamed", message: `The passkey is now "${parsed.data.name}".` })
      : error("That passkey no longer exists.", 404);
  }

  const parsed = RemovePasskeySchema.safeParse(fields);
  if (!parsed.success) {
    return error(firstMessage(parsed.error.issues), 400);
  }
  const removed = await removePasskey(services, me, { ...parsed.data, clientAddress });
  if (removed.kind === "rate-limited") {
    return error(tooManyAttemptsMessage(removed.retryAfterSeconds), 429, {
      "Retry-After": String(removed.retryAfterSeconds),
    });
  }
  if (removed.kind === "wrong-password") return error(PASSKEY_MESSAGES.wrongPassword, 400);
  if (removed.kind === "not-found") return error("That passkey no longer exists.", 404);
  return answer({
    title: "Passkey removed",
    message: "The passkey can no longer sign you in. We sent you an e-mail about it.",
  });
}
