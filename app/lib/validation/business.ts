import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import type { BusinessDetails, DayHours, EftDetails } from "../business.ts";
import { WEEKDAY_LABELS, WEEKDAYS } from "../business.ts";
import { isValidPhone, PHONE_INVALID_MESSAGE } from "../phone.ts";
import { singleLineString } from "./text.ts";

/*
 * Settings → Business details (decision 042): one schema for the admin's form (browser and
 * server), the CLI's `settings set` and the environment's first values, so that every way in
 * refuses the same values with the same words.
 */

const requiredText = (label: string, max: number) =>
  singleLineString({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Please keep the ${label} to ${max} characters.`);

const optionalText = (label: string, max: number) =>
  singleLineString()
    .trim()
    .max(max, `Please keep the ${label} to ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const emailAddress = (label: string) =>
  singleLineString({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(254, `Please enter a valid e-mail address for the ${label}.`)
    .pipe(z.email(`Please enter a valid e-mail address for the ${label}.`))
    .transform((email) => email.toLowerCase());

const phoneNumber = (label: string) =>
  singleLineString({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(30, PHONE_INVALID_MESSAGE)
    .refine(isValidPhone, PHONE_INVALID_MESSAGE)
    .transform((phone) => phone.replace(/\s+/g, " "));

export const TIME_MESSAGE = "Please enter a time such as 09:00.";
const time = z
  .string({ error: TIME_MESSAGE })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)
  .optional();

export const CLOSING_TIME_MESSAGE = "The closing time must be after the opening time.";

const dayHours = (label: string) =>
  z
    .object({ open: z.boolean().default(false), from: time, to: time })
    .superRefine((day, ctx) => {
      if (!day.open) return;
      if (!day.from) ctx.addIssue({ code: "custom", path: ["from"], message: TIME_MESSAGE });
      if (!day.to) ctx.addIssue({ code: "custom", path: ["to"], message: TIME_MESSAGE });
      if (day.from && day.to && day.to <= day.from) {
        ctx.addIssue({
          code: "custom",
          path: ["to"],
          message: `${label}: ${CLOSING_TIME_MESSAGE}`,
        });
      }
    })
    .transform(
      (day): DayHours =>
        day.open ? { open: true, from: day.from!, to: day.to! } : { open: false },
    );

export const BRANCH_CODE_MESSAGE = "Please enter the 6-digit branch code.";
export const ACCOUNT_NUMBER_MESSAGE =
  "Please enter the account number's digits (6 to 20, spaces allowed).";
export const EFT_INCOMPLETE_MESSAGE =
  "Please fill in the account name, bank, account number and branch code, or leave all of the bank details empty.";

const eft = z
  .object({
    accountName: optionalText("account name", 100),
    bankName: optionalText("bank's name", 100),
    accountNumber: optionalText("account number", 30).refine(
      (value) => value === null || /^\d[\d ]{4,18}\d$/.test(value),
      ACCOUNT_NUMBER_MESSAGE,
    ),
    branchCode: optionalText("branch code", 6).refine(
      (value) => value === null || /^\d{6}$/.test(value),
      BRANCH_CODE_MESSAGE,
    ),
    accountType: optionalText("account type", 50),
  })
  .default({
    accountName: null,
    bankName: null,
    accountNumber: null,
    branchCode: null,
    accountType: null,
  })
  .superRefine((value, ctx) => {
    const required = ["accountName", "bankName", "accountNumber", "branchCode"] as const;
    const given = required.filter((key) => value[key] !== null);
    if (given.length === 0 && value.accountType === null) return;
    for (const key of required) {
      if (value[key] === null)
        ctx.addIssue({ code: "custom", path: [key], message: EFT_INCOMPLETE_MESSAGE });
    }
  })
  .transform((value): EftDetails | null =>
    value.accountName && value.bankName && value.accountNumber && value.branchCode
      ? {
          accountName: value.accountName,
          bankName: value.bankName,
          accountNumber: value.accountNumber,
          branchCode: value.branchCode,
          accountType: value.accountType,
        }
      : null,
  );

export const MAP_URL_MESSAGE = "Please enter the map's web address, starting with https://.";

export const BusinessDetailsSchema = z.object({
  name: requiredText("company's name", 80),
  legalName: requiredText("registered name", 120),
  address: z.object({
    street: requiredText("street address", 120),
    suburb: requiredText("suburb", 80),
    city: requiredText("city", 80),
    postalCode: singleLineString({ error: "Please enter the 4-digit postal code." })
      .trim()
      .regex(/^\d{4}$/, "Please enter the 4-digit postal code."),
    province: requiredText("province", 80),
  }),
  mapUrl: optionalText("map link", 500).refine(
    (value) => value === null || /^https:\/\/[^\s<>"]+$/.test(value),
    MAP_URL_MESSAGE,
  ),
  phone: phoneNumber("phone number"),
  whatsApp: phoneNumber("WhatsApp number"),
  generalEmail: emailAddress("general e-mail address"),
  supportEmail: emailAddress("support e-mail address"),
  hours: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours(WEEKDAY_LABELS[day].long)])) as {
      [K in (typeof WEEKDAYS)[number]]: ReturnType<typeof dayHours>;
    },
  ),
  hoursNote: optionalText("note about the hours", 200),
  alertEmail: emailAddress("address for staff alerts"),
  senderName: requiredText("sender's name", 80).refine(
    (value) => !/[<>"@]/.test(value),
    'Please enter just a name for the sender, without < > " or @.',
  ),
  replyTo: optionalText("reply-to address", 254)
    .refine(
      (value) => value === null || z.email().safeParse(value).success,
      "Please enter a valid e-mail address for the reply-to address.",
    )
    .transform((value) => value?.toLowerCase() ?? null),
  // A stored record says null for "no bank details"; the form sends nothing.
  eft: z.preprocess((value) => (value === null ? undefined : value), eft),
});

/** Compile-time check: what the schema gives is exactly what the pages read. */
export type BusinessDetailsInput = z.input<typeof BusinessDetailsSchema>;
const _matches: (value: z.output<typeof BusinessDetailsSchema>) => BusinessDetails = (v) => v;
void _matches;
