/*
 * The anti-spam fields every public form carries (docs/product.md and decision 016), named
 * once for the form components that render them and the server that reads them.
 */

/** The honeypot: hidden from people and assistive technology; bots fill it in. */
export const HONEYPOT_FIELD = "hp_website";
/** The signed "form served at <time>" stamp (or the checkout's confirm stamp). */
export const FORM_STAMP_FIELD = "form_stamp";
/** The fields every public form adds beside its schema's. */
export const ANTI_SPAM_FIELDS = [HONEYPOT_FIELD, FORM_STAMP_FIELD] as const;
