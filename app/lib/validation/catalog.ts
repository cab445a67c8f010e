import { z } from "zod";
import {
  PERSONALISATION_LABEL_MAX_LENGTH,
  PERSONALISATION_MAX_CHOICES,
  PERSONALISATION_MAX_LENGTH_LIMIT,
  type PersonalisationRules,
} from "../personalisation.ts";
import { monthDay, type SeasonWindow } from "../seasons.ts";
import { MAX_MONEY_CENTS, moneyAmountSchema } from "./money.ts";
import { plainString, singleLineString } from "./text.ts";

/** Mirrors INCOMPLETE_FORM_MESSAGE of app/server/http/submission.server.ts (server-only). */
const INCOMPLETE_FORM_MESSAGE = "This form was sent incompletely: reload the page and try again.";

/*
 * The admin catalogue forms (docs/product.md §3.5 product form, §3.6 category form, §3.7 category manager; §6.2
 * "Product", "Category form"). One schema per form: Conform runs it in the browser and the
 * route action runs it again on the server. The messages of docs/product.md §6.2 are copied exactly.
 */

export const CATALOG_MESSAGES = {
  productNameRequired: "Product name is required",
  productNameTooLong: "Product name must be at most 200 characters",
  descriptionTooLong: "Description must be at most 5000 characters",
  priceRequired: "Valid price is required",
  priceNegative: "Price must be 0 or more",
  priceDecimals: "Price can have at most 2 decimal places",
  priceTooLarge: "Price must be at most R9 999 999 999.99",
  categoryNameRequired: "Category name is required",
  categoryNameTooLong: "Category name must be at most 100 characters",
  categoryDescriptionTooLong: "Description must be at most 1000 characters",
  tooManyCategories: "Choose at most 50 categories",
  unknownCategory: "Choose categories from the list",
} as const;

/** docs/product.md §8.3 "Images": the notice's title, and its description before the reason. */
export const UPLOAD_ERROR_TITLE = "Upload Error";
export const uploadErrorMessage = (reason: string) => `Failed to upload image: ${reason}`;

/** Upload limits (decision 008): checked in the browser for a quick answer, enforced by the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A form with an image may be at most this large; bigger bodies are refused unread. */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;
/** What the file picker offers (the server decides by the file's bytes, not by this). */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const ACCEPTED_IMAGE_FORMATS_TEXT = "a JPEG, PNG, WebP, GIF or AVIF image";

/** The largest price numeric(12,2) holds, in cents. */
export const MAX_PRICE_CENTS = MAX_MONEY_CENTS;

/** A price as typed ("12.5", "12.50", "0"): exact integer cents, never a float. */
export const PriceSchema = moneyAmountSchema({
  required: CATALOG_MESSAGES.priceRequired,
  negative: CATALOG_MESSAGES.priceNegative,
  decimals: CATALOG_MESSAGES.priceDecimals,
  tooLarge: CATALOG_MESSAGES.priceTooLarge,
});

/** An optional text: blank is absent (null in the database). */
const optionalText = (max: number, message: string) =>
  plainString()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

/**
 * An image chosen in the form. The size is checked here too, so the browser answers before
 * uploading a file that is too large. Whether it is an image at all is decided by the server
 * from the bytes (app/server/storage/images.server.ts), never from its name or declared type.
 */
const IMAGE_TOO_LARGE = `The image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)}.0 MB.`;
export const ImageFileSchema = z.instanceof(File).refine((file) => file.size <= MAX_IMAGE_BYTES, {
  error: IMAGE_TOO_LARGE,
});

/** The most photos a product has (db/schema/catalog.ts holds the same number). */
export const MAX_PRODUCT_PHOTOS = 8;

/** docs/product.md §3.5 "Photos": what the owner is told when photos are refused. */
export const PHOTO_MESSAGES = {
  tooMany: (total: number) =>
    `A product has at most ${MAX_PRODUCT_PHOTOS} photos; this would give it ${total}. Remove some, or add fewer.`,
  tooLargeTogether: `The new photos are larger than ${MAX_IMAGE_BYTES / (1024 * 1024)}.0 MB together: add fewer at a time.`,
  changed: "The photos were changed meanwhile: reload the page and try again.",
} as const;

const totalBytes = (files: readonly File[]) => files.reduce((sum, file) => sum + file.size, 0);

