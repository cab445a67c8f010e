/*
 * Phone numbers: the rule every form uses to accept one (checkout, and the optional number
 * of the quote and contact forms), and the admin's quick actions for South African customers
 * (decision 004): a tel: link and a WhatsApp link. Both links need the number in international form without "+" or spaces (wa.me/27821234567): customers
 * type it in many ways (082 123 4567, +27 82 123 4567, 0027 82…, +27 (0)82…).
 */

/**
 * Whether a typed phone number is one we accept (checkout, and the optional number of the
 * quote and contact forms): South African (082 123 4567, 031 123 4567, +27 / 0027 and nine
 * digits) or international with + or 00, a country code and 7 to 14 more digits.
 */
export function isValidPhone(raw: string): boolean {
  const compact = raw.trim().replace(/[\s\-.()]/g, "");
  if (compact.startsWith("+27") || compact.startsWith("0027")) {
    return /^(?:\+|00)27[1-9]\d{8}$/.test(compact);
  }
  return /^0[1-9]\d{8}$/.test(compact) || /^(?:\+|00)[1-9]\d{7,14}$/.test(compact);
}

export const PHONE_INVALID_MESSAGE =
  "Please enter a valid phone number, e.g. 082 123 4567, +27 82 123 4567 or an international number starting with +";

/** Spaces, dashes, dots, brackets and slashes people put in phone numbers. */
const SEPARATORS = /[\s\-./()]/g;

/**
 * The international form of a phone number as digits only (E.164 without "+"), or null when
 * it is not a number we can dial abroad with confidence:
 * - South African national numbers (0 and nine digits) get the country code 27;
 * - +27 / 0027 / 27 with nine digits stay, a stray trunk 0 after the code is dropped;
 * - other countries must be given with + or 00 and their code (8 to 15 digits in all).
 */
export function internationalPhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let compact = raw.trim().replace(/\(0\)/g, "").replace(SEPARATORS, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  if (compact.startsWith("+")) compact = compact.slice(1);
  else if (compact.startsWith("00")) compact = compact.slice(2);
  else if (/^0[1-9]\d{8}$/.test(compact)) return `27${compact.slice(1)}`;
  else if (!/^27\d{9,10}$/.test(compact)) return null;

  if (compact.startsWith("27")) {
    const national = compact.slice(2).replace(/^0/, "");
    return /^[1-9]\d{8}$/.test(national) ? `27${national}` : null;
  }
  return /^[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** A tel: link (RFC 3966): the international number with "+", or the digits as typed. */
export function telHref(raw: string): string | null {
  const international = internationalPhone(raw);
  if (international) return `tel:+${international}`;
  const dialable = raw.replace(/[^\d+]/g, "");
  return /\d{3,}/.test(dialable) ? `tel:${dialable}` : null;
}

/** A WhatsApp click-to-chat link with a prefilled message, or null for an unusable number. */
export function whatsAppHref(raw: string, message: string): string | null {
  const international = internationalPhone(raw);
  if (!international) return null;
  return `https://wa.me/${international}?text=${encodeURIComponent(message)}`;
}
