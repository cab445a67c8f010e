import { and, asc, count, eq, inArray, notExists, sql } from "drizzle-orm";
import sharp from "sharp";
import type { PersonalisationRules } from "#app/lib/personalisation.ts";
import { auditLog, categories, productCategories, products } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import {
  type ImagePrefix,
  imagePlan,
  processImage,
  writeImageFiles,
} from "../storage/images.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import { notifyCatalogChanged } from "./catalog-events.server.ts";
import { personalisationValues } from "./personalisation.server.ts";

/*
 * The demo catalogue seeded into an empty database (SEED_DEMO). Images are drawn here as SVG
 * and go through the upload pipeline (WebP variants, content-addressed names), so nothing is
 * downloaded and the project ships no binary image.
 */

interface DemoCategory {
  name: string;
  description: string;
  isSpecial: boolean;
  palette: Palette;
  motif: Motif;
}

interface DemoProduct {
  name: string;
  description: string;
  price: string;
  categories: string[];
  palette: Palette;
  motif: Motif;
  /** What the product asks the buyer to write (decision 040). */
  personalisation?: PersonalisationRules;
}

type Palette = [background: string, accent: string, ink: string];
type Motif = "heart" | "egg" | "star" | "box" | "bulb" | "circle" | "leaf" | "gear" | "frame";

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: "Mother's Day Gifts",
    description: "Thoughtful, personalised pieces to celebrate the mothers in your life.",
    isSpecial: true,
    palette: ["#fde2e4", "#e36486", "#7a1f3d"],
    motif: "heart",
  },
  {
    name: "Easter Collection",
    description: "Seasonal décor and treats, handmade in Durban for the Easter weekend.",
    isSpecial: true,
    palette: ["#fef3c7", "#f59e0b", "#78350f"],
    motif: "egg",
  },
  {
    name: "Custom Gifts",
    description: "Engraved, printed and laser-cut gifts made to your design.",
    isSpecial: false,
    palette: ["#dbeafe", "#2563eb", "#1e3a8a"],
    motif: "star",
  },
  {
    name: "Home Décor",
    description: "Lighting, coasters and accents that bring a workshop touch to the home.",
    isSpecial: false,
    palette: ["#dcfce7", "#16a34a", "#14532d"],
    motif: "leaf",
  },
  {
    name: "Office & Desk",
    description: "Precision-made organisers and stands for a tidy, inspiring desk.",
    isSpecial: false,
    palette: ["#e2e8f0", "#475569", "#0f172a"],
    motif: "gear",
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: "Engraved Wooden Jewellery Box",
    description:
      "A hand-finished kiaat jewellery box with a velvet-lined tray and her name laser-engraved on the lid.",
    price: "450.00",
    categories: ["Mother's Day Gifts", "Custom Gifts"],
    palette: ["#fde2e4", "#b45309", "#7a1f3d"],
    motif: "box",
  },
  {
    name: "Personalised Photo Frame",
    description:
      "A solid wood frame engraved with a message of your choice. Holds a 10 × 15 cm photo.",
    price: "280.00",
    categories: ["Mother's Day Gifts"],
    palette: ["#fce7f3", "#db2777", "#831843"],
    motif: "frame",
  },
  {
    name: "Scented Soy Candle Trio",
    description:
      "Three hand-poured soy candles in reusable amber jars: rooibos, vanilla and lemongrass.",
    price: "320.00",
    categories: ["Mother's Day Gifts", "Home Décor"],
    palette: ["#ffedd5", "#ea580c", "#7c2d12"],
    motif: "circle",
  },
  {
    name: "Hand-Painted Easter Egg Set",
    description:
      "Six wooden eggs, each painted by hand in spring colours. Comes in a kraft gift box.",
    price: "180.00",
    categories: ["Easter Collection"],
    palette: ["#fef9c3", "#eab308", "#713f12"],
    motif: "egg",
  },
  {
    name: "Laser-Cut Bunny Décor",
    description:
      "A birch-plywood bunny silhouette for the mantelpiece, 25 cm tall, cut in our workshop.",
    price: "150.00",
    categories: ["Easter Collection", "Home Décor"],
    palette: ["#ecfccb", "#65a30d", "#365314"],
    motif: "egg",
  },
  {
    name: "Easter Treat Basket",
    description: "A woven basket filled with local chocolate eggs and a personalised name tag.",
    price: "260.00",
    categories: ["Easter Collection", "Custom Gifts"],
    palette: ["#fef3c7", "#d97706", "#78350f"],
    motif: "heart",
  },
  {
    name: "Custom Name Keyring",
    description:
      "A 3D-printed keyring with any name up to 12 letters, in the colour of your choice.",
    price: "85.00",
    categories: ["Custom Gifts"],
    palette: ["#e0e7ff", "#4f46e5", "#312e81"],
    motif: "star",
    // Decision 040: a fresh install's demo shows personalisation. Only the seed of an empty
    // shop sets it; an existing shop's products are never changed by an upgrade.
    personalisation: { label: "Name to engrave", maxLength: 12, required: true, choices: null },
  },
  {
    name: "Engraved Bamboo Cutting Board",
    description: "A sturdy bamboo board engraved with a family name or favourite recipe.",
    price: "390.00",
    categories: ["Custom Gifts", "Home Décor"],
    palette: ["#fef9c3", "#a16207", "#422006"],
    motif: "leaf",
  },
  {
    name: "LED Name Night Light",
    description:
      "An edge-lit acrylic panel with a name or message, on a wooden base with a warm-white LED strip and USB power.",
    price: "520.00",
    categories: ["Custom Gifts", "Home Décor"],
    palette: ["#cffafe", "#0891b2", "#164e63"],
    motif: "bulb",
  },
  {
    name: "3D-Printed Desk Organiser",
    description: "A modular organiser for pens, cards and cables, printed in recycled PLA.",
    price: "240.00",
    categories: ["Office & Desk"],
    palette: ["#e2e8f0", "#0f766e", "#0f172a"],
    motif: "gear",
  },
  {
    name: "Walnut Phone Stand",
    description: "A CNC-milled walnut stand that holds any phone upright, optionally engraved.",
    price: "210.00",
    categories: ["Office & Desk", "Custom Gifts"],
    palette: ["#f5f5f4", "#78716c", "#292524"],
    motif: "box",
  },
  {
    name: "Resin Coaster Set",
    description: "Four ocean-inspired resin coasters with cork backing, each one unique.",
    price: "300.00",
    categories: ["Home Décor"],
    palette: ["#e0f2fe", "#0284c7", "#0c4a6e"],
    motif: "circle",
  },
];

