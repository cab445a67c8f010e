/*
 * What the account page (docs/product.md §3.13) shows of the user's sessions, built by
 * app/server/users/account.server.ts.
 */

export interface AccountSession {
  /** The sessions row's id (the token's SHA-256, never the token), for "Sign out". */
  id: string;
  /** "Chrome 130 on Windows", or "Unknown browser" when the User-Agent says nothing usable. */
  device: string;
  /** The client address at sign-in (IPv6 by its /64 network), or null for older sessions. */
  clientAddress: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The session of this request: "This device". */
  current: boolean;
}

/** docs/product.md §3.14: the one answer to "Forgot password?", account or not. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that address, we have sent it a link to set a new password. The link works once, for 30 minutes. Check your spam folder if it does not arrive in a few minutes.";

/** docs/product.md §3.14: why a reset link's page has no form. */
export const RESET_LINK_MESSAGES = {
  expired: "This link has expired: links work for 30 minutes.",
  used: "This link has already been used: each link works once.",
  unknown: "This link is not valid: it may have been replaced by a newer one, or mistyped.",
} as const;
