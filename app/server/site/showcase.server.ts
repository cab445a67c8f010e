import { and, asc, eq, gt, lt, max, sql } from "drizzle-orm";
import { data } from "react-router";
import { EQUIPMENT_SEED, PORTFOLIO_SEED } from "#app/content/site.ts";
import {
  type AdminShowcaseEntry,
  type Division,
  isShowcaseKind,
  SHOWCASE_LABELS,
  type ShowcaseEntry,
  type ShowcaseKind,
} from "#app/lib/showcase.ts";
import { SHOWCASE_MESSAGES, type ShowcaseListIntent } from "#app/lib/validation/showcase.ts";
import { showcaseItems, siteSettings } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import { adoptImage, collectUnusedImages } from "../catalog/catalog-images.server.ts";
import type { CatalogWriteOptions } from "../catalog/products.server.ts";
import type { Database } from "../db/client.server.ts";
import type { ProcessedImage } from "../storage/images.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import type { SettingChange } from "./business-details.server.ts";

/*
 * The owner's showcases (decision 043): the home page's portfolio and /hardware's equipment
 * gallery. Each entry is a `showcase_items` row; its picture goes through the product image
 * pipeline (decision 008) and is collected when no entry, product or category uses it any
 * more. Every change is audited and notifies the catalogue channel in its transaction, so
 * every process drops its cached pages (decision 011).
 */

/** The showcase of an admin page's address (`:kind`); any other is a 404. */
export function showcaseKindOf(params: { kind?: string }): ShowcaseKind {
  if (!isShowcaseKind(params.kind)) throw data("There is no such page.", { status: 404 });
  return params.kind;
}

/** The site_settings row that says the spec's entries were put in once (never again). */
const SEEDED_KEY = "showcase_seeded";

/**
 * At the first start of a database: the spec's six projects and six machines, with the
 * pictures shipped with the site. Later starts change nothing, so an owner's deletions stay.
 */
export async function seedShowcase(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(siteSettings)
      .values({ key: SEEDED_KEY, value: true })
      .onConflictDoNothing()
      .returning({ key: siteSettings.key });
    if (marked.length === 0) return false;
    await tx.insert(showcaseItems).values([
      ...PORTFOLIO_SEED.map((project, position) => ({
        kind: "portfolio",
        title: project.title,
        division: project.category,
        description: project.description,
        imageUrl: project.image,
        position,
      })),
      ...EQUIPMENT_SEED.map((item, position) => ({
        kind: "equipment",
        title: item.name,
        description: item.description,
        imageUrl: item.image,
        position,
      })),
    ]);
    return true;
  });
}

const entryColumns = {
  id: showcaseItems.id,
  kind: showcaseItems.kind,
  title: showcaseItems.title,
  division: showcaseItems.division,
  description: showcaseItems.description,
  imageUrl: showcaseItems.imageUrl,
  linkUrl: showcaseItems.linkUrl,
  hidden: showcaseItems.hidden,
  position: showcaseItems.position,
};

type EntryRow = Omit<AdminShowcaseEntry, "kind" | "division"> & {
  kind: string;
  division: string | null;
};

const asAdminEntry = (row: EntryRow): AdminShowcaseEntry => ({
  ...row,
  kind: row.kind as ShowcaseKind,
  division: row.division as Division | null,
});

/** What the site shows: the visible entries in the owner's order. */
export async function loadShowcase(db: Database, kind: ShowcaseKind): Promise<ShowcaseEntry[]> {
  const rows = await db
    .select({
      title: showcaseItems.title,
      division: showcaseItems.division,
      description: showcaseItems.description,
      imageUrl: showcaseItems.imageUrl,
      linkUrl: showcaseItems.linkUrl,
    })
    .from(showcaseItems)
    .where(and(eq(showcaseItems.kind, kind), eq(showcaseItems.hidden, false)))
    .orderBy(asc(showcaseItems.position), asc(showcaseItems.createdAt));
  return rows.map((row) => ({ ...row, division: row.division as Division | null }));
}

/** Every entry, hidden ones too, in order (the admin's list). */
export async function listShowcase(
  db: Database,
  kind: ShowcaseKind,
): Promise<AdminShowcaseEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(showcaseItems)
    .where(eq(showcaseItems.kind, kind))
    .orderBy(asc(showcaseItems.position), asc(showcaseItems.createdAt));
  return rows.map(asAdminEntry);
}