const MOTIFS: Record<Motif, (accent: string, ink: string) => string> = {
  heart: (a, i) =>
    `<path d="M400 600 C200 470 170 330 270 270 C340 228 390 262 400 300 C410 262 460 228 530 270 C630 330 600 470 400 600 Z" fill="${a}" stroke="${i}" stroke-width="10"/>`,
  egg: (a, i) =>
    `<ellipse cx="400" cy="430" rx="170" ry="220" fill="${a}" stroke="${i}" stroke-width="10"/><path d="M245 400 Q320 360 400 400 T555 400" fill="none" stroke="${i}" stroke-width="14"/><path d="M240 480 Q320 440 400 480 T560 480" fill="none" stroke="#ffffff" stroke-width="14"/>`,
  star: (a, i) =>
    `<polygon points="400,190 460,340 620,345 495,445 540,600 400,510 260,600 305,445 180,345 340,340" fill="${a}" stroke="${i}" stroke-width="10" stroke-linejoin="round"/>`,
  box: (a, i) =>
    `<rect x="220" y="330" width="360" height="250" rx="18" fill="${a}" stroke="${i}" stroke-width="10"/><rect x="200" y="270" width="400" height="80" rx="14" fill="${i}"/><rect x="380" y="270" width="40" height="310" fill="#ffffff" opacity="0.7"/>`,
  bulb: (a, i) =>
    `<circle cx="400" cy="360" r="150" fill="${a}" stroke="${i}" stroke-width="10"/><rect x="340" y="500" width="120" height="90" rx="12" fill="${i}"/><path d="M360 360 l40 60 l40 -60" fill="none" stroke="#ffffff" stroke-width="12"/>`,
  circle: (a, i) =>
    `<circle cx="300" cy="430" r="110" fill="${a}" stroke="${i}" stroke-width="10"/><circle cx="500" cy="430" r="110" fill="${a}" stroke="${i}" stroke-width="10" opacity="0.85"/><circle cx="400" cy="300" r="110" fill="${a}" stroke="${i}" stroke-width="10" opacity="0.7"/>`,
  leaf: (a, i) =>
    `<path d="M220 580 C220 340 380 220 600 220 C600 460 460 580 220 580 Z" fill="${a}" stroke="${i}" stroke-width="10"/><path d="M240 560 L560 250" stroke="${i}" stroke-width="10"/>`,
  gear: (a, i) =>
    `<g transform="translate(400 400)">${Array.from({ length: 8 }, (_, k) => `<rect x="-30" y="-215" width="60" height="70" rx="8" fill="${i}" transform="rotate(${k * 45})"/>`).join("")}<circle r="160" fill="${a}" stroke="${i}" stroke-width="10"/><circle r="60" fill="#ffffff"/></g>`,
  frame: (a, i) =>
    `<rect x="200" y="200" width="400" height="400" rx="10" fill="${i}"/><rect x="245" y="245" width="310" height="310" fill="${a}"/><path d="M245 555 L340 430 L410 500 L470 440 L555 555 Z" fill="#ffffff" opacity="0.8"/><circle cx="480" cy="320" r="34" fill="#ffffff" opacity="0.8"/>`,
};

