import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  CATALOG_MESSAGES,
  CategoryFormSchema,
  CategoryManagerSchema,
  MAX_IMAGE_BYTES,
  PERSONALISATION_MESSAGES,
  PriceSchema,
  ProductFormSchema,
  personalisationFromForm,
  SEASON_MESSAGES,
} from "./catalog.ts";
import { LINE_BREAK_MESSAGE } from "./text.ts";

function form(fields: Record<string, string | string[] | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

/** The field errors of a failed submission (none when it succeeded). */
const errorsOf = (submission: { reply(): { error?: Record<string, string[] | null> | null } }) =>
  submission.reply().error ?? null;

const ID = "0e6c6f2b-6a3b-4b8e-9a77-0a6d1c0f1a11";

describe("PriceSchema", () => {
  it("turns typed prices into exact integer cents", () => {
    expect(PriceSchema.parse("12.5")).toBe(1250);
    expect(PriceSchema.parse(" 0 ")).toBe(0);
    expect(PriceSchema.parse("450.00")).toBe(45000);
    expect(PriceSchema.parse("0.07")).toBe(7);
    // 0.1 + 0.2 style drift is impossible: no float is ever summed.
    expect(PriceSchema.parse("1234567.89")).toBe(123456789);
    expect(PriceSchema.parse("9999999999.99")).toBe(999_999_999_999);
  });

  it("answers bad prices with the product's message or a precise one", () => {
    const message = (value: unknown) => PriceSchema.safeParse(value).error?.issues[0]?.message;
    for (const bad of [undefined, "", "abc", "1e3", "12.", ".5", "R12", "1,50", "NaN"]) {
      expect(message(bad), String(bad)).toBe("Valid price is required");
    }
    expect(message("-1")).toBe("Price must be 0 or more");
    expect(message("1.234")).toBe("Price can have at most 2 decimal places");
    expect(message("10000000000")).toBe("Price must be at most R9 999 999 999.99");
    // Past JavaScript's exact integers, still the shop's words, not zod's.
    for (const huge of ["99999999999999.99", "9".repeat(40), "9007199254740993"]) {
      expect(message(huge), huge).toBe("Price must be at most R9 999 999 999.99");
    }
    // Leading zeros are no rands.
    expect(PriceSchema.parse("0000000000012.50")).toBe(1250);
  });
});

describe("ProductFormSchema", () => {
  it("parses the form as the browser sends it", () => {
    const submission = parseWithZod(
      form({
        name: "  Walnut Stand ",
        description: "   ",
        price: "210",
        categoryIds: [ID, ID.toUpperCase()],
        removePhotos: "/uploads/products/old.webp",
        image: new File([], ""),
      }),
      { schema: ProductFormSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Walnut Stand",
      description: null,
      price: 21000,
      categoryIds: [ID],
      // An empty file input is no photo.
      image: [],
      removePhotos: ["/uploads/products/old.webp"],
      personalise: false,
      personalisationRequired: false,
    });
  });

  it("turns personalisation on with a label, a maximum length and choices (decision 040)", () => {
    const submission = parseWithZod(
      form({
        name: "Keyring",
        price: "85",
        personalise: "on",
        personalisationLabel: " Colour ",
        personalisationMaxLength: "10",
        personalisationRequired: "on",
        personalisationChoices: "Red\r\n\n Blue \n",
      }),
      { schema: ProductFormSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(personalisationFromForm(submission.value)).toEqual({
      label: "Colour",
      maxLength: 10,
      required: true,
      choices: ["Red", "Blue"],
    });
    // Off, whatever else was typed, the product asks for nothing.
    const off = parseWithZod(
      form({ name: "Keyring", price: "85", personalisationLabel: "Colour" }),
      { schema: ProductFormSchema },
    );
    expect(off.status === "success" && personalisationFromForm(off.value)).toBeNull();
  });

  it.each([
    [
      {},
      {
        personalisationLabel: [PERSONALISATION_MESSAGES.labelRequired],
        personalisationMaxLength: [PERSONALISATION_MESSAGES.maxLength],
      },
    ],
    [
      { personalisationLabel: "Name", personalisationMaxLength: "0" },
      { personalisationMaxLength: [PERSONALISATION_MESSAGES.maxLength] },
    ],
    [
      { personalisationLabel: "Name", personalisationMaxLength: "101" },
      { personalisationMaxLength: [PERSONALISATION_MESSAGES.maxLength] },
    ],
    [
      { personalisationLabel: "Name\nTwo", personalisationMaxLength: "5" },
      { personalisationLabel: [LINE_BREAK_MESSAGE] },
    ],
    [
      { personalisationLabel: "x".repeat(61), personalisationMaxLength: "5" },
      { personalisationLabel: [PERSONALISATION_MESSAGES.labelTooLong] },
    ],
    [
      {
        personalisationLabel: "Name",
        personalisationMaxLength: "3",
        personalisationChoices: "Red\nBlue",
      },
      { personalisationChoices: [PERSONALISATION_MESSAGES.choiceTooLong] },
    ],
    [
      {
        personalisationLabel: "Name",
        personalisationMaxLength: "5",
        personalisationChoices: "Red\nRed",
      },
      { personalisationChoices: [PERSONALISATION_MESSAGES.duplicateChoice] },
    ],
    [
      {
        personalisationLabel: "Name",
        personalisationMaxLength: "5",
        personalisationChoices: Array.from({ length: 21 }, (_, i) => `c${i}`).join("\n"),
      },
      { personalisationChoices: [PERSONALISATION_MESSAGES.tooManyChoices] },
    ],
  ])("refuses personalisation %j with its message", (fields, errors) => {
    const submission = parseWithZod(
      form({ name: "Keyring", price: "85", personalise: "on", ...fields }),
      { schema: ProductFormSchema },
    );
    expect(errorsOf(submission)).toMatchObject(errors);
  });

  it("gives the product's messages for a blank name and a missing price", () => {
    const submission = parseWithZod(form({ name: "  ", price: "" }), {
      schema: ProductFormSchema,
    });
    expect(errorsOf(submission)).toMatchObject({
      name: [CATALOG_MESSAGES.productNameRequired],
      price: [CATALOG_MESSAGES.priceRequired],
    });
    expect(CATALOG_MESSAGES.productNameRequired).toBe("Product name is required");
    expect(CATALOG_MESSAGES.priceRequired).toBe("Valid price is required");
  });

  it("refuses an image over 5 MB before it is sent, but leaves the type to the server", () => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "big.jpg", { type: "image/jpeg" });
    const tooBig = parseWithZod(form({ name: "A", price: "1", image: big }), {
      schema: ProductFormSchema,
    });
    expect(errorsOf(tooBig)?.image).toEqual(["The image is larger than 5.0 MB."]);
    const svg = new File(["<svg/>"], "x.svg", { type: "image/svg+xml" });
    expect(
      parseWithZod(form({ name: "A", price: "1", image: svg }), { schema: ProductFormSchema })
        .status,
    ).toBe("success");
  });
});

describe("category schemas", () => {
  it("require a name ('Category name is required') and read the switch", () => {
    expect(errorsOf(parseWithZod(form({ name: " " }), { schema: CategoryFormSchema }))).toEqual({
      name: ["Category name is required"],
    });
    const on = parseWithZod(form({ name: "Easter", isSpecial: "on" }), {
      schema: CategoryFormSchema,
    });
    expect(on.status === "success" && on.value).toEqual({
      name: "Easter",
      isSpecial: true,
      season: null,
    });
    const off = parseWithZod(form({ name: "Easter" }), { schema: CategoryFormSchema });
    expect(off.status === "success" && off.value).toEqual({
      name: "Easter",
      isSpecial: false,
      season: null,
    });
  });

  it("reads a special category's season as MM-DD days (decision 014)", () => {
    const season = {
      seasonStartDay: "1",
      seasonStartMonth: "04",
      seasonEndDay: "11",
      seasonEndMonth: "05",
    };
    const parsed = parseWithZod(form({ name: "Mother's Day", isSpecial: "on", ...season }), {
      schema: CategoryFormSchema,
    });
    expect(parsed.status === "success" && parsed.value).toEqual({
      name: "Mother's Day",
      isSpecial: true,
      season: { start: "04-01", end: "05-11" },
    });
    // Over the new year, and 29 February.
    const winter = parseWithZod(
      form({
        name: "Summer",
        isSpecial: "on",
        seasonStartDay: "29",
        seasonStartMonth: "2",
        seasonEndDay: "15",
        seasonEndMonth: "1",
      }),
      { schema: CategoryFormSchema },
    );
    expect(winter.status === "success" && winter.value.season).toEqual({
      start: "02-29",
      end: "01-15",
    });
  });

  it("refuses half a season, a day that does not exist, and a season on a regular category", () => {
    const errors = (fields: Record<string, string>) =>
      errorsOf(parseWithZod(form({ name: "X", ...fields }), { schema: CategoryFormSchema }));
    expect(errors({ isSpecial: "on", seasonStartDay: "1", seasonStartMonth: "4" })).toEqual({
      season: [SEASON_MESSAGES.incomplete],
    });
    expect(
      errors({
        isSpecial: "on",
        seasonStartDay: "31",
        seasonStartMonth: "4",
        seasonEndDay: "1",
        seasonEndMonth: "5",
      }),
    ).toEqual({ season: [SEASON_MESSAGES.noSuchDay] });
    expect(
      errors({
        seasonStartDay: "1",
        seasonStartMonth: "4",
        seasonEndDay: "1",
        seasonEndMonth: "5",
      }),
    ).toEqual({ season: [SEASON_MESSAGES.notSpecial] });
  });

  it("the manager's form: optional id, description and image", () => {
    const parsed = parseWithZod(
      form({ intent: "save", id: ID, name: "Decor", description: " Lamps " }),
      { schema: CategoryManagerSchema },
    );
    expect(parsed.status === "success" && parsed.value).toEqual({
      intent: "save",
      id: ID,
      name: "Decor",
      description: "Lamps",
      removeImage: false,
    });
    expect(
      parseWithZod(form({ intent: "save", id: "x", name: "Decor" }), {
        schema: CategoryManagerSchema,
      }).status,
    ).toBe("error");
  });
});
