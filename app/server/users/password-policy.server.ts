import { dictionary } from "@zxcvbn-ts/language-common";

/*
 * docs/product.md §3.13: a new password is refused when it is on a list of common or breached
 * passwords. The list is the one @zxcvbn-ts/language-common ships (about 49,000 passwords
 * from breach corpora, decision 034), checked on the server only: it is too large to send to
 * the browser. Length is the schema's rule (app/lib/validation/account.ts).
 */

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  return common;
}

/**
 * Whether the password is a listed one, in any letter case, or a listed one followed only by
 * digits and punctuation ("Password2024!", "leavemealone123"): the usual way a listed
 * password is stretched to pass a length rule.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const stem = lower.replace(/[\d\p{P}\p{S}\s]+$/u, "");
  return stem.length >= 4 && stem !== lower && list.has(stem);
}
