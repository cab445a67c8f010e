/*
 * The account page's passkeys (docs/product.md §3.13, decision 036): the shape the server
 * builds and the component renders, and the words both use.
 */

export interface AccountPasskey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A passkey's name: at most this many characters. */
export const PASSKEY_NAME_MAX = 60;

/** What the page says where passkeys cannot work without a script. */
export const PASSKEYS_NEED_JAVASCRIPT =
  "Passkeys need JavaScript in this browser. Signing in with your e-mail and password works without it.";

export const PASSKEY_MESSAGES = {
  wrongPassword: "Your current password is not correct",
  expired: "The passkey request expired or was already used. Please try again.",
  invalid: "That passkey could not be verified. Please try again.",
  duplicate: "That passkey is already on an account.",
  tooMany: "An account can hold at most 10 passkeys. Remove one first.",
  signInFailed: "That passkey could not sign you in. Use your e-mail and password instead.",
  cancelled: "No passkey was used.",
  unsupported: "This browser cannot use passkeys here. Use your e-mail and password instead.",
} as const;

/**
 * What the login page's "Use a passkey" calls answer (a success is the same redirect as a
 * password sign-in). `options` is the WebAuthn request options JSON for the browser.
 */
export type PasskeySignInAnswer =
  | { passkey: "options"; options: PasskeyOptionsJSON }
  | { passkey: "failed"; title?: string; message: string };

/** The account page's "Add a passkey" answers before the page's notice. */
export type AddPasskeyAnswer =
  | { passkey: "options"; options: PasskeyOptionsJSON; name: string }
  | { passkey: "failed"; message: string };

/** WebAuthn options JSON, passed through to the browser library as it came. */
// biome-ignore lint/suspicious/noExplicitAny: the browser library's own type checks it.
export type PasskeyOptionsJSON = any;
