import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { HERO_TILE_COUNT, HERO_TILE_ICON_NAMES } from "../hero-tiles.ts";
import { singleLineString } from "./text.ts";

/** Settings → Shop hero tiles (decision 042): three different categories, a line and an icon each. */

export const HERO_TILE_MESSAGES = {
  category: "Please choose a category for this tile.",
  blurb: "Please write a short line for this tile.",
  blurbTooLong: "Please keep the line to 60 characters.",
  icon: "Please choose an icon for this tile.",
  duplicate: "Each tile needs a different category.",
  count: `Please set all ${HERO_TILE_COUNT} tiles.`,
} as const;

const HeroTileSchema = z.object({
  categoryId: z.uuid(HERO_TILE_MESSAGES.category),
  blurb: singleLineString({ error: HERO_TILE_MESSAGES.blurb })
    .trim()
    .min(1, HERO_TILE_MESSAGES.blurb)
    .max(60, HERO_TILE_MESSAGES.blurbTooLong),
  icon: z.enum(HERO_TILE_ICON_NAMES as [string, ...string[]], HERO_TILE_MESSAGES.icon),
});

export const HeroTilesSchema = z.object({
  tiles: z
    .array(HeroTileSchema, HERO_TILE_MESSAGES.count)
    .length(HERO_TILE_COUNT, HERO_TILE_MESSAGES.count)
    .superRefine((tiles, ctx) => {
      tiles.forEach((tile, index) => {
        if (tiles.findIndex((other) => other.categoryId === tile.categoryId) !== index) {
          ctx.addIssue({
            code: "custom",
            path: [index, "categoryId"],
            message: HERO_TILE_MESSAGES.duplicate,
          });
        }
      });
    }),
});
export type HeroTilesInput = z.infer<typeof HeroTilesSchema>;