/** One entry of a showcase, or null when the id is unknown, malformed or of the other one. */
export async function getShowcaseEntry(
  db: Database,
  kind: ShowcaseKind,
  id: string,
): Promise<AdminShowcaseEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(entryColumns)
    .from(showcaseItems)
    .where(and(eq(showcaseItems.id, id), eq(showcaseItems.kind, kind)));
  return row ? asAdminEntry(row) : null;
}

export interface ShowcaseEntryChanges {
  title: string;
  division: Division | null;
  description: string;
  linkUrl: string | null;
  hidden: boolean;
  /** A new picture; undefined keeps the entry's own. */
  image?: ProcessedImage;
}

export type SaveShowcaseResult =
  | { ok: true; id: string; title: string; created: boolean; changes: SettingChange[] }
  | { ok: false; code: "not-found" | "image-required"; message: string };

const notFound = (kind: ShowcaseKind) =>
  ({
    ok: false,
    code: "not-found",
    message: `The ${SHOWCASE_LABELS[kind].entry} does not exist: it may have been deleted.`,
  }) as const;

/** An entry's fields in words, for the audit log's before → after. */
function inWords(entry: {
  title: string;
  division: string | null;
  description: string;
  linkUrl: string | null;
  hidden: boolean;
  imageUrl: string;
}): [string, string][] {
  return [
    ["title", entry.title],
    ...(entry.division ? ([["division", entry.division]] as [string, string][]) : []),
    ["description", entry.description],
    ["link", entry.linkUrl ?? "(none)"],
    ["shown", entry.hidden ? "hidden" : "shown"],
    ["picture", entry.imageUrl],
  ];
}

function changesBetween(
  before: Parameters<typeof inWords>[0] | null,
  after: Parameters<typeof inWords>[0],
) {
  const was = new Map(before ? inWords(before) : []);
  return inWords(after)
    .filter(([field, value]) => was.get(field) !== value)
    .map(([field, to]) => ({ field, from: was.get(field) ?? "", to }));
}

/**
 * Creates (`id` null, added last) or updates an entry with its audit record, in one
 * transaction with its picture's files; a picture no longer used is collected after the commit.
 */
export async function saveShowcaseEntry(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  kind: ShowcaseKind,
  id: string | null,
  changes: ShowcaseEntryChanges,
  options: CatalogWriteOptions = {},
): Promise<SaveShowcaseResult> {
  if (id !== null && !isUuid(id)) return notFound(kind);
  if (id === null && !changes.image) {
    return { ok: false, code: "image-required", message: SHOWCASE_MESSAGES.image };
  }
  let newImageUrl: string | null = null;
  let replacedImageUrl: string | null = null;
  try {
    const result = await db.transaction(async (tx): Promise<SaveShowcaseResult> => {
      let before: AdminShowcaseEntry | null = null;
      if (id !== null) {
        const [row] = await tx
          .select(entryColumns)
          .from(showcaseItems)
          .where(and(eq(showcaseItems.id, id), eq(showcaseItems.kind, kind)))
          .for("update");
        if (!row) return notFound(kind);
        before = asAdminEntry(row);
      }
      // A new entry goes last: one lock per showcase orders concurrent additions (taken before
      // the picture's lock, in the same order as the list's buttons take theirs).
      if (before === null) await lockShowcase(tx, kind);
      let imageUrl = before?.imageUrl ?? "";
      if (changes.image) {
        newImageUrl = await adoptImage(tx, storage, "showcase", changes.image);
        imageUrl = newImageUrl;
      }
      if (before && before.imageUrl !== imageUrl) replacedImageUrl = before.imageUrl;
      const values = {
        title: changes.title,
        division: kind === "portfolio" ? changes.division : null,
        description: changes.description,
        linkUrl: kind === "portfolio" ? changes.linkUrl : null,
        hidden: changes.hidden,
        imageUrl,
      };
      const changed = changesBetween(before, values);
      let entryId: string;
      if (before === null) {
        const [last] = await tx
          .select({ position: max(showcaseItems.position) })
          .from(showcaseItems)
          .where(eq(showcaseItems.kind, kind));
        const [inserted] = await tx
          .insert(showcaseItems)
          .values({ kind, ...values, position: (last?.position ?? -1) + 1 })
          .returning({ id: showcaseItems.id });
        entryId = inserted!.id;
      } else {
        if (changed.length === 0) {
          return { ok: true, id: before.id, title: before.title, created: false, changes: [] };
        }
        await tx
          .update(showcaseItems)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(showcaseItems.id, before.id));
        entryId = before.id;
      }
      await recordAudit(tx, actor, {
        action: `showcase.${before === null ? "create" : "update"}`,
        entity: "showcase_item",
        entityId: entryId,
        details: { kind, title: changes.title, changes: changed },
      });
      await notifyCatalogChanged(tx);
      return {
        ok: true,
        id: entryId,
        title: changes.title,
        created: before === null,
        changes: changed,
      };
    });
    await collectUnusedImages(
      db,
      storage,
      result.ok ? [replacedImageUrl] : [newImageUrl],
      options.onCleanupError,
    );
    return result;
  } catch (error) {
    await collectUnusedImages(db, storage, [newImageUrl], options.onCleanupError);
    throw error;
  }
}

