import { RESET_LINK_MESSAGES, RESET_REQUESTED_MESSAGE } from "#app/lib/account.ts";
import { johannesburgDate } from "#app/lib/dates.ts";
import { PASSKEY_MESSAGES } from "#app/lib/passkeys.ts";
import { ABOUT_MESSAGES } from "#app/lib/validation/about.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  CURRENT_PASSWORD_MESSAGE,
  NEW_PASSWORD_LENGTH_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "#app/lib/validation/account.ts";
import { CATALOG_MESSAGES } from "#app/lib/validation/catalog.ts";
import { HERO_TILE_MESSAGES } from "#app/lib/validation/hero-tiles.ts";
import { LEGAL_TEXT_MESSAGES } from "#app/lib/validation/legal.ts";
import { NEWSLETTER_MESSAGES } from "#app/lib/validation/newsletters.ts";
import { DELIVERY_MESSAGES, PAYMENT_MESSAGES } from "#app/lib/validation/orders.ts";
import { PASSKEY_NAME_LINK_MESSAGE, PASSKEY_NAME_MESSAGE } from "#app/lib/validation/passkeys.ts";
import { PERSONAL_DATA_MESSAGES } from "#app/lib/validation/personal-data.ts";
import { SHOWCASE_MESSAGES } from "#app/lib/validation/showcase.ts";
import {
  PASSWORD_OR_CODE_MESSAGE,
  SIGN_IN_CODE_MESSAGE,
  TOTP_CODE_MESSAGE,
} from "#app/lib/validation/two-step.ts";
import { EMAIL_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from "#app/lib/validation/users.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { MISSING_CATEGORY_MESSAGE } from "#app/server/site/hero-tiles.server.ts";
import {
  categories,
  contactRequests,
  newsletters,
  orders,
  products,
  showcaseItems,
} from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Every route action of the route table as a target for robustness tests: its path, the
 * form's real fields with a valid value each, what the page adds (stamp, intent), and the
 * messages an answer must hold. Defined once, for the fuzz test (decision 010) and the hostile
 * form structures of decision 020.
 */

/**
 * What a field holds, which decides the wrong and hostile values it gets. "text" is free text
 * that is stored as typed; "opaque" is read but never stored (a token in the path, say).
 */
export type Kind =
  | "text"
  | "opaque"
  | "email"
  | "enum"
  | "uuid"
  | "int"
  | "price"
  | "date"
  | "phone"
  | "password"
  | "boolean"
  | "file";

/** A real input field of a form: its kind and a value the action accepts. */
export interface FieldSpec {
  kind: Kind;
  valid: () => string;
  /** May be left out or blank (never the field that is broken on purpose). */
  optional?: boolean;
}

export type Fields = Record<string, FieldSpec>;

export interface Target {
  /** The route pattern in app/routes.ts. */
  pattern: string;
  /** A label when one route has several forms (login and sign-up). */
  variant?: string;
  path: () => string;
  admin?: boolean;
  /**
   * The form's real input fields, each form's list defined once below (QUOTE_FIELDS …): the
   * generators break them, fill them with hostile values and build valid forms from them.
   */
  fields: Fields;
  /** Fields the page adds itself (intent, anti-spam stamp, idempotency key …). */
  hidden?: () => Record<string, string>;
  /** Text fragments of which the answer must contain at least one. */
  messages: string[];
  /**
   * The form works without JavaScript: a page answer must show the message in its markup,
   * not only in the data the page's script would render (a toast, say).
   */
  noScript?: boolean;
}

const field = (kind: Kind, valid: string | (() => string), optional = false): FieldSpec => ({
  kind,
  valid: typeof valid === "string" ? () => valid : valid,
  optional,
});

/** A form the action would accept. */
export function validForm(target: Target): Record<string, string> {
  return {
    ...target.hidden?.(),
    ...Object.fromEntries(
      Object.entries(target.fields).map(([name, spec]) => [name, spec.valid()]),
    ),
  };
}

/**
 * The rows and the app the targets post to, made by `startActionFixture` (each test file
 * has its own module instance, so its own fixture).
 */
export const fixture = {
  handle: undefined as unknown as DatabaseHandle,
  services: undefined as unknown as AppServices,
  app: undefined as unknown as Awaited<ReturnType<typeof createTestApp>>,
  adminCookie: "",
  productId: "",
  categoryId: "",
  orderId: "",
  quoteRequestId: "",
  managedCategoryId: "",
  /** A portfolio project for Settings → Portfolio's list and form. */
  showcaseId: "",
  /** A draft newsletter for its page's forms (docs/product.md §3.18). */
  newsletterId: "",
  /** Three categories of their own for the /crafts hero tiles. */
  tileCategoryIds: [] as string[],
  /** Each request's own client address, so rate limits never hide what is tested. */
  addressCounter: 0,
};

const stamp = () => createFormStamp(fixture.services.env.SESSION_SECRET, Date.now() - 10_000);
/** What the anti-spam check of every public form needs (a person's pace, honeypot empty). */
const antiSpam = () => ({ form_stamp: stamp(), hp_website: "" });

// Each form's real fields, once: the generators below take every list from here.
const QUOTE_FIELDS: Fields = {
  name: field("text", "Sipho Dlamini"),
  email: field("email", "sipho@example.co.za"),
  phone: field("phone", "082 123 4567", true),
  service: field("enum", "iot"),
  message: field("text", "We need a sensor network for our warehouse."),
};
const CONTACT_FIELDS: Fields = {
  name: field("text", "Pieter"),
  email: field("email", "pieter@example.co.za"),
  phone: field("phone", "+27 31 464 0192", true),
  subject: field("text", "Workshop visit"),
  message: field("text", "May we visit on Friday?"),
};
const NEWSLETTER_FIELDS: Fields = { email: field("email", "reader@example.co.za") };
const CHECKOUT_FIELDS: Fields = {
  name: field("text", "Thandi Nkosi"),
  email: field("email", "thandi@example.co.za"),
  phone: field("phone", "082 123 4567"),
  idempotencyKey: field("uuid", () => crypto.randomUUID()),
  "lines[0].productId": field("uuid", () => fixture.productId),
  "lines[0].quantity": field("int", "2"),
};
const LOGIN_FIELDS: Fields = {
  email: field("email", "owner@example.co.za"),
  password: field("password", "correct-horse-1"),
};
const SIGNUP_FIELDS: Fields = {
  email: field("email", "new.person@example.co.za"),
  password: field("password", "long-enough-1"),
  confirmPassword: field("password", "long-enough-1"),
};
const PRODUCT_FIELDS: Fields = {
  name: field("text", "Fuzzed Walnut Box"),
  description: field("text", "Solid walnut.", true),
  price: field("price", "120.00"),
  categoryIds: field("uuid", () => fixture.categoryId, true),
  image: field("file", "", true),
};
const CATEGORY_FIELDS: Fields = {
  name: field("text", "Fuzzed Gifts"),
  isSpecial: field("boolean", "on", true),
};
const CATEGORY_MANAGER_FIELDS: Fields = {
  intent: field("enum", "save"),
  id: field("uuid", () => fixture.managedCategoryId, true),
  name: field("text", "Fuzzed Gifts"),
  description: field("text", "For weddings.", true),
  image: field("file", "", true),
  removeImage: field("boolean", "on", true),
};
const NOWHERE = "00000000-0000-4000-8000-000000000001";

/** A WebAuthn response of the right outline that no passkey signed. */
const PASSKEY_RESPONSE = JSON.stringify({
  id: "AAAAAAAAAAAAAAAAAAAAAA",
  rawId: "AAAAAAAAAAAAAAAAAAAAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
});

/** What the account page's passkey forms answer (decision 036). */
const PASSKEY_FORM_MESSAGES = [
  PASSKEY_MESSAGES.wrongPassword,
  PASSKEY_NAME_MESSAGE,
  PASSKEY_NAME_LINK_MESSAGE,
  "That passkey no longer exists.",
  "unsupported character",
  "Please keep this on one line",
  "Too many attempts",
];

const FORM_MESSAGES = [
  "Please fill out all fields.",
  "Please enter just your name",
  "Please enter a valid email address",
  "Please enter a valid phone number",
  "Please keep this under",
  "unsupported character",
  "Please keep this on one line",
];

export const TARGETS: Target[] = [
  ...["", "digital", "hardware"].map((page) => ({
    pattern: page ? page : "/",
    // The home page's form posts to its index route (`?index`), not to the layout.
    path: () => (page ? `/${page}` : "/?index"),
    fields: QUOTE_FIELDS,
    hidden: antiSpam,
    messages: FORM_MESSAGES,
    noScript: true,
  })),
  {
    pattern: "contact",
    path: () => "/contact",
    fields: CONTACT_FIELDS,
    hidden: antiSpam,
    messages: FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "newsletter",
    path: () => "/newsletter",
    // The source defaults to the footer when absent; only the address can be wrong.
    fields: NEWSLETTER_FIELDS,
    hidden: () => ({ source: "footer", enhanced: "1", ...antiSpam() }),
    messages: ["Please enter a valid email address."],
    noScript: true,
  },
  {
    pattern: "checkout",
    path: () => "/checkout",
    fields: CHECKOUT_FIELDS,
    hidden: () => ({ "lines[0].priceCents": "15000", ...antiSpam() }),
    messages: [
      "Full name",
      "Please enter just your name",
      "Email address is required",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Phone number is required",
      "unsupported character",
      "Please keep this on one line",
      "Invalid",
      "no longer available",
      "quantity",
      "Quantity",
      "Your order could not be read.",
    ],
  },
  {
    pattern: "newsletter/unsubscribe/:token",
    path: () => `/newsletter/unsubscribe/${encodeURIComponent(`forged.${fixture.addressCounter}`)}`,
    fields: { token: field("opaque", "x") },
    messages: ["This unsubscribe link is not valid."],
    noScript: true,
  },
  {
    pattern: "newsletter/confirm/:token",
    path: () => `/newsletter/confirm/${encodeURIComponent(`made-up-${fixture.addressCounter}`)}`,
    fields: { token: field("opaque", "x") },
    messages: ["This confirmation link is not valid, or it has been used already."],
    noScript: true,
  },
  {
    pattern: "admin/login",
    variant: "login",
    path: () => "/admin/login",
    fields: LOGIN_FIELDS,
    hidden: () => ({ intent: "login", redirectTo: "/admin/dashboard" }),
    messages: [
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Password must be at most",
    ],
    noScript: true,
  },
  {
    pattern: "admin/login",
    variant: "signup",
    path: () => "/admin/login",
    fields: SIGNUP_FIELDS,
    hidden: () => ({ intent: "signup" }),
    messages: [
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Passwords do not match",
      "Password must be at most",
    ],
    noScript: true,
  },
  // "Use a passkey" (decision 036): calls of the login page's script, answered as data.
  {
    pattern: "admin/login",
    variant: "passkey",
    path: () => "/admin/login",
    fields: { response: field("opaque", PASSKEY_RESPONSE) },
    hidden: () => ({ intent: "passkey", redirectTo: "/admin/dashboard" }),
    messages: [PASSKEY_MESSAGES.signInFailed, PASSKEY_MESSAGES.expired, "Too many attempts"],
  },
  ...["grant", "revoke", "dismiss"].map((intent) => ({
    pattern: "admin/users",
    variant: intent,
    path: () => "/admin/users",
    admin: true,
    fields: { intent: field("enum", intent), userId: field("uuid", NOWHERE) },
    messages: ["Failed to update admin status.", "That account no longer exists."],
  })),
  {
    pattern: "admin/forgot-password",
    path: () => "/admin/forgot-password",
    fields: { email: field("email", "nobody-here@example.co.za") },
    messages: [EMAIL_MESSAGE, RESET_REQUESTED_MESSAGE, "Too many attempts"],
    noScript: true,
  },
  {
    // A made-up link: every valid form is answered "not valid", nothing is changed.
    pattern: "admin/reset-password/:token",
    path: () => `/admin/reset-password/${"Q".repeat(43)}`,
    fields: {
      newPassword: field("password", "a long enough passphrase"),
      confirmPassword: field("password", "a long enough passphrase"),
    },
    messages: [
      RESET_LINK_MESSAGES.unknown,
      NEW_PASSWORD_LENGTH_MESSAGE,
      PASSWORD_MISMATCH_MESSAGE,
      "Password must be at most",
    ],
    noScript: true,
  },
  {
    // The current password is never the right one here: the admin's stays as it is.
    pattern: "admin/account",
    variant: "change-password",
    path: () => "/admin/account",
    admin: true,
    fields: {
      currentPassword: field("password", "not-the-current-password"),
      newPassword: field("password", "a long enough passphrase"),
      confirmPassword: field("password", "a long enough passphrase"),
    },
    hidden: () => ({ intent: "change-password" }),
    messages: [
      CURRENT_PASSWORD_MESSAGE,
      WRONG_CURRENT_PASSWORD_MESSAGE,
      NEW_PASSWORD_LENGTH_MESSAGE,
      PASSWORD_MISMATCH_MESSAGE,
      COMMON_PASSWORD_MESSAGE,
      "Password must be at most",
      "Too many attempts",
    ],
    noScript: true,
  },
  {
    pattern: "admin/account",
    variant: "end-session",
    path: () => "/admin/account",
    admin: true,
    fields: { sessionId: field("opaque", "0".repeat(64)) },
    hidden: () => ({ intent: "end-session" }),
    messages: ["That session had already ended.", INCOMPLETE_FORM_MESSAGE],
    noScript: true,
  },
  {
    pattern: "admin/account",
    variant: "end-other-sessions",
    path: () => "/admin/account",
    admin: true,
    fields: { intent: field("enum", "end-other-sessions") },
    messages: ["There were no other sessions.", "other session", INCOMPLETE_FORM_MESSAGE],
    noScript: true,
  },
  // docs/product.md §3.15. The fixture's admin has not started a set-up and has two-step
  // sign-in off: a valid code is answered "start again", a valid password "it is off".
  ...["totp-start", "totp-cancel"].map((intent) => ({
    pattern: "admin/account",
    variant: intent,
    path: () => "/admin/account",
    admin: true,
    fields: { intent: field("enum", intent) },
    messages: [INCOMPLETE_FORM_MESSAGE, "Two-step sign-in stays off."],
    noScript: true,
  })),
  {
    pattern: "admin/account",
    variant: "totp-confirm",
    path: () => "/admin/account",
    admin: true,
    fields: { code: field("opaque", "123456") },
    hidden: () => ({ intent: "totp-confirm" }),
    messages: [TOTP_CODE_MESSAGE, "Start again", "Too many attempts", INCOMPLETE_FORM_MESSAGE],
    // The fixture's admin has no set-up under way, so its page shows no code field for the
    // errors to sit under; the journeys without JavaScript see them in the form
    // (two-step.spec.ts).
  },
  {
    pattern: "admin/account",
    variant: "two-step-off",
    path: () => "/admin/account",
    admin: true,
    fields: { passwordOrCode: field("password", "not-the-password-1") },
    hidden: () => ({ intent: "two-step-off" }),
    messages: [
      PASSWORD_OR_CODE_MESSAGE,
      "Two-step sign-in is off.",
      "Too many attempts",
      INCOMPLETE_FORM_MESSAGE,
    ],
    // As above: with two-step sign-in off, the page has no "turn off" form to show errors in.
  },
  {
    // Without a pending sign-in (no password step) a valid code goes back to the login page.
    pattern: "admin/login/two-step",
    path: () => "/admin/login/two-step",
    fields: { code: field("opaque", "123456") },
    messages: [SIGN_IN_CODE_MESSAGE],
    noScript: true,
  },
  {
    pattern: "admin/account",
    variant: "add-passkey",
    path: () => "/admin/account",
    admin: true,
    fields: {
      name: field("text", "Work laptop"),
      currentPassword: field("password", "not-the-current-password"),
    },
    hidden: () => ({ intent: "add-passkey" }),
    messages: [...PASSKEY_FORM_MESSAGES, CURRENT_PASSWORD_MESSAGE],
  },
  {
    pattern: "admin/account",
    variant: "register-passkey",
    path: () => "/admin/account",
    admin: true,
    fields: { name: field("text", "Work laptop"), response: field("opaque", PASSKEY_RESPONSE) },
    hidden: () => ({ intent: "register-passkey" }),
    messages: [PASSKEY_MESSAGES.invalid, PASSKEY_MESSAGES.expired],
  },
  {
    pattern: "admin/account",
    variant: "rename-passkey",
    path: () => "/admin/account",
    admin: true,
    fields: { passkeyId: field("uuid", NOWHERE), name: field("text", "Work laptop") },
    hidden: () => ({ intent: "rename-passkey" }),
    messages: [...PASSKEY_FORM_MESSAGES, INCOMPLETE_FORM_MESSAGE],
    noScript: true,
  },
  {
    pattern: "admin/account",
    variant: "remove-passkey",
    path: () => "/admin/account",
    admin: true,
    fields: {
      passkeyId: field("uuid", NOWHERE),
      currentPassword: field("password", "not-the-current-password"),
    },
    hidden: () => ({ intent: "remove-passkey" }),
    messages: [...PASSKEY_FORM_MESSAGES, CURRENT_PASSWORD_MESSAGE, INCOMPLETE_FORM_MESSAGE],
    noScript: true,
  },
  {
    pattern: "admin/email",
    path: () => "/admin/email",
    admin: true,
    fields: { id: field("uuid", NOWHERE) },
    messages: ["That message no longer exists.", "Only a failed message can be retried."],
  },
];

const CATALOG_FORM_MESSAGES = [
  ...Object.values(CATALOG_MESSAGES),
  // A hostile name sent twice (new, then edit or manager) is a duplicate.
  "Category names must be unique",
  "unsupported character",
  "Please keep this on one line",
  "please shorten what you typed",
  "reload the page and try again",
];

TARGETS.push(
  {
    pattern: "admin/products",
    path: () => "/admin/products",
    admin: true,
    fields: { intent: field("enum", "delete"), id: field("uuid", NOWHERE) },
    messages: ["Choose a product to delete.", "The product does not exist"],
  },
  {
    pattern: "admin/products/new",
    path: () => "/admin/products/new",
    admin: true,
    fields: PRODUCT_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/products/:id",
    path: () => `/admin/products/${fixture.productId}`,
    admin: true,
    fields: PRODUCT_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/categories",
    path: () => "/admin/categories",
    admin: true,
    fields: { intent: field("enum", "delete"), id: field("uuid", NOWHERE) },
    messages: ["Choose a category to delete.", "The category does not exist"],
  },
  {
    pattern: "admin/categories/new",
    path: () => "/admin/categories/new",
    admin: true,
    fields: CATEGORY_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/categories/:id",
    path: () => `/admin/categories/${fixture.categoryId}`,
    admin: true,
    fields: CATEGORY_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/categories/manager",
    variant: "save",
    path: () => "/admin/categories/manager",
    admin: true,
    fields: CATEGORY_MANAGER_FIELDS,
    messages: [...CATALOG_FORM_MESSAGES, "Choose a category to delete."],
    noScript: true,
  },
  {
    pattern: "admin/categories/manager",
    variant: "delete",
    path: () => "/admin/categories/manager",
    admin: true,
    fields: { intent: field("enum", "delete"), id: field("uuid", NOWHERE) },
    messages: [
      ...CATALOG_FORM_MESSAGES,
      "Choose a category to delete.",
      "The category does not exist",
    ],
  },
);

TARGETS.push(
  {
    pattern: "admin/orders/:id",
    variant: "note",
    path: () => `/admin/orders/${fixture.orderId}`,
    admin: true,
    fields: { intent: field("enum", "note"), note: field("text", "Called: delivery on Friday.") },
    messages: [
      "Please write a note.",
      "Please keep a note under",
      "unsupported character",
      "Please choose one of the order statuses.",
    ],
  },
  {
    pattern: "admin/orders/:id",
    variant: "payment",
    path: () => `/admin/orders/${fixture.orderId}`,
    admin: true,
    fields: {
      intent: field("enum", "payment"),
      payment: field("enum", "paid"),
      method: field("enum", "eft"),
      amount: field("price", "150.00"),
      paidOn: field("date", () => johannesburgDate(new Date())),
    },
    messages: [...Object.values(PAYMENT_MESSAGES), "Please choose one of the order statuses."],
  },
  {
    pattern: "admin/orders/:id",
    variant: "delivery",
    path: () => `/admin/orders/${fixture.orderId}`,
    admin: true,
    fields: {
      intent: field("enum", "delivery"),
      delivery: field("enum", "delivery"),
      amount: field("price", "120.00"),
      courier: field("text", "The Courier Guy", true),
      reference: field("text", "TCG123", true),
    },
    messages: [...Object.values(DELIVERY_MESSAGES), "Please choose one of the order statuses."],
  },
  {
    pattern: "admin/orders/:id",
    variant: "status",
    path: () => `/admin/orders/${fixture.orderId}`,
    admin: true,
    fields: { intent: field("enum", "status"), status: field("enum", "shipped") },
    hidden: () => ({ notify: "on" }),
    messages: ["Please choose one of the order statuses.", "Please write a note."],
  },
  ...["release", "delete"].map((intent) => ({
    pattern: "admin/held",
    variant: intent,
    path: () => "/admin/held",
    admin: true,
    fields: { intent: field("enum", intent), id: field("uuid", NOWHERE) },
    messages: ["Please choose a held submission.", "That submission is no longer held."],
  })),
  {
    pattern: "admin/subscribers",
    path: () => "/admin/subscribers",
    admin: true,
    fields: { intent: field("enum", "remove"), subscriberId: field("uuid", NOWHERE) },
    messages: ["Please choose a subscriber to remove.", "That subscriber does not exist"],
  },
  ...["resolve", "reopen", "erase"].map((intent) => ({
    pattern: "admin/quote-requests",
    variant: intent,
    path: () => "/admin/quote-requests",
    admin: true,
    fields: { intent: field("enum", intent), requestId: field("uuid", NOWHERE) },
    messages: ["it was not understood", "That request does not exist"],
  })),
  {
    pattern: "admin/quote-requests",
    variant: "reply",
    path: () => "/admin/quote-requests",
    admin: true,
    fields: {
      intent: field("enum", "reply"),
      requestId: field("uuid", () => fixture.quoteRequestId),
      reply: field("text", "Dear Sipho, thanks."),
    },
    messages: [
      "Please write a reply.",
      "Please keep the reply under",
      "unsupported character",
      "it was not understood",
      "That request does not exist",
    ],
  },
);

TARGETS.push({
  pattern: "admin/personal-data",
  path: () => "/admin/personal-data",
  admin: true,
  fields: {
    intent: field("enum", "erase"),
    email: field("email", "nobody.here@example.com"),
    confirm: field("enum", "on"),
  },
  messages: [
    ...Object.values(PERSONAL_DATA_MESSAGES),
    INCOMPLETE_FORM_MESSAGE,
    "Personal data erased",
    "admin's account",
  ],
});

TARGETS.push({
  pattern: "admin/settings",
  path: () => "/admin/settings",
  admin: true,
  fields: {
    name: field("text", "Kwezi Engineering"),
    legalName: field("text", "Kwezi Engineering (Pty) Ltd"),
    "address.street": field("text", "14 Old Main Road"),
    "address.suburb": field("text", "Queensburgh"),
    "address.city": field("text", "Durban"),
    "address.postalCode": field("text", "4093"),
    "address.province": field("text", "KwaZulu-Natal"),
    mapUrl: field("text", "https://www.openstreetmap.org/#map=17/-29.87/30.93", true),
    phone: field("phone", "031 464 0192"),
    whatsApp: field("phone", "082 123 4567"),
    generalEmail: field("email", "info@example.co.za"),
    supportEmail: field("email", "support@example.co.za"),
    "hours.monday.open": field("boolean", "on", true),
    "hours.monday.from": field("text", "09:00", true),
    "hours.monday.to": field("text", "17:00", true),
    "hours.tuesday.open": field("boolean", "on", true),
    "hours.tuesday.from": field("text", "09:00", true),
    "hours.tuesday.to": field("text", "17:00", true),
    "hours.wednesday.open": field("boolean", "on", true),
    "hours.wednesday.from": field("text", "09:00", true),
    "hours.wednesday.to": field("text", "17:00", true),
    "hours.thursday.open": field("boolean", "on", true),
    "hours.thursday.from": field("text", "09:00", true),
    "hours.thursday.to": field("text", "17:00", true),
    "hours.friday.open": field("boolean", "on", true),
    "hours.friday.from": field("text", "09:00", true),
    "hours.friday.to": field("text", "17:00", true),
    "hours.saturday.open": field("boolean", "on", true),
    "hours.saturday.from": field("text", "09:00", true),
    "hours.saturday.to": field("text", "17:00", true),
    "hours.sunday.open": field("boolean", "on", true),
    "hours.sunday.from": field("text", "09:00", true),
    "hours.sunday.to": field("text", "17:00", true),
    hoursNote: field("text", "Closed on public holidays.", true),
    alertEmail: field("email", "office@example.co.za"),
    senderName: field("text", "Kwezi Engineering"),
    replyTo: field("email", "info@example.co.za", true),
    "eft.accountName": field("text", "Kwezi Engineering", true),
    "eft.bankName": field("text", "FNB", true),
    "eft.accountNumber": field("text", "62000000000", true),
    "eft.branchCode": field("text", "250655", true),
    "eft.accountType": field("text", "Cheque", true),
  },
  messages: ["Nothing was saved", "Business details saved", "Nothing to save"],
});

TARGETS.push({
  pattern: "admin/settings/hero-tiles",
  path: () => "/admin/settings/hero-tiles",
  admin: true,
  fields: Object.fromEntries(
    [0, 1, 2].flatMap((index) => [
      [`tiles[${index}].categoryId`, field("uuid", () => fixture.tileCategoryIds[index]!)],
      [`tiles[${index}].blurb`, field("text", `Tile ${index + 1}`)],
      [`tiles[${index}].icon`, field("enum", "gift")],
    ]),
  ),
  messages: [
    ...Object.values(HERO_TILE_MESSAGES),
    MISSING_CATEGORY_MESSAGE,
    "Nothing was saved",
    "Hero tiles saved",
    "Nothing to save",
  ],
});

TARGETS.push({
  pattern: "admin/settings/legal/:page",
  path: () => "/admin/settings/legal/terms",
  admin: true,
  fields: { markdown: field("text", "## Orders\n\n- Prices include VAT.") },
  messages: [
    ...Object.values(LEGAL_TEXT_MESSAGES),
    "Nothing was published",
    "New version published",
    "Nothing to publish",
  ],
});

TARGETS.push({
  pattern: "admin/settings/about",
  path: () => "/admin/settings/about",
  admin: true,
  fields: {
    heading: field("text", "About Us"),
    text: field("text", "We build things.\n\nIn Durban."),
    videoSource: field("enum", "link"),
    videoLink: field("text", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", true),
    videoTitle: field("text", "Our workshop", true),
    videoFile: field("file", "", true),
    poster: field("file", "", true),
    removePoster: field("boolean", "on", true),
  },
  messages: [
    ...Object.values(ABOUT_MESSAGES),
    INCOMPLETE_FORM_MESSAGE,
    "Please check this value.",
    "Please choose one of the options.",
    "unsupported character",
    "Please keep this on one line",
    "Nothing was saved",
    "About section saved",
    "Nothing to save",
  ],
  noScript: true,
});

const SHOWCASE_FORM_MESSAGES = [
  ...Object.values(SHOWCASE_MESSAGES),
  INCOMPLETE_FORM_MESSAGE,
  "Please check this value.",
  "unsupported character",
  "Please keep this on one line",
  "Nothing was saved",
  "Project saved",
  "Nothing to save",
];

TARGETS.push(
  {
    pattern: "admin/settings/:kind/:id",
    variant: "edit",
    path: () => `/admin/settings/portfolio/${fixture.showcaseId}`,
    admin: true,
    fields: {
      title: field("text", "Fuzzed Project"),
      division: field("enum", "Digital"),
      description: field("text", "A project made to be broken."),
      linkUrl: field("text", "https://example.co.za/case-study", true),
      hidden: field("boolean", "on", true),
      image: field("file", "", true),
    },
    messages: SHOWCASE_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/settings/:kind/:id",
    variant: "new",
    path: () => "/admin/settings/equipment/new",
    admin: true,
    fields: {
      title: field("text", "Fuzzed Machine"),
      description: field("text", "A machine made to be broken."),
      hidden: field("boolean", "on", true),
      image: field("file", "", true),
    },
    messages: [...SHOWCASE_FORM_MESSAGES, "Item saved"],
    noScript: true,
  },
  ...["move-up", "move-down", "hide", "show", "delete"].map((intent) => ({
    pattern: "admin/settings/:kind",
    variant: intent,
    path: () => "/admin/settings/portfolio",
    admin: true,
    fields: { intent: field("enum", intent), id: field("uuid", NOWHERE) },
    messages: ["Choose the project and what to do with it.", "The project does not exist"],
  })),
);

/** What the newsletter page's forms answer (docs/product.md §3.18). */
const NEWSLETTER_PAGE_MESSAGES = [
  ...Object.values(NEWSLETTER_MESSAGES),
  INCOMPLETE_FORM_MESSAGE,
  "Please correct the fields marked below.",
  "Please check this value.",
  "Please choose one of the options.",
  "Please check the format of this value.",
  "unsupported character",
  "Please keep this on one line",
  "reload the page to see where it stands",
  "Failed to upload image",
];

const newsletterPage = () => `/admin/newsletters/${fixture.newsletterId}`;

TARGETS.push(
  {
    // "New newsletter": its button's intent is all the form holds.
    pattern: "admin/newsletters",
    path: () => "/admin/newsletters",
    admin: true,
    fields: { intent: field("enum", "create") },
    messages: [INCOMPLETE_FORM_MESSAGE],
    noScript: true,
  },
  {
    pattern: "admin/newsletters/:id",
    variant: "save",
    path: newsletterPage,
    admin: true,
    fields: {
      intent: field("enum", "save"),
      subject: field("text", "Spring at the workshop", true),
      preheader: field("text", "New walnut boxes", true),
      body: field("text", "# Hello\n\nNew boxes are in.", true),
    },
    messages: NEWSLETTER_PAGE_MESSAGES,
    noScript: true,
  },
  {
    // The fuzzer sends no real file: every form is refused before a picture is stored.
    pattern: "admin/newsletters/:id",
    variant: "image",
    path: newsletterPage,
    admin: true,
    fields: {
      intent: field("enum", "image"),
      image: field("file", ""),
      alt: field("text", "A walnut box", true),
    },
    messages: NEWSLETTER_PAGE_MESSAGES,
    noScript: true,
  },
  {
    // Without `confirmed` the action only asks; the draft has no subscriber to go to anyway.
    pattern: "admin/newsletters/:id",
    variant: "send",
    path: newsletterPage,
    admin: true,
    fields: {
      when: field("enum", "later"),
      sendAt: field("date", "2099-01-01T09:00"),
      ratePerMinute: field("int", "60"),
    },
    hidden: () => ({ intent: "send" }),
    messages: NEWSLETTER_PAGE_MESSAGES,
    noScript: true,
  },
  ...["test", "pause", "resume", "unschedule", "delete"].map((intent) => ({
    pattern: "admin/newsletters/:id",
    variant: intent,
    path: newsletterPage,
    admin: true,
    fields: { intent: field("enum", intent) },
    messages: NEWSLETTER_PAGE_MESSAGES,
    noScript: true,
  })),
);

/**
 * Actions with no input to break: signing out, the backup download (whatever it is sent, an
 * admin gets the backup: admin-backup-download.test.ts), and issuing an order's invoice
 * (whatever it is sent, the order gets its number: order-invoice.test.ts).
 */
export const INPUTLESS = ["admin/logout", "admin/system/backup", "admin/orders/:id/invoice"];

/** A fresh database with an admin, a product, categories, an order and a quote request. */
export async function startActionFixture() {
  const handle = await createTestDatabase();
  const services = createTestServices(handle);
  Object.assign(fixture, { handle, services, app: await createTestApp(services) });
  const admin = await createTestUser(services.db, {
    admin: true,
    email: "owner@example.co.za",
    password: "correct-horse-1",
  });
  fixture.adminCookie = (await signedInCookie(services, admin.id)).cookie;
  const [product] = await services.db
    .insert(products)
    .values({ name: "Walnut Phone Stand", price: "150.00" })
    .returning({ id: products.id });
  fixture.productId = product!.id;
  const [category] = await services.db
    .insert(categories)
    .values({ name: "Desk Gifts" })
    .returning({ id: categories.id });
  fixture.categoryId = category!.id;
  const [managed] = await services.db
    .insert(categories)
    .values({ name: "Managed Gifts", description: "Edited in the manager." })
    .returning({ id: categories.id });
  fixture.managedCategoryId = managed!.id;
  const tileCategories = await services.db
    .insert(categories)
    .values(["Tile Gifts A", "Tile Gifts B", "Tile Gifts C"].map((name) => ({ name })))
    .returning({ id: categories.id });
  fixture.tileCategoryIds = tileCategories.map((row) => row.id);
  const [project] = await services.db
    .insert(showcaseItems)
    .values({
      kind: "portfolio",
      title: "Fuzz Target Project",
      division: "Digital",
      description: "Edited by the fuzzer.",
      imageUrl: "/images/portfolio/prototype.svg",
      position: 0,
    })
    .returning({ id: showcaseItems.id });
  fixture.showcaseId = project!.id;
  const [newsletter] = await services.db
    .insert(newsletters)
    .values({ createdBy: "owner@example.co.za" })
    .returning({ id: newsletters.id });
  fixture.newsletterId = newsletter!.id;
  const [order] = await services.db
    .insert(orders)
    .values({ customerName: "Lindiwe Zulu", email: "lindiwe@example.co.za", phone: "0821234567" })
    .returning({ id: orders.id });
  fixture.orderId = order!.id;
  const [request] = await services.db
    .insert(contactRequests)
    .values({ name: "Sipho", email: "sipho@example.co.za", service: "iot", message: "Sensors" })
    .returning({ id: contactRequests.id });
  fixture.quoteRequestId = request!.id;
}

/** Where a fetcher posts the form of `path`: `/digital.data`, `/_.data?index` for home. */
export function dataPath(path: string) {
  const url = new URL(path, "http://site.test");
  // v8_trailingSlashAwareDataRequests: a path ending in a slash gets `_.data`.
  const pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return `${pathname}${url.search}`;
}

/** One posted form, as an ordered list of fields, urlencoded or multipart, page or data. */
export interface PostedForm {
  entries: [string, string][];
  multipart: boolean;
  data: boolean;
}

/** Posts a form as the page would (document) or as its fetcher does (`.data`). */
export async function send(
  target: { path: () => string; admin?: boolean },
  form: PostedForm,
  options: { signedIn?: boolean } = {},
) {
  // A new client address each time: rate limits must not hide the validation.
  fixture.addressCounter += 1;
  const { addressCounter } = fixture;
  let body: URLSearchParams | FormData = new URLSearchParams(form.entries);
  if (form.multipart) {
    body = new FormData();
    for (const [name, value] of form.entries) body.append(name, value);
  }
  const response = await fixture.app.request(form.data ? dataPath(target.path()) : target.path(), {
    method: "POST",
    body,
    clientAddress: `198.51.100.${addressCounter % 250}-${addressCounter}`,
    headers: (options.signedIn ?? target.admin) ? { Cookie: fixture.adminCookie } : {},
  });
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}
