import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EQUIPMENT_SEED, PORTFOLIO_SEED } from "#app/content/site.ts";
import { imageVariants } from "#app/lib/image-variants.ts";
import type { ShowcaseKind } from "#app/lib/showcase.ts";
import { SHOWCASE_MESSAGES } from "#app/lib/validation/showcase.ts";
import type { AuditActor } from "#app/server/audit/audit.server.ts";
import { CATALOG_CHANNEL } from "#app/server/catalog/catalog-events.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  changeShowcaseEntry,
  getShowcaseEntry,
  listShowcase,
  loadShowcase,
  type ShowcaseEntryChanges,
  saveShowcaseEntry,
  seedShowcase,
} from "#app/server/site/showcase.server.ts";
import { type ProcessedImage, processImage } from "#app/server/storage/images.server.ts";
import { type FileStorage, StorageWriteError } from "#app/server/storage/storage.server.ts";
import { showcaseItems } from "#db/schema/index.ts";
import {
  auditRows,
  expectInjectedFailure,
  injectCommitFailure,
  injectInsertFailure,
  listenWithPayloads,
} from "#tests/setup/catalog.ts";
import { pngImage } from "#tests/setup/images.ts";
import { createTestServices, type TestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The owner's showcases (decision 043): the home page's portfolio and /hardware's equipment
 * gallery. The spec's six of each once, on the first start only; entries added last with a
 * picture from the upload pipeline; edits, moves, hiding and deleting audited, announced on
 * the catalogue channel and all or nothing; a picture's files kept while any entry uses them.
 */

let handle: DatabaseHandle;
let services: TestServices;
/** The payloads heard on the catalogue channel, in the order they were sent. */
const heard: string[] = [];
let stopListening: () => Promise<void>;
const owner: AuditActor = { userId: null, email: "showcase-owner@example.co.za" };

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  stopListening = await listenWithPayloads(handle, (payload) => heard.push(payload));
}, 120_000);
afterAll(async () => {
  await stopListening();
  await handle.close();
});

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** A real upload through the pipeline: 700 px wide, so three files (320, 640 and 700). */
const picture = async (seed: number) => processImage(await pngImage(700, 400, seed));
const urlOf = (image: ProcessedImage) => `/uploads/showcase/${image.hash}-700.webp`;
/** The storage keys of every variant of an uploaded picture's URL. */
const filesOf = (url: string) =>
  (imageVariants(url) ?? []).map((v) => v.url.replace("/uploads/", "")).sort();
/** Every stored file under the showcase prefix. */
const showcaseFiles = async (storage: FileStorage = services.storage) =>
  (await storage.list(services.db)).filter((key) => key.startsWith("showcase/"));
const titles = async (kind: ShowcaseKind) =>
  (await listShowcase(services.db, kind)).map((entry) => entry.title);
const visibleTitles = async (kind: ShowcaseKind) =>
  (await loadShowcase(services.db, kind)).map((entry) => entry.title);
const showcaseAudit = (id?: string) => auditRows(services.db, "showcase_item", id);

const project = (values: Partial<ShowcaseEntryChanges> = {}): ShowcaseEntryChanges => ({
  title: "Solar Geyser Controller",
  division: "Bespoke",
  description: "A controller that runs a geyser on solar power first and Eskom last.",
  linkUrl: "https://example.co.za/geyser",
  hidden: false,
  ...values,
});

const machine = (title: string, values: Partial<ShowcaseEntryChanges> = {}) => ({
  title,
  division: null,
  description: `${title}: in the workshop since 2024.`,
  linkUrl: null,
  hidden: false,
  ...values,
});

/** Saves and expects success: the new or changed entry's id and the changes it reports. */
async function saved(
  kind: ShowcaseKind,
  id: string | null,
  changes: ShowcaseEntryChanges,
  storage: FileStorage = services.storage,
) {
  const result = await saveShowcaseEntry(services.db, storage, owner, kind, id, changes);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result;
}