export const PERSONALISATION_MESSAGES = {
  labelRequired: "Label is required when the product asks for personalisation",
  labelTooLong: `Label must be at most ${PERSONALISATION_LABEL_MAX_LENGTH} characters`,
  maxLength: `Maximum length must be a whole number from 1 to ${PERSONALISATION_MAX_LENGTH_LIMIT}`,
  tooManyChoices: `Give at most ${PERSONALISATION_MAX_CHOICES} choices`,
  choiceTooLong: "Each choice must be at most the maximum length",
  duplicateChoice: "Each choice must be different",
} as const;

/** The choices as typed in the form: one a line, blank lines left out. */
export function parseChoices(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r\n?|\n|\u2028|\u2029/)
    .map((choice) => choice.trim())
    .filter(Boolean);
}

const maxLengthField = z
  .number({ error: PERSONALISATION_MESSAGES.maxLength })
  .int(PERSONALISATION_MESSAGES.maxLength)
  .min(1, PERSONALISATION_MESSAGES.maxLength)
  .max(PERSONALISATION_MAX_LENGTH_LIMIT, PERSONALISATION_MESSAGES.maxLength)
  .optional();

export const ProductFormSchema = z
  .object({
    name: singleLineString({ error: CATALOG_MESSAGES.productNameRequired })
      .trim()
      .min(1, CATALOG_MESSAGES.productNameRequired)
      .max(200, CATALOG_MESSAGES.productNameTooLong),
    description: optionalText(5000, CATALOG_MESSAGES.descriptionTooLong),
    price: PriceSchema,
    categoryIds: z
      .array(z.uuid({ error: CATALOG_MESSAGES.unknownCategory }))
      .max(50, CATALOG_MESSAGES.tooManyCategories)
      .default([])
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    /** New photos, added after the kept ones in the order chosen (decision 039). */
    // Checked as a whole, so a refusal is the field's own message, not one of an item's.
    image: z
      .array(z.instanceof(File))
      .default([])
      .superRefine((files, ctx) => {
        const tooLarge = files.some((file) => file.size > MAX_IMAGE_BYTES);
        if (tooLarge || totalBytes(files) > MAX_IMAGE_BYTES) {
          ctx.addIssue({
            code: "custom",
            message: tooLarge ? IMAGE_TOO_LARGE : PHOTO_MESSAGES.tooLargeTogether,
          });
        }
      }),
    /** Edit only: the product's photos (their URLs) in the order they are to have. */
    photos: z.array(z.string().max(500)).max(MAX_PRODUCT_PHOTOS).optional(),
    /** Edit only: photos to take away (their URLs). */
    removePhotos: z.array(z.string().max(500)).max(MAX_PRODUCT_PHOTOS).default([]),
    /**
     * Personalisation (decision 040), off by default. Off, the other four are ignored; on, a
     * label and a maximum length are needed, and the choices (one a line) are optional.
     */
    personalise: z.boolean().default(false),
    personalisationLabel: singleLineString()
      .trim()
      .max(PERSONALISATION_LABEL_MAX_LENGTH, PERSONALISATION_MESSAGES.labelTooLong)
      .optional(),
    personalisationMaxLength: maxLengthField,
    personalisationRequired: z.boolean().default(false),
    personalisationChoices: plainString().max(2100).optional(),
  })
  .superRefine((value, ctx) => {
    const removed = new Set(value.removePhotos);
    const total =
      (value.photos ?? []).filter((url) => !removed.has(url)).length + value.image.length;
    if (total > MAX_PRODUCT_PHOTOS) {
      ctx.addIssue({ code: "custom", path: ["image"], message: PHOTO_MESSAGES.tooMany(total) });
    }
    if (!value.personalise) return;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!value.personalisationLabel) {
      issue("personalisationLabel", PERSONALISATION_MESSAGES.labelRequired);
    }
    if (value.personalisationMaxLength === undefined) {
      issue("personalisationMaxLength", PERSONALISATION_MESSAGES.maxLength);
    }
    const choices = parseChoices(value.personalisationChoices);
    if (choices.length > PERSONALISATION_MAX_CHOICES) {
      issue("personalisationChoices", PERSONALISATION_MESSAGES.tooManyChoices);
    } else if (new Set(choices).size !== choices.length) {
      issue("personalisationChoices", PERSONALISATION_MESSAGES.duplicateChoice);
    } else if (choices.some((choice) => choice.length > (value.personalisationMaxLength ?? 0))) {
      issue("personalisationChoices", PERSONALISATION_MESSAGES.choiceTooLong);
    }
  });
