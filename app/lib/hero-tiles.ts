/*
 * The three quick tiles of the /crafts hero (docs/product.md §2.7, §3.17; decision 042):
 * which categories they lead to, in which order, with a line and an icon each. The owner picks
 * them under Settings → Shop hero tiles; a new install shows the spec's three.
 */

/** docs/product.md §9: the hero has three tiles. */
export const HERO_TILE_COUNT = 3;

/** The icons a tile may show, with the words the admin's list uses for them. */
export const HERO_TILE_ICONS = {
  heart: "Heart",
  egg: "Egg",
  gift: "Gift",
  star: "Star",
  flower: "Flower",
  tree: "Tree",
} as const;
export type HeroTileIcon = keyof typeof HERO_TILE_ICONS;
export const HERO_TILE_ICON_NAMES = Object.keys(HERO_TILE_ICONS) as HeroTileIcon[];

/** A tile as stored: its category by id, so that renaming the category keeps the tile. */
export interface StoredHeroTile {
  categoryId: string;
  blurb: string;
  icon: HeroTileIcon;
}

/** A tile as /crafts shows it. */
export interface HeroTile {
  name: string;
  blurb: string;
  icon: HeroTileIcon;
}

/** docs/product.md §2.7: Mother's Day Gifts, Easter Collection, Custom Gifts. */
export const DEFAULT_HERO_TILES: readonly HeroTile[] = [
  { name: "Mother's Day Gifts", blurb: "Personalised keepsakes for her", icon: "heart" },
  { name: "Easter Collection", blurb: "Seasonal décor and treats", icon: "egg" },
  { name: "Custom Gifts", blurb: "Made to your design", icon: "gift" },
];
