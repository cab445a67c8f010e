import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { hasLineBreaks } from "./text.ts";

/** docs/product.md §6.2 "Sign-in" / "Create account": the messages are the product's, character for character. */
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_MESSAGE = "Password must be at least 6 characters";
export const PASSWORD_MISMATCH_MESSAGE = "Passwords do not match";
/** docs/product.md §9 "Password minimum". */
export const PASSWORD_MIN_LENGTH = 6;

// docs/product.md §6.2 gives the e-mail one message: a line break in it is just an invalid address.
const email = z
  .string({ error: EMAIL_MESSAGE })
  .refine((value) => !hasLineBreaks(value), EMAIL_MESSAGE)
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));
// Upper bound only to keep hashing cheap against absurd inputs; not a product rule.
const password = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGE)
  .max(1024, "Password must be at most 1024 characters");

export const LoginSchema = z.object({
  intent: z.literal("login"),
  email,
  password,
  redirectTo: z.string().optional(),
});

export const SignupSchema = z
  .object({
    intent: z.literal("signup"),
    email,
    password,
    confirmPassword: z
      .string({ error: PASSWORD_MESSAGE })
      .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGE)
      .max(1024, "Password must be at most 1024 characters"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });

/**
 * /admin/users: grant or revoke the admin role of one user, or dismiss an account's request
 * for access (which deletes the account).
 */
export const AdminToggleSchema = z.object({
  intent: z.enum(["grant", "revoke", "dismiss"]),
  userId: z.uuid(),
});

export type LoginInput = z.infer<typeof LoginSchema>;
export type SignupInput = z.infer<typeof SignupSchema>;
