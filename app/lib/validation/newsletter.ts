import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { INVALID_EMAIL, NEWSLETTER_SOURCES } from "../newsletter.ts";
import { singleLineString } from "./text.ts";

/*
 * Newsletter forms (docs/product.md §6.1): the e-mail must be non-empty and contain '@'; the server also
 * checks it is an address at all. The same schema serves the footer and the popup.
 */

export {
  INVALID_EMAIL,
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_SOURCES,
  type NewsletterSource,
} from "../newsletter.ts";

export const NewsletterSchema = z.object({
  email: singleLineString({ error: INVALID_EMAIL.description })
    .trim()
    .min(1, INVALID_EMAIL.description)
    .max(254, INVALID_EMAIL.description)
    .refine((value) => value.includes("@"), INVALID_EMAIL.description)
    .pipe(z.email(INVALID_EMAIL.description)),
  source: z.enum(NEWSLETTER_SOURCES).default("footer"),
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;
