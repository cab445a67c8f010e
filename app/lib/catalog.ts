import type { PersonalisationRules } from "./personalisation.ts";
import type { SeasonWindow } from "./seasons.ts";

/*
 * The shapes of categories and products as the shop's and the admin's pages show them:
 * built on the server (app/server/catalog), rendered by components that must not import
 * server modules.
 */

export interface CategoryTag {
  id: string;
  name: string;
  isSpecial: boolean;
}

export interface ProductSummary {
  id: string;
  name: string;
  priceCents: number;
  imageUrl: string | null;
  /** The buyer must write a text (decision 040): a card sends them to the product page. */
  personalisationRequired: boolean;
  /** All linked categories, in the order they were linked (the first one labels a card). */
  categories: CategoryTag[];
}

export interface AdminCategoryRow {
  id: string;
  name: string;
  description: string | null;
  isSpecial: boolean;
  imageUrl: string | null;
  /** A special category's yearly season (decision 014), or null: always shown. */
  season: SeasonWindow | null;
  /** How many products are linked to it, counted by the database. */
  productCount: number;
  /** Whether the shop shows it now; out of season, the day it returns ("YYYY-MM-DD"). */
  inSeason: boolean;
  returnsOn: string | null;
}

export type CategoryRecord = Omit<AdminCategoryRow, "productCount" | "inSeason" | "returnsOn">;

export interface AdminCategoryTag {
  id: string;
  name: string;
  isSpecial: boolean;
}

export interface ProductForEdit {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  imageUrl: string | null;
  categoryIds: string[];
  /** Its photos' URLs in order, the first the cover (decision 039). */
  photos: string[];
  personalisation: PersonalisationRules | null;
}
