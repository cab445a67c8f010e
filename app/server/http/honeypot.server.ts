import crypto from "node:crypto";

/*
 * Spam resistance for the public forms that costs people nothing (issue 4):
 * - a honeypot field, hidden from people and assistive technology, that bots fill in;
 * - a signed "form shown at" time: a submission sooner than MIN_FILL_MS after the page was
 *   served, or with a missing or forged stamp, is a script.
 * Rejected submissions get the same answer as accepted ones and store nothing.
 */

export const HONEYPOT_FIELD = "hp_website";
export const FORM_STAMP_FIELD = "form_stamp";
/** People need more than two seconds to fill any of our forms. */
export const MIN_FILL_MS = 2000;

function sign(secret: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(`form-stamp:${value}`).digest("base64url");
}

/** The value of the hidden stamp field for a form served now. */
export function createFormStamp(secret: string, now = Date.now()): string {
  const issued = String(now);
  return `${issued}.${sign(secret, issued)}`;
}

export type SpamVerdict = "ok" | "honeypot" | "bad-stamp" | "too-fast";

export function checkSpam(formData: FormData, secret: string, now = Date.now()): SpamVerdict {
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") return "honeypot";
  const stamp = formData.get(FORM_STAMP_FIELD);
  if (typeof stamp !== "string") return "bad-stamp";
  const [issued, signature] = stamp.split(".");
  if (!issued || !signature || !/^\d{1,15}$/.test(issued)) return "bad-stamp";
  const expected = Buffer.from(sign(secret, issued));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    return "bad-stamp";
  }
  if (now - Number(issued) < MIN_FILL_MS) return "too-fast";
  return "ok";
}
