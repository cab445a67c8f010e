import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { hasLineBreaks } from "./text.ts";
import { EMAIL_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from "./users.ts";

/*
 * The account page's and the password reset's forms (docs/product.md §3.13, §3.14), one
 * schema per form, shared by the browser (Conform) and the actions.
 */

/** docs/product.md §3.13: a new password has at least 12 characters. */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_LENGTH_MESSAGE = `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`;
/** Checked on the server only (the list is too large for the browser): decision 034. */
export const COMMON_PASSWORD_MESSAGE =
  "This password is on a list of common or breached passwords. Please choose another.";
export const CURRENT_PASSWORD_MESSAGE = "Please enter your current password";
export const WRONG_CURRENT_PASSWORD_MESSAGE = "Your current password is not correct";

const newPassword = z
  .string({ error: NEW_PASSWORD_LENGTH_MESSAGE })
  .min(NEW_PASSWORD_MIN_LENGTH, NEW_PASSWORD_LENGTH_MESSAGE)
  // Upper bound only to keep hashing cheap against absurd inputs; not a product rule.
  .max(1024, "Password must be at most 1024 characters");
const confirmPassword = z
  .string({ error: PASSWORD_MISMATCH_MESSAGE })
  .max(1024, "Password must be at most 1024 characters");

/** /admin/account "Change password". */
export const ChangePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_MESSAGE })
      .min(1, CURRENT_PASSWORD_MESSAGE)
      .max(1024, CURRENT_PASSWORD_MESSAGE),
    newPassword,
    confirmPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });

/** /admin/account "Sign out" beside one of the user's other sessions. */
export const EndSessionSchema = z.object({
  intent: z.literal("end-session"),
  /** The sessions row's id (the token's SHA-256, never the token). */
  sessionId: z.string().regex(/^[0-9a-f]{64}$/),
});

/** /admin/account "Sign out everywhere else". */
export const EndOtherSessionsSchema = z.object({ intent: z.literal("end-other-sessions") });

/** /admin/forgot-password: the address a reset link is sent to, if it has an account. */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .refine((value) => !hasLineBreaks(value), EMAIL_MESSAGE)
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email({ error: EMAIL_MESSAGE })),
});

/** /admin/reset-password/<token>: the new password (same rules as a change). */
export const ResetPasswordSchema = z
  .object({ newPassword, confirmPassword })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });
