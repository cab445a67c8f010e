import { z } from "zod";
import { plainString } from "./text.ts";

/** Mirrors INCOMPLETE_FORM_MESSAGE of app/server/http/submission.server.ts (server-only). */
const INCOMPLETE_FORM_MESSAGE = "This form was sent incompletely: reload the page and try again.";

/*
 * The admin catalogue forms (spec §2 product form, category form, category manager; §5
 * "Product", "Category form"). One schema per form: Conform runs it in the browser and the
 * route action runs it again on the server. The spec's messages are copied exactly.
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

/** Spec §8 "Image upload": the notice's title, and its description before the reason. */
export const UPLOAD_ERROR_TITLE = "Upload Error";
export const uploadErrorMessage = (reason: string) => `Failed to upload image: ${reason}`;

/** Upload limits (issue 7): checked in the browser for a quick answer, enforced by the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A form with an image may be at most this large; bigger bodies are refused unread. */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;
/** What the file picker offers (the server decides by the file's bytes, not by this). */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const ACCEPTED_IMAGE_FORMATS_TEXT = "a JPEG, PNG, WebP, GIF or AVIF image";

/** The largest price numeric(12,2) holds, in cents. */
export const MAX_PRICE_CENTS = 999_999_999_999;

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A price as typed ("12.5", "12.50", "0"): exact integer cents, never a float. */
export const PriceSchema = z
  .string({ error: CATALOG_MESSAGES.priceRequired })
  .trim()
  .regex(NUMBER, { error: CATALOG_MESSAGES.priceRequired, abort: true })
  .refine((value) => !value.startsWith("-"), { error: CATALOG_MESSAGES.priceNegative, abort: true })
  .refine((value) => (value.split(".")[1] ?? "").length <= 2, {
    error: CATALOG_MESSAGES.priceDecimals,
    abort: true,
  })
  .transform((value) => {
    const [whole = "0", fraction = ""] = value.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  })
  .pipe(z.number().int().max(MAX_PRICE_CENTS, CATALOG_MESSAGES.priceTooLarge));

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
export const ImageFileSchema = z.instanceof(File).refine((file) => file.size <= MAX_IMAGE_BYTES, {
  error: `The image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)}.0 MB.`,
});

export const ProductFormSchema = z.object({
  name: plainString({ error: CATALOG_MESSAGES.productNameRequired })
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
  image: ImageFileSchema.optional(),
  /** Edit only: take the current image away (ignored when a new image is chosen). */
  removeImage: z.boolean().default(false),
});
export type ProductFormInput = z.infer<typeof ProductFormSchema>;

const categoryName = plainString({ error: CATALOG_MESSAGES.categoryNameRequired })
  .trim()
  .min(1, CATALOG_MESSAGES.categoryNameRequired)
  .max(100, CATALOG_MESSAGES.categoryNameTooLong);

/** /admin/categories/new and /{id}: name and the Special Category switch (spec §7 "Form"). */
export const CategoryFormSchema = z.object({
  name: categoryName,
  isSpecial: z.boolean().default(false),
});
export type CategoryFormInput = z.infer<typeof CategoryFormSchema>;

/** /admin/categories/manager: name, description and image (spec §7 "Manager"). */
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