/** The first key of pg_advisory_xact_lock(int4, int4): "showcase order" (ASCII 'SHOW'). */
const SHOWCASE_LOCK_CLASS = 0x53484f57;

async function lockShowcase(tx: Database, kind: ShowcaseKind) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SHOWCASE_LOCK_CLASS}::int4, ${kind === "portfolio" ? 1 : 2}::int4)`,
  );
}

export type ShowcaseListResult =
  | { ok: true; title: string; done: string }
  | { ok: false; code: "not-found"; message: string };

/**
 * The list's buttons: move an entry one place up or down (swapping with its neighbour), hide
 * or show it, or delete it (its picture is collected after the commit). Audited; a move at the
 * top or bottom, or hiding a hidden entry, changes nothing and records nothing.
 */
export async function changeShowcaseEntry(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  kind: ShowcaseKind,
  intent: ShowcaseListIntent,
  id: string,
  options: CatalogWriteOptions = {},
): Promise<ShowcaseListResult> {
  if (!isUuid(id)) return notFound(kind);
  const result = await db.transaction(
    async (tx): Promise<ShowcaseListResult & { imageUrl?: string }> => {
      // Moves read and write two positions: one at a time per showcase.
      await lockShowcase(tx, kind);
      const [entry] = await tx
        .select(entryColumns)
        .from(showcaseItems)
        .where(and(eq(showcaseItems.id, id), eq(showcaseItems.kind, kind)))
        .for("update");
      if (!entry) return notFound(kind);
      const audit = (verb: string, details: Record<string, unknown> = {}) =>
        recordAudit(tx, actor, {
          action: `showcase.${verb}`,
          entity: "showcase_item",
          entityId: entry.id,
          details: { kind, title: entry.title, ...details },
        });

      if (intent === "delete") {
        await tx.delete(showcaseItems).where(eq(showcaseItems.id, entry.id));
        await audit("delete", { imageUrl: entry.imageUrl });
        await notifyCatalogChanged(tx);
        return { ok: true, title: entry.title, done: "deleted", imageUrl: entry.imageUrl };
      }
      if (intent === "hide" || intent === "show") {
        const hidden = intent === "hide";
        if (entry.hidden !== hidden) {
          await tx
            .update(showcaseItems)
            .set({ hidden, updatedAt: new Date() })
            .where(eq(showcaseItems.id, entry.id));
          await audit(intent);
          await notifyCatalogChanged(tx);
        }
        return { ok: true, title: entry.title, done: hidden ? "hidden" : "shown again" };
      }
      const up = intent === "move-up";
      const [neighbour] = await tx
        .select({ id: showcaseItems.id, position: showcaseItems.position })
        .from(showcaseItems)
        .where(
          and(
            eq(showcaseItems.kind, kind),
            up
              ? lt(showcaseItems.position, entry.position)
              : gt(showcaseItems.position, entry.position),
          ),
        )
        .orderBy(up ? sql`${showcaseItems.position} desc` : asc(showcaseItems.position))
        .limit(1);
      if (!neighbour) {
        return { ok: true, title: entry.title, done: up ? "already first" : "already last" };
      }
      await tx
        .update(showcaseItems)
        .set({ position: neighbour.position })
        .where(eq(showcaseItems.id, entry.id));
      await tx
        .update(showcaseItems)
        .set({ position: entry.position })
        .where(eq(showcaseItems.id, neighbour.id));
      await audit(up ? "move-up" : "move-down");
      await notifyCatalogChanged(tx);
      return { ok: true, title: entry.title, done: up ? "moved up" : "moved down" };
    },
  );
  if (result.ok && result.imageUrl) {
    await collectUnusedImages(db, storage, [result.imageUrl], options.onCleanupError);
  }
  if (!result.ok) return result;
  return { ok: true, title: result.title, done: result.done };
}
