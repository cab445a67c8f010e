import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";

/*
 * Two-step sign-in's forms (docs/product.md §3.15), one schema per form, shared by the
 * browser (Conform) and the actions.
 */

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const SIGN_IN_CODE_MESSAGE =
  "Enter the 6-digit code from your authenticator app, or one of your recovery codes";
export const WRONG_CODE_MESSAGE = "That code is not correct, or it was already used";
export const PASSWORD_OR_CODE_MESSAGE = "Enter your password or a current 6-digit code";
export const WRONG_PASSWORD_OR_CODE_MESSAGE =
  "That is neither your password nor a current code from your authenticator app";

/** A code from the app: six digits, spaces allowed (apps show "123 456"). */
const totpCode = z
  .string({ error: TOTP_CODE_MESSAGE })
  .transform((value) => value.replaceAll(/\s/g, ""))
  .pipe(z.string({ error: TOTP_CODE_MESSAGE }).regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** /admin/account: "Turn on two-step sign-in" (makes a secret to scan). */
export const StartTotpSchema = z.object({ intent: z.literal("totp-start") });

/** /admin/account: the first code from the app, which turns two-step sign-in on. */
export const ConfirmTotpSchema = z.object({ intent: z.literal("totp-confirm"), code: totpCode });

/** /admin/account: "Cancel" while setting it up (the unconfirmed secret is dropped). */
export const CancelTotpSchema = z.object({ intent: z.literal("totp-cancel") });

/** /admin/account: "Turn off two-step sign-in", with the password or a current code. */
export const DisableTwoStepSchema = z.object({
  intent: z.literal("two-step-off"),
  passwordOrCode: z
    .string({ error: PASSWORD_OR_CODE_MESSAGE })
    .min(1, PASSWORD_OR_CODE_MESSAGE)
    .max(1024, PASSWORD_OR_CODE_MESSAGE),
});

/**
 * /admin/login/two-step: a 6-digit code, or a recovery code (xxxx-xxxx-xxxx-xxxx) instead.
 * Which one it is, the server decides by its shape.
 */
export const TwoStepCodeSchema = z.object({
  code: z
    .string({ error: SIGN_IN_CODE_MESSAGE })
    .trim()
    .min(6, SIGN_IN_CODE_MESSAGE)
    .max(64, SIGN_IN_CODE_MESSAGE)
    // Digits, or a recovery code's letters and digits, with spaces or dashes between groups.
    .regex(/^[A-Za-z0-9 -]+$/, SIGN_IN_CODE_MESSAGE),
});