/** The id of the entry with this title (hidden ones too). */
async function idOf(kind: ShowcaseKind, title: string) {
  const entry = (await listShowcase(services.db, kind)).find((e) => e.title === title);
  if (!entry) throw new Error(`no ${kind} entry "${title}"`);
  return entry.id;
}

async function rowCount() {
  const [row] = await services.db.select({ n: sql<number>`count(*)::int` }).from(showcaseItems);
  return row!.n;
}

/**
 * How many notifications a change sent. No waiting for one to arrive: a marker is sent after
 * the change, and one connection hears notifications in commit order, so once the marker is
 * heard every notification of the change has been heard too (docs/testing.md "Time in tests").
 */
async function eventsDuring(change: () => Promise<unknown>) {
  const before = heard.length;
  await change();
  const marker = `marker-${crypto.randomUUID()}`;
  await services.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${marker})`);
  await expect.poll(() => heard.includes(marker)).toBe(true);
  return heard.slice(before).filter((payload) => payload !== marker).length;
}

describe("the spec's entries", () => {
  it("are put into an empty database once, in order, with their divisions", async () => {
    const { db } = services;
    expect(await listShowcase(db, "portfolio")).toEqual([]);
    expect(await listShowcase(db, "equipment")).toEqual([]);

    expect(await seedShowcase(db)).toBe(true);
    expect(await loadShowcase(db, "portfolio")).toEqual(
      PORTFOLIO_SEED.map((p) => ({
        title: p.title,
        division: p.category,
        description: p.description,
        imageUrl: p.image,
        linkUrl: null,
      })),
    );
    expect(await loadShowcase(db, "equipment")).toEqual(
      EQUIPMENT_SEED.map((item) => ({
        title: item.name,
        division: null,
        description: item.description,
        imageUrl: item.image,
        linkUrl: null,
      })),
    );
    expect(
      (await listShowcase(db, "portfolio")).map((e) => [e.kind, e.position, e.hidden]),
    ).toEqual(PORTFOLIO_SEED.map((_, i) => ["portfolio", i, false]));
    expect(PORTFOLIO_SEED).toHaveLength(6);
    expect(EQUIPMENT_SEED).toHaveLength(6);

    // A later start changes nothing.
    expect(await seedShowcase(db)).toBe(false);
    expect(await rowCount()).toBe(12);
    expect(await showcaseAudit()).toEqual([]);
  });

  it("do not come back after the owner has deleted every one", async () => {
    const own = await createTestDatabase();
    try {
      const storage = createTestServices(own).storage;
      expect(await seedShowcase(own.db)).toBe(true);
      for (const kind of ["portfolio", "equipment"] as const) {
        for (const entry of await listShowcase(own.db, kind)) {
          expect(
            await changeShowcaseEntry(own.db, storage, owner, kind, "delete", entry.id),
          ).toEqual({ ok: true, title: entry.title, done: "deleted" });
        }
      }
      expect(await seedShowcase(own.db)).toBe(false);
      expect(await listShowcase(own.db, "portfolio")).toEqual([]);
      expect(await listShowcase(own.db, "equipment")).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe("adding an entry", () => {
  it("needs a picture, and writes nothing without one", async () => {
    const before = await listShowcase(services.db, "portfolio");
    expect(
      await saveShowcaseEntry(services.db, services.storage, owner, "portfolio", null, project()),
    ).toEqual({ ok: false, code: "image-required", message: SHOWCASE_MESSAGES.image });
    expect(await listShowcase(services.db, "portfolio")).toEqual(before);
    expect(await showcaseAudit()).toEqual([]);
    expect(await showcaseFiles()).toEqual([]);
  });

  it("adds it last with its picture's files under showcase/, audited", async () => {
    const image = await picture(1);
    const url = urlOf(image);
    const result = await saved("portfolio", null, project({ image }));
    const changes = [
      { field: "title", from: "", to: "Solar Geyser Controller" },
      { field: "division", from: "", to: "Bespoke" },
      {
        field: "description",
        from: "",
        to: "A controller that runs a geyser on solar power first and Eskom last.",
      },
      { field: "link", from: "", to: "https://example.co.za/geyser" },
      { field: "shown", from: "", to: "shown" },
      { field: "picture", from: "", to: url },
    ];
    expect(result).toEqual({
      ok: true,
      id: expect.any(String),
      title: "Solar Geyser Controller",
      created: true,
      changes,
    });

    expect(await titles("portfolio")).toEqual([
      ...PORTFOLIO_SEED.map((p) => p.title),
      "Solar Geyser Controller",
    ]);
    const shown = await loadShowcase(services.db, "portfolio");
    expect(shown).toHaveLength(7);
    expect(shown.at(-1)).toEqual({
      title: "Solar Geyser Controller",
      division: "Bespoke",
      description: "A controller that runs a geyser on solar power first and Eskom last.",
      imageUrl: url,
      linkUrl: "https://example.co.za/geyser",
    });
    expect(shown.at(-1)!.imageUrl).toMatch(/^\/uploads\/showcase\/[0-9a-f]{32}-\d+\.webp$/);
    expect((await getShowcaseEntry(services.db, "portfolio", result.id))?.position).toBe(6);

    expect(await showcaseFiles()).toEqual(filesOf(url));
    expect(filesOf(url)).toEqual([
      `showcase/${image.hash}-320.webp`,
      `showcase/${image.hash}-640.webp`,
      `showcase/${image.hash}-700.webp`,
    ]);
    expect(await showcaseAudit(result.id)).toEqual([
      {
        action: "showcase.create",
        entityId: result.id,
        actorEmail: owner.email,
        actorUserId: null,
        details: { kind: "portfolio", title: "Solar Geyser Controller", changes },
      },
    ]);
  });

  it("keeps an equipment item without a division, unknown to the portfolio", async () => {
    const files = await showcaseFiles();
    const image = await picture(2);
    const result = await saved(
      "equipment",
      null,
      machine("Laser Cutter", { division: "Hardware", image }),
    );
    const entry = await getShowcaseEntry(services.db, "equipment", result.id);
    expect(entry).toMatchObject({ kind: "equipment", division: null, position: 6 });
    // The other showcase does not know it.
    expect(await getShowcaseEntry(services.db, "portfolio", result.id)).toBeNull();
    expect(await showcaseFiles()).toEqual([...files, ...filesOf(urlOf(image))].sort());
    await changeShowcaseEntry(
      services.db,
      services.storage,
      owner,
      "equipment",
      "delete",
      result.id,
    );
    expect(await showcaseFiles()).toEqual(files);
  });
});

describe("changing an entry", () => {
  it("replaces its picture and removes the old picture's files after the commit", async () => {
    const id = await idOf("portfolio", "Solar Geyser Controller");
    const oldUrl = (await getShowcaseEntry(services.db, "portfolio", id))!.imageUrl;
    const image = await picture(3);
    const result = await saved("portfolio", id, project({ image }));
    expect(result).toEqual({
      ok: true,
      id,
      title: "Solar Geyser Controller",
      created: false,
      changes: [{ field: "picture", from: oldUrl, to: urlOf(image) }],
    });
    expect((await getShowcaseEntry(services.db, "portfolio", id))!.imageUrl).toBe(urlOf(image));
    expect(await showcaseFiles()).toEqual(filesOf(urlOf(image)));
    expect((await showcaseAudit(id)).map((row) => row.action)).toEqual([
      "showcase.create",
      "showcase.update",
    ]);
  });

  it("reports and records nothing when nothing changed, the same picture included", async () => {
    const id = await idOf("portfolio", "Solar Geyser Controller");
    const before = await getShowcaseEntry(services.db, "portfolio", id);
    const files = await showcaseFiles();
    const audit = await showcaseAudit();
    const same = { ok: true, id, title: "Solar Geyser Controller", created: false, changes: [] };
    expect(await saved("portfolio", id, project())).toEqual(same);
    expect(await saved("portfolio", id, project({ image: await picture(3) }))).toEqual(same);
    expect(await getShowcaseEntry(services.db, "portfolio", id)).toEqual(before);
    expect(await showcaseFiles()).toEqual(files);
    expect(await showcaseAudit()).toEqual(audit);
  });

  it("records each changed field, before and after", async () => {
    const id = await idOf("portfolio", "Solar Geyser Controller");
    const result = await saved(
      "portfolio",
      id,
      project({ title: "Solar Geyser Timer", division: "Hardware", linkUrl: null }),
    );
    expect(result.changes).toEqual([
      { field: "title", from: "Solar Geyser Controller", to: "Solar Geyser Timer" },
      { field: "division", from: "Bespoke", to: "Hardware" },
      { field: "link", from: "https://example.co.za/geyser", to: "(none)" },
    ]);
    const [, , update] = await showcaseAudit(id);
    expect(update).toMatchObject({
      action: "showcase.update",
      details: { kind: "portfolio", title: "Solar Geyser Timer", changes: result.changes },
    });
  });

  it("does not find an entry of the other showcase, an unknown or a malformed id", async () => {
    const machineId = await idOf("equipment", EQUIPMENT_SEED[0].name);
    const before = await listShowcase(services.db, "equipment");
    const files = await showcaseFiles();
    const audit = await showcaseAudit();
    const notFound = {
      ok: false,
      code: "not-found",
      message: "The project does not exist: it may have been deleted.",
    };
    const image = await picture(4);
    for (const id of [machineId, UNKNOWN_ID, "not-a-uuid", ""]) {
      expect(
        await saveShowcaseEntry(services.db, services.storage, owner, "portfolio", id, {
          ...project(),
          image,
        }),
        id,
      ).toEqual(notFound);
    }
    expect(
      await saveShowcaseEntry(services.db, services.storage, owner, "equipment", "x", machine("X")),
    ).toMatchObject({ ok: false, code: "not-found", message: expect.stringContaining("item") });
    expect(await listShowcase(services.db, "equipment")).toEqual(before);
    expect(await showcaseFiles()).toEqual(files);
    expect(await showcaseAudit()).toEqual(audit);
  });
});

describe("the list's buttons", () => {
  const equipment = EQUIPMENT_SEED.map((item) => item.name);
  const change = async (intent: Parameters<typeof changeShowcaseEntry>[4], title: string) =>
    changeShowcaseEntry(
      services.db,
      services.storage,
      owner,
      "equipment",
      intent,
      await idOf("equipment", title),
    );

  it("move an entry one place up or down, swapping it with its neighbour", async () => {
    const [first, second, third] = equipment as [string, string, string];
    const id = await idOf("equipment", second);
    expect(await change("move-down", second)).toEqual({
      ok: true,
      title: second,
      done: "moved down",
    });
    expect(await titles("equipment")).toEqual([first, third, second, ...equipment.slice(3)]);
    expect(await change("move-up", second)).toEqual({ ok: true, title: second, done: "moved up" });
    expect(await change("move-up", second)).toEqual({ ok: true, title: second, done: "moved up" });
    expect(await titles("equipment")).toEqual([second, first, third, ...equipment.slice(3)]);
    expect(await visibleTitles("equipment")).toEqual(await titles("equipment"));
    expect(await showcaseAudit(id)).toEqual(
      ["move-down", "move-up", "move-up"].map((verb) =>
        expect.objectContaining({
          action: `showcase.${verb}`,
          details: { kind: "equipment", title: second },
        }),
      ),
    );
    expect(await change("move-down", second)).toMatchObject({ done: "moved down" });
    expect(await titles("equipment")).toEqual(equipment);
  });

  it("change nothing, and record nothing, moving the first up or the last down", async () => {
    const audit = await showcaseAudit();
    const first = equipment[0]!;
    const last = equipment.at(-1)!;
    expect(await change("move-up", first)).toEqual({
      ok: true,
      title: first,
      done: "already first",
    });
    expect(await change("move-down", last)).toEqual({
      ok: true,
      title: last,
      done: "already last",
    });
    expect(await titles("equipment")).toEqual(equipment);
    expect(await showcaseAudit()).toEqual(audit);
  });

  it("hide an entry from the site but not from the list, and show it again in its place", async () => {
    const title = equipment[2]!;
    const id = await idOf("equipment", title);
    expect(await change("hide", title)).toEqual({ ok: true, title, done: "hidden" });
    expect(await visibleTitles("equipment")).toEqual(equipment.filter((t) => t !== title));
    expect(await titles("equipment")).toEqual(equipment);
    expect((await listShowcase(services.db, "equipment"))[2]).toMatchObject({ id, hidden: true });
    // Hiding a hidden entry is no change.
    expect(await change("hide", title)).toEqual({ ok: true, title, done: "hidden" });
    expect(await change("show", title)).toEqual({ ok: true, title, done: "shown again" });
    expect(await visibleTitles("equipment")).toEqual(equipment);
    expect((await listShowcase(services.db, "equipment"))[2]).toMatchObject({ id, hidden: false });
    expect((await showcaseAudit(id)).map((row) => row.action)).toEqual([
      "showcase.hide",
      "showcase.show",
    ]);
  });

  it("delete an entry and its picture's files, kept while another entry uses the same picture", async () => {
    const bytes = await pngImage(700, 400, 5);
    const image = await processImage(bytes);
    const url = urlOf(image);
    const lathe = await saved("equipment", null, machine("Lathe", { image }));
    const mill = await saved(
      "equipment",
      null,
      machine("Mill", { image: await processImage(bytes) }),
    );
    expect((await getShowcaseEntry(services.db, "equipment", mill.id))!.imageUrl).toBe(url);
    const before = await showcaseFiles();
    expect(before).toEqual(expect.arrayContaining(filesOf(url)));

    expect(await change("delete", "Lathe")).toEqual({ ok: true, title: "Lathe", done: "deleted" });
    expect(await getShowcaseEntry(services.db, "equipment", lathe.id)).toBeNull();
    expect(await titles("equipment")).toEqual([...equipment, "Mill"]);
    expect(await showcaseFiles()).toEqual(before);

    expect(await change("delete", "Mill")).toEqual({ ok: true, title: "Mill", done: "deleted" });
    expect(await titles("equipment")).toEqual(equipment);
    const after = await showcaseFiles();
    for (const file of filesOf(url)) expect(after).not.toContain(file);
    expect(after).toEqual(before.filter((file) => !filesOf(url).includes(file)));
    expect(await showcaseAudit(mill.id)).toEqual([
      expect.objectContaining({ action: "showcase.create" }),
      expect.objectContaining({
        action: "showcase.delete",
        details: { kind: "equipment", title: "Mill", imageUrl: url },
      }),
    ]);

    // Gone, of the other showcase, or not an id at all: not found, nothing recorded.
    const audit = await showcaseAudit();
    const portfolioId = await idOf("portfolio", PORTFOLIO_SEED[0]!.title);
    for (const id of [mill.id, portfolioId, "not-a-uuid"]) {
      expect(
        await changeShowcaseEntry(services.db, services.storage, owner, "equipment", "delete", id),
      ).toEqual({
        ok: false,
        code: "not-found",
        message: "The item does not exist: it may have been deleted.",
      });
    }
    expect(await titles("portfolio")).toContain(PORTFOLIO_SEED[0]!.title);
    expect(await showcaseAudit()).toEqual(audit);
  });
});

describe("a failed save", () => {
  /** The storage, failing at its second write of a file (the first is on disk by then). */
  function fillingUp(): FileStorage & { puts: () => number } {
    const storage = services.storage;
    let puts = 0;
    return {
      ...storage,
      async put(db, key, body, type) {
        puts += 1;
        if (puts === 2) throw new StorageWriteError("The image storage on the server is full.");
        return storage.put(db, key, body, type);
      },
      puts: () => puts,
    };
  }

  /** Everything a save could leave behind: the rows, their audit records and the files. */
  const state = async () => ({
    portfolio: await listShowcase(services.db, "portfolio"),
    equipment: await listShowcase(services.db, "equipment"),
    audit: await showcaseAudit(),
    files: await showcaseFiles(),
  });

  it("changes no row and leaves no file when a picture cannot be stored", async () => {
    const before = await state();
    const id = await idOf("portfolio", "Solar Geyser Timer");
    for (const target of [null, id]) {
      const storage = fillingUp();
      const error = await saveShowcaseEntry(
        services.db,
        storage,
        owner,
        "portfolio",
        target,
        project({ title: "Never Stored", image: await picture(6) }),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageWriteError);
      expect(storage.puts()).toBe(2);
      expect(await state()).toEqual(before);
    }
  });

  it("changes no row and leaves no new file when the database refuses it", async () => {
    const before = await state();
    const id = await idOf("portfolio", "Solar Geyser Timer");
    const oldUrl = (await getShowcaseEntry(services.db, "portfolio", id))!.imageUrl;
    const undoInsert = await injectInsertFailure(services.db, "audit_log");
    try {
      await expectInjectedFailure(
        saveShowcaseEntry(
          services.db,
          services.storage,
          owner,
          "portfolio",
          null,
          project({ title: "Never Stored", image: await picture(7) }),
        ),
      );
    } finally {
      await undoInsert();
    }
    expect(await state()).toEqual(before);

    // The commit fails after the new picture's files were written: they go, the old stay.
    const undoCommit = await injectCommitFailure(services.db, "showcase_items");
    try {
      await expectInjectedFailure(
        saveShowcaseEntry(
          services.db,
          services.storage,
          owner,
          "portfolio",
          id,
          project({ title: "Never Stored", image: await picture(8) }),
        ),
      );
    } finally {
      await undoCommit();
    }
    expect(await state()).toEqual(before);
    expect(before.files).toEqual(expect.arrayContaining(filesOf(oldUrl)));
  });
});

describe("the catalogue channel", () => {
  it("hears every committed change once, and nothing of a refusal, a no-op or a failure", async () => {
    const { db, storage } = services;
    let id = "";
    expect(
      await eventsDuring(async () => {
        id = (await saved("equipment", null, machine("Drill Press", { image: await picture(9) })))
          .id;
      }),
    ).toBe(1);
    expect(await eventsDuring(() => saved("equipment", id, machine("Pillar Drill")))).toBe(1);
    expect(await eventsDuring(() => saved("equipment", id, machine("Pillar Drill")))).toBe(0);
    expect(
      await eventsDuring(() =>
        saveShowcaseEntry(db, storage, owner, "equipment", null, machine("No Picture")),
      ),
    ).toBe(0);
    expect(
      await eventsDuring(() =>
        saveShowcaseEntry(db, storage, owner, "portfolio", id, project({ image: undefined })),
      ),
    ).toBe(0);
    const press = (intent: Parameters<typeof changeShowcaseEntry>[4]) =>
      changeShowcaseEntry(db, storage, owner, "equipment", intent, id);
    expect(await eventsDuring(() => press("move-down"))).toBe(0); // already last
    expect(await eventsDuring(() => press("move-up"))).toBe(1);
    expect(await eventsDuring(() => press("hide"))).toBe(1);
    expect(await eventsDuring(() => press("hide"))).toBe(0);
    expect(await eventsDuring(() => press("show"))).toBe(1);
    const undo = await injectInsertFailure(db, "audit_log");
    try {
      expect(
        await eventsDuring(() =>
          expectInjectedFailure(saved("equipment", id, machine("Bench Drill"))),
        ),
      ).toBe(0);
    } finally {
      await undo();
    }
    expect(await eventsDuring(() => press("delete"))).toBe(1);
    expect(await eventsDuring(() => press("delete"))).toBe(0);
    expect(await rowCount()).toBe(13);
    expect(await services.db.select().from(showcaseItems).where(eq(showcaseItems.id, id))).toEqual(
      [],
    );
  });
});
