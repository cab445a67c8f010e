/*
 * The owner's showcases (decision 043): the home page's portfolio projects (docs/product.md
 * §2.4) and /hardware's equipment gallery (§9). The owner lists, adds, edits, reorders, hides
 * and deletes their entries under Settings; a new install shows the spec's six of each.
 */

export const SHOWCASE_KINDS = ["portfolio", "equipment"] as const;
export type ShowcaseKind = (typeof SHOWCASE_KINDS)[number];

export const DIVISIONS = ["Digital", "Hardware", "Bespoke"] as const;
export type Division = (typeof DIVISIONS)[number];

export const isShowcaseKind = (value: unknown): value is ShowcaseKind =>
  SHOWCASE_KINDS.includes(value as ShowcaseKind);

/** How the admin names each showcase and its entries, and where the site shows them. */
export const SHOWCASE_LABELS = {
  portfolio: {
    title: "Portfolio",
    entry: "project",
    Entry: "Project",
    description: "The projects in the home page's portfolio, in order, with their filter.",
    sitePath: "/#portfolio",
    siteName: "the home page's portfolio",
  },
  equipment: {
    title: "Equipment",
    entry: "item",
    Entry: "Item",
    description: "The equipment gallery on the Hardware & Manufacturing page, in order.",
    sitePath: "/hardware#equipment",
    siteName: "the Hardware page's equipment gallery",
  },
} as const satisfies Record<ShowcaseKind, object>;

export const showcaseAdminPath = (kind: ShowcaseKind) => `/admin/settings/${kind}`;

/**
 * An entry as the site shows it (visible entries only, in order). No id: a page's data does
 * not need one, and six random UUIDs cost a first visit to / about 200 bytes (decision 043).
 */
export interface ShowcaseEntry {
  title: string;
  /** A portfolio project's division; null for equipment. */
  division: Division | null;
  description: string;
  imageUrl: string;
  linkUrl: string | null;
}

/** An entry as the admin lists and edits it. */
export interface AdminShowcaseEntry extends ShowcaseEntry {
  id: string;
  kind: ShowcaseKind;
  hidden: boolean;
  position: number;
}
