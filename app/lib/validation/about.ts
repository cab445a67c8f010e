import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import {
  ABOUT_VIDEO_MAX_BYTES,
  ABOUT_VIDEO_MAX_TEXT,
  ABOUT_VIDEO_SOURCES,
  parseVideoLink,
} from "../about-section.ts";
import { ImageFileSchema } from "./catalog.ts";
import { plainString, singleLineString } from "./text.ts";

/* Settings → About (decision 044): the home page's About heading, text and video. */

export const ABOUT_TEXT_MAX = 1500;

export const ABOUT_MESSAGES = {
  heading: "Please enter a heading.",
  headingTooLong: "Please keep the heading to 80 characters.",
  text: "Please write the section's text.",
  textTooLong: `Please keep the text to ${ABOUT_TEXT_MAX} characters.`,
  source: "Please choose which video the section plays.",
  link: "Please paste a YouTube or Vimeo link, such as https://www.youtube.com/watch?v=… or https://vimeo.com/….",
  file: "Please choose the video file (MP4 or WebM).",
  fileTooLarge: `The video is larger than ${ABOUT_VIDEO_MAX_TEXT}: please upload a shorter or smaller one.`,
  title: "Please give the video a title: visitors' screen readers announce it.",
  titleTooLong: "Please keep the title to 120 characters.",
} as const;

export const AboutSectionSchema = z
  .object({
    heading: singleLineString({ error: ABOUT_MESSAGES.heading })
      .trim()
      .min(1, ABOUT_MESSAGES.heading)
      .max(80, ABOUT_MESSAGES.headingTooLong),
    text: plainString({ error: ABOUT_MESSAGES.text })
      .trim()
      .min(1, ABOUT_MESSAGES.text)
      .max(ABOUT_TEXT_MAX, ABOUT_MESSAGES.textTooLong),
    videoSource: z.enum(ABOUT_VIDEO_SOURCES, ABOUT_MESSAGES.source),
    videoLink: singleLineString().trim().max(500, ABOUT_MESSAGES.link).optional(),
    /** A new file; left empty, an uploaded video already in place stays. */
    videoFile: z
      .instanceof(File, { error: ABOUT_MESSAGES.file })
      .refine((file) => file.size <= ABOUT_VIDEO_MAX_BYTES, { error: ABOUT_MESSAGES.fileTooLarge })
      .optional(),
    videoTitle: singleLineString()
      .trim()
      .max(120, ABOUT_MESSAGES.titleTooLong)
      .optional()
      .transform((value) => (value ? value : null)),
    poster: ImageFileSchema.optional(),
    removePoster: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.videoSource === "link" && !(value.videoLink && parseVideoLink(value.videoLink))) {
      ctx.addIssue({ code: "custom", path: ["videoLink"], message: ABOUT_MESSAGES.link });
    }
    if (value.videoSource !== "shipped" && !value.videoTitle) {
      ctx.addIssue({ code: "custom", path: ["videoTitle"], message: ABOUT_MESSAGES.title });
    }
  });