export type ProductFormInput = z.infer<typeof ProductFormSchema>;

/** The rules a valid product form sets (null: the product asks for no personalisation). */
export function personalisationFromForm(value: ProductFormInput): PersonalisationRules | null {
  if (!value.personalise || !value.personalisationLabel || !value.personalisationMaxLength) {
    return null;
  }
  const choices = parseChoices(value.personalisationChoices);
  return {
    label: value.personalisationLabel,
    maxLength: value.personalisationMaxLength,
    required: value.personalisationRequired,
    choices: choices.length > 0 ? choices : null,
  };
}

const categoryName = singleLineString({ error: CATALOG_MESSAGES.categoryNameRequired })
  .trim()
  .min(1, CATALOG_MESSAGES.categoryNameRequired)
  .max(100, CATALOG_MESSAGES.categoryNameTooLong);

export const SEASON_MESSAGES = {
  incomplete: "Choose the day and month of both the start and the end, or leave all four empty.",
  noSuchDay: "Choose a day that exists in that month.",
  notSpecial:
    "Only a special category can have a season: turn on Special Category, or clear the season.",
} as const;

const dayOfMonth = z.coerce
  .number({ error: SEASON_MESSAGES.noSuchDay })
  .int(SEASON_MESSAGES.noSuchDay)
  .min(1, SEASON_MESSAGES.noSuchDay)
  .max(31, SEASON_MESSAGES.noSuchDay)
  .optional();
const monthOfYear = z.coerce
  .number({ error: SEASON_MESSAGES.noSuchDay })
  .int(SEASON_MESSAGES.noSuchDay)
  .min(1, SEASON_MESSAGES.noSuchDay)
  .max(12, SEASON_MESSAGES.noSuchDay)
  .optional();

/**
 * /admin/categories/new and /{id}: name and the Special Category switch (docs/product.md §3.6), and
 * a special category's optional season (decision 014): a start and an end day and month that
 * come back every year. The errors about the season are reported on `season`.
 */
/** The form's fields alone: the browser's constraints (Conform reads no root transform). */
export const CategoryFormFields = z.object({
  name: categoryName,
  isSpecial: z.boolean().default(false),
  seasonStartDay: dayOfMonth,
  seasonStartMonth: monthOfYear,
  seasonEndDay: dayOfMonth,
  seasonEndMonth: monthOfYear,
});

export const CategoryFormSchema = CategoryFormFields.superRefine((value, ctx) => {
  const parts = [
    value.seasonStartDay,
    value.seasonStartMonth,
    value.seasonEndDay,
    value.seasonEndMonth,
  ];
  const given = parts.filter((part) => part !== undefined).length;
  if (given === 0) return;
  const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["season"], message });
  if (given < parts.length) return issue(SEASON_MESSAGES.incomplete);
  if (
    !monthDay(value.seasonStartMonth!, value.seasonStartDay!) ||
    !monthDay(value.seasonEndMonth!, value.seasonEndDay!)
  ) {
    return issue(SEASON_MESSAGES.noSuchDay);
  }
  if (!value.isSpecial) issue(SEASON_MESSAGES.notSpecial);
}).transform(({ name, isSpecial, ...days }) => {
  const start = monthDay(days.seasonStartMonth ?? 0, days.seasonStartDay ?? 0);
  const end = monthDay(days.seasonEndMonth ?? 0, days.seasonEndDay ?? 0);
  const season: SeasonWindow | null = start && end ? { start, end } : null;
  return { name, isSpecial, season };
});
export type CategoryFormInput = z.infer<typeof CategoryFormSchema>;

/** /admin/categories/manager: name, description and image (docs/product.md §3.7). */
export const CategoryManagerSchema = z.object({
  intent: z.literal("save", {
    error: INCOMPLETE_FORM_MESSAGE,
  }),
  /** Absent: a new category. */
  id: z.uuid().optional(),
  name: categoryName,
  description: optionalText(1000, CATALOG_MESSAGES.categoryDescriptionTooLong),
  image: ImageFileSchema.optional(),
  removeImage: z.boolean().default(false),
});
export type CategoryManagerInput = z.infer<typeof CategoryManagerSchema>;

/** A delete button on a list: which row. */
export const DeleteSchema = z.object({
  intent: z.literal("delete"),
  id: z.uuid(),
});
