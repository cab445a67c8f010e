import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { PASSKEY_NAME_MAX } from "../passkeys.ts";
import { CURRENT_PASSWORD_MESSAGE } from "./account.ts";
import { looksLikeLinkOrMarkup, singleLineString } from "./text.ts";

/*
 * The passkey forms and WebAuthn calls of the account and login pages
 * (docs/product.md §3.13, §3.1; decision 036), one schema per form or call. Checked on the
 * server only: the account page's script must not import this module, or the zod code it
 * needs joins the public pages' shared zod chunk (tests/process/page-weight.test.ts).
 */

export const PASSKEY_NAME_MESSAGE = "Please give the passkey a name (at most 60 characters)";
export const PASSKEY_NAME_LINK_MESSAGE = "Please use a plain name, without web addresses or < >.";

const passkeyName = singleLineString({ error: PASSKEY_NAME_MESSAGE })
  .trim()
  .min(1, PASSKEY_NAME_MESSAGE)
  .max(PASSKEY_NAME_MAX, PASSKEY_NAME_MESSAGE)
  // The name is e-mailed to the owner: no links or markup in the shop's own words.
  .refine((value) => !looksLikeLinkOrMarkup(value), PASSKEY_NAME_LINK_MESSAGE);

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_MESSAGE })
  .min(1, CURRENT_PASSWORD_MESSAGE)
  .max(1024, CURRENT_PASSWORD_MESSAGE);

/** A WebAuthn response as the browser library gives it, sent as one JSON field. */
const webAuthnResponse = z
  .string()
  .max(16_384)
  .transform((value, ctx) => {
    try {
      const parsed: unknown = JSON.parse(value);
      const shape = z
        .looseObject({
          id: z.string().min(1).max(1024),
          rawId: z.string().max(1024),
          type: z.literal("public-key"),
          response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
          clientExtensionResults: z.looseObject({}),
        })
        .safeParse(parsed);
      if (shape.success) return shape.data;
    } catch {
      // Falls through to the issue below.
    }
    ctx.addIssue({ code: "custom", message: "Not a passkey response" });
    return z.NEVER;
  });

/** The account page's "Add a passkey": a name and the current password, before the browser asks. */
export const AddPasskeySchema = z.object({
  intent: z.literal("add-passkey"),
  name: passkeyName,
  currentPassword,
});

/** The account page's second step: the browser's new credential, under the name given. */
export const RegisterPasskeySchema = z.object({
  intent: z.literal("register-passkey"),
  name: passkeyName,
  response: webAuthnResponse,
});

/** The login page's "Use a passkey": a challenge, first. */
export const PasskeySignInOptionsSchema = z.object({ intent: z.literal("passkey-options") });

/** The login page's "Use a passkey": the browser's signed answer. */
export const PasskeySignInSchema = z.object({
  intent: z.literal("passkey"),
  redirectTo: z.string().max(2048).optional(),
  response: webAuthnResponse,
});

/** The account page's "Remove" beside a passkey. */
export const RemovePasskeySchema = z.object({
  intent: z.literal("remove-passkey"),
  passkeyId: z.uuid(),
  currentPassword,
});

/** The account page's "Rename" beside a passkey. */
export const RenamePasskeySchema = z.object({
  intent: z.literal("rename-passkey"),
  passkeyId: z.uuid(),
  name: passkeyName,
});