function illustration([background, accent, ink]: Palette, motif: Motif): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="680" cy="120" r="70" fill="${accent}" opacity="0.18"/>
  <circle cx="110" cy="700" r="90" fill="${accent}" opacity="0.14"/>
  ${MOTIFS[motif](accent, ink)}
</svg>`;
}

/**
 * Draws a demo image and stores it through the upload pipeline (so it gets the same WebP
 * variants as an upload), returning the URL to store. The SVG is ours, so it is rasterised
 * here to PNG first: the pipeline itself never accepts SVG.
 */
async function drawDemoImage(
  storage: FileStorage,
  prefix: ImagePrefix,
  palette: Palette,
  motif: Motif,
) {
  const png = await sharp(Buffer.from(illustration(palette, motif)))
    .resize(DEMO_IMAGE_SIZE, DEMO_IMAGE_SIZE)
    .png()
    .toBuffer();
  return imagePlan(storage, prefix, await processImage(png));
}

/** Demo images are drawn at this size (variants 320, 640 and 800 pixels wide). */
const DEMO_IMAGE_SIZE = 800;

/**
 * Seeds the demo catalogue when there are no products and no categories. Returns whether it
 * seeded. Images are drawn first; their files and the rows commit in one transaction.
 */
export async function seedDemoCatalogue(db: Database, storage: FileStorage): Promise<boolean> {
  const [productCount] = await db.select({ n: count() }).from(products);
  const [categoryCount] = await db.select({ n: count() }).from(categories);
  if ((productCount?.n ?? 0) > 0 || (categoryCount?.n ?? 0) > 0) return false;

  // One at a time: sharp already uses every core for each image.
  const categoryPlans: ReturnType<typeof imagePlan>[] = [];
  for (const c of DEMO_CATEGORIES) {
    categoryPlans.push(await drawDemoImage(storage, "categories", c.palette, c.motif));
  }
  const productPlans: ReturnType<typeof imagePlan>[] = [];
  for (const p of DEMO_PRODUCTS) {
    productPlans.push(await drawDemoImage(storage, "products", p.palette, p.motif));
  }
  const categoryImages = categoryPlans.map((plan) => plan.url);
  const productImages = productPlans.map((plan) => plan.url);

  await db.transaction(async (tx) => {
    for (const plan of [...categoryPlans, ...productPlans]) {
      await writeImageFiles(tx, storage, plan.files);
    }
    const insertedCategories = await tx
      .insert(categories)
      .values(
        DEMO_CATEGORIES.map((c, index) => ({
          name: c.name,
          description: c.description,
          isSpecial: c.isSpecial,
          imageUrl: categoryImages[index],
        })),
      )
      .returning({ id: categories.id, name: categories.name });
    const categoryIdByName = new Map(insertedCategories.map((c) => [c.name, c.id]));

    const insertedProducts = await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map((p, index) => ({
          name: p.name,
          description: p.description,
          price: p.price,
          imageUrl: productImages[index],
          ...personalisationValues(p.personalisation ?? null),
        })),
      )
      .returning({ id: products.id, name: products.name });

    const links = insertedProducts.flatMap((inserted) => {
      const demo = DEMO_PRODUCTS.find((p) => p.name === inserted.name)!;
      return demo.categories.map((name) => ({
        productId: inserted.id,
        categoryId: categoryIdByName.get(name)!,
      }));
    });
    await tx.insert(productCategories).values(links);
    // Another process on the same PostgreSQL database may already serve cached pages.
    await notifyCatalogChanged(tx);
  });
  return true;
}

/**
 * The demo products still in the shop (their names, A to Z), for the System page's warning.
 * A demo product is one with a demo product's name that no admin ever created or saved: every
 * product created or saved in the admin has an audit record in the same transaction, and
 * the seed writes none. So a shop seeded by any version is recognised, while a product the
 * owner made (or made their own by editing a demo one) under the same name is not.
 */
export async function listedDemoProducts(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(
      and(
        inArray(
          products.name,
          DEMO_PRODUCTS.map((p) => p.name),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(auditLog)
            .where(
              and(eq(auditLog.entity, "product"), eq(auditLog.entityId, sql`${products.id}::text`)),
            ),
        ),
      ),
    )
    .orderBy(asc(products.name));
  return rows.map((row) => row.name);
}
