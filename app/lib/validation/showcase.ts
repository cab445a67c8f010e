import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { DIVISIONS, type ShowcaseKind } from "../showcase.ts";
import { ImageFileSchema } from "./catalog.ts";
import { plainString, singleLineString } from "./text.ts";

/*
 * Settings → Portfolio and Settings → Equipment (decision 043): one entry's form, and the
 * list's buttons (move, hide, show, delete). Conform runs the schema in the browser, the
 * action again on the server.
 */

export const SHOWCASE_TITLE_MAX = 80;
export const SHOWCASE_DESCRIPTION_MAX = 300;
export const SHOWCASE_LINK_MAX = 500;

export const SHOWCASE_MESSAGES = {
  title: "Please enter a title.",
  titleTooLong: `Please keep the title to ${SHOWCASE_TITLE_MAX} characters.`,
  division: "Please choose the division: Digital, Hardware or Bespoke.",
  description: "Please write a short description.",
  descriptionTooLong: `Please keep the description to ${SHOWCASE_DESCRIPTION_MAX} characters.`,
  link: "Please enter the link's web address, starting with https:// or http://.",
  image: "Please choose a picture.",
} as const;

/** A portfolio project's optional link (equipment has none). */
const linkUrl = singleLineString()
  .trim()
  .max(SHOWCASE_LINK_MAX, SHOWCASE_MESSAGES.link)
  .refine((value) => value === "" || /^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/i.test(value), {
    error: SHOWCASE_MESSAGES.link,
  })
  .optional()
  .transform((value) => (value ? value : null));

const fields = {
  title: singleLineString({ error: SHOWCASE_MESSAGES.title })
    .trim()
    .min(1, SHOWCASE_MESSAGES.title)
    .max(SHOWCASE_TITLE_MAX, SHOWCASE_MESSAGES.titleTooLong),
  description: plainString({ error: SHOWCASE_MESSAGES.description })
    .trim()
    .min(1, SHOWCASE_MESSAGES.description)
    .max(SHOWCASE_DESCRIPTION_MAX, SHOWCASE_MESSAGES.descriptionTooLong),
  /** A checkbox: "on" (Conform reads it as true) or absent. */
  hidden: z.boolean().default(false),
  /** A new picture; left empty, an existing entry keeps its own (a new one needs one). */
  image: ImageFileSchema.optional(),
};

/** A portfolio project: its division and an optional link besides. */
export const PortfolioProjectSchema = z.object({
  ...fields,
  division: z.enum(DIVISIONS, SHOWCASE_MESSAGES.division),
  linkUrl,
});

/** An equipment item: name, description, picture (no division, no link). */
export const EquipmentItemSchema = z.object(fields);

/** The entry form of one showcase. */
export const showcaseEntrySchema = (kind: ShowcaseKind) =>
  kind === "portfolio" ? PortfolioProjectSchema : EquipmentItemSchema;

/** The list's buttons: each names its entry and what to do with it. */
export const ShowcaseListActionSchema = z.object({
  intent: z.enum(["move-up", "move-down", "hide", "show", "delete"]),
  id: z.uuid(),
});
export type ShowcaseListIntent = z.output<typeof ShowcaseListActionSchema>["intent"];
