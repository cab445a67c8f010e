import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { asc, desc, eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOUT_VIDEO } from "#app/content/about-video.ts";
import { ABOUT, ABOUT_TEXT_SEED } from "#app/content/site.ts";
import type { StoredAboutSection } from "#app/lib/about-section.ts";
import { imageVariants } from "#app/lib/image-variants.ts";
import type { AuditActor } from "#app/server/audit/audit.server.ts";
import { CATALOG_CHANNEL } from "#app/server/catalog/catalog-events.server.ts";
import { collectUnusedImages } from "#app/server/catalog/catalog-images.server.ts";
import {
  ABOUT_SETTING_KEY,
  type AboutSectionChanges,
  aboutForPage,
  FIRST_ABOUT_SECTION,
  loadAboutSection,
  saveAboutSection,
} from "#app/server/site/about-section.server.ts";
import { aboutVideo } from "#app/server/site/about-video.server.ts";
import { type ProcessedImage, processImage } from "#app/server/storage/images.server.ts";
import { serveUploads } from "#app/server/storage/serve-uploads.server.ts";
import { type FileStorage, StorageWriteError } from "#app/server/storage/storage.server.ts";
import { auditLog, siteSettings } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import {
  expectInjectedFailure,
  injectInsertFailure,
  listenWithPayloads,
  postMultipart,
} from "#tests/setup/catalog.ts";
import { pngImage } from "#tests/setup/images.ts";

/*
 * Settings → About (decision 044): the home page's About heading, text and video, a
 * `site_settings` row `about`. No row: the content file's text and the shipped video (or
 * ABOUT_VIDEO_URL); afterwards the owner's text with the shipped video, an uploaded MP4 or
 * WebM (checked by its bytes, stored content-addressed under videos/, served with ranges on
 * both storages) or a YouTube/Vimeo link, and a poster through the image pipeline. Every save
 * is audited in words and announced on the catalogue channel; a refusal, a no-op or a failed
 * write changes nothing and leaves no file.
 */

let ctx: Awaited<ReturnType<typeof createAdminApp>>;
/** The payloads heard on the catalogue channel, in the order they were sent. */
const heard: string[] = [];
let stopListening: () => Promise<void>;
const servers: Server[] = [];
const owner: AuditActor = { userId: null, email: "about-owner@example.co.za" };

/** The shipped company video's files (public/media), real WebM and MP4 of under 1 MB. */
const mediaFile = (url: string) =>
  new Uint8Array(fs.readFileSync(path.join("public", ...url.split("/"))));
const WEBM = mediaFile(ABOUT_VIDEO.webm);
const MP4 = mediaFile(ABOUT_VIDEO.mp4);
/** The storage key a video's bytes are stored under. */
const keyOf = (bytes: Uint8Array, extension: "webm" | "mp4") =>
  `videos/${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`;
const WEBM_KEY = keyOf(WEBM, "webm");
const MP4_KEY = keyOf(MP4, "mp4");
const WEBM_URL = `/uploads/${WEBM_KEY}`;
const MP4_URL = `/uploads/${MP4_KEY}`;

/** An operator's own video (ABOUT_VIDEO_URL): the default's override. */
const CONFIGURED_URL = "https://videos.example.co.za/workshop-tour.mp4";
const TITLE = "A walk through our Queensburgh workshop";
const YOUTUBE_ID = "dQw4w9WgXcQ";
const YOUTUBE_EMBED = `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0`;

const HEADING = "About Kwezi Engineering";
/** As typed in the form: a paragraph over two lines, then a blank line or two. */
const TEXT =
  "We design circuit boards and write the software\nthat runs on them.\n\n\nOur workshop in Durban also makes gifts by hand.";
const PARAGRAPHS = [
  "We design circuit boards and write the software that runs on them.",
  "Our workshop in Durban also makes gifts by hand.",
];

beforeAll(async () => {
  ctx = await createAdminApp({ email: "about-admin@example.co.za" });
  stopListening = await listenWithPayloads(ctx.handle, (payload) => heard.push(payload));
}, 120_000);
afterAll(async () => {
  for (const server of servers) server.close();
  await stopListening();
  await ctx.handle.close();
});

/**
 * How many notifications a change sent. No waiting for one to arrive: a marker is sent after
 * the change, and one connection hears notifications in commit order, so once the marker is
 * heard every notification of the change has been heard too (docs/testing.md "Time in tests").
 */
async function eventsDuring(change: () => Promise<unknown>) {
  const before = heard.length;
  await change();
  const marker = `marker-${crypto.randomUUID()}`;
  await ctx.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${marker})`);
  await expect.poll(() => heard.includes(marker)).toBe(true);
  return heard.slice(before).filter((payload) => payload !== marker).length;
}

/** The section's changes: the owner's heading and text with the shipped video, then `values`. */
const changes = (values: Partial<AboutSectionChanges> = {}): AboutSectionChanges => ({
  heading: HEADING,
  text: TEXT,
  videoSource: "shipped",
  videoTitle: null,
  removePoster: false,
  ...values,
});

const save = (values: Partial<AboutSectionChanges> = {}, storage = ctx.services.storage) =>
  saveAboutSection(ctx.db, storage, owner, changes(values));

/** Saves and expects success: the changes it reports. */
async function saved(values: Partial<AboutSectionChanges> = {}, storage?: FileStorage) {
  const result = await save(values, storage);
  if (!result.ok) throw new Error(`${result.field}: ${result.message}`);
  return result.changes;
}

/** The stored row `about` as it is in the database (value and last change), or undefined. */
const storedRow = async () =>
  (
    await ctx.db
      .select({ value: siteSettings.value, updatedAt: siteSettings.updatedAt })
      .from(siteSettings)
      .where(eq(siteSettings.key, ABOUT_SETTING_KEY))
  )[0];

/** The About section's audit records, oldest first. */
const aboutAudit = () =>
  ctx.db
    .select({
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      actorEmail: auditLog.actorEmail,
      actorUserId: auditLog.actorUserId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(eq(auditLog.action, "settings.about"))
    .orderBy(asc(auditLog.createdAt));

/** Every stored file (videos, posters). */
const files = (storage: FileStorage = ctx.services.storage) => storage.list(ctx.db);
const videoFiles = async () => (await files()).filter((key) => key.startsWith("videos/"));
const posterFiles = async () => (await files()).filter((key) => key.startsWith("about/"));

/** Everything a save could change: the row, its audit records and the files. */
const state = async () => ({
  row: await storedRow(),
  audit: await aboutAudit(),
  files: await files(),
});

/** A real poster through the image pipeline: 700 px wide, so three files (320, 640, 700). */
const poster = async (seed: number) => processImage(await pngImage(700, 394, seed));
const posterUrlOf = (image: ProcessedImage) => `/uploads/about/${image.hash}-700.webp`;
/** The storage keys of every variant of a poster's URL. */
const filesOf = (url: string) =>
  (imageVariants(url) ?? []).map((v) => v.url.replace("/uploads/", "")).sort();

const SHIPPED_IN_WORDS = "the video that came with the site";

describe("before the owner saves", () => {
  it("is the content file's heading and two paragraphs with the shipped video", async () => {
    expect(await storedRow()).toBeUndefined();
    expect(await loadAboutSection(ctx.db)).toEqual(FIRST_ABOUT_SECTION);
    expect(FIRST_ABOUT_SECTION).toEqual({
      heading: "About Us",
      paragraphs: [...ABOUT_TEXT_SEED.blurb],
      video: { source: "shipped" },
      videoTitle: null,
      posterUrl: null,
    });
    expect(ABOUT_TEXT_SEED.blurb).toHaveLength(2);
    expect(ABOUT_TEXT_SEED.blurb[0]).toMatch(/^We are a multi-disciplinary engineering company/);

    const page = aboutForPage(FIRST_ABOUT_SECTION, undefined);
    expect(page).toEqual({
      heading: "About Us",
      paragraphs: [...ABOUT_TEXT_SEED.blurb],
      video: aboutVideo(undefined),
    });
    expect(page.video).toMatchObject({
      kind: "shipped",
      webm: ABOUT_VIDEO.webm,
      mp4: ABOUT_VIDEO.mp4,
      captions: ABOUT_VIDEO.captions,
      poster: expect.stringMatching(/^data:image\/svg\+xml,/),
    });
    // ABOUT_VIDEO_URL replaces the default.
    expect(aboutForPage(FIRST_ABOUT_SECTION, CONFIGURED_URL).video).toEqual({
      kind: "configured",
      url: CONFIGURED_URL,
    });

    const home = await (await ctx.app.request("/")).text();
    expect(home).toContain(">About Us</h2>");
    for (const paragraph of ABOUT_TEXT_SEED.blurb) expect(home).toContain(paragraph);
  });

  it("is the first section again for a row edited into something unreadable", async () => {
    await ctx.db.insert(siteSettings).values({ key: ABOUT_SETTING_KEY, value: { heading: 7 } });
    try {
      expect(await loadAboutSection(ctx.db)).toEqual(FIRST_ABOUT_SECTION);
    } finally {
      await ctx.db.delete(siteSettings).where(eq(siteSettings.key, ABOUT_SETTING_KEY));
    }
  });
});

describe("a refused save", () => {
  it("refuses a text file or an image as the video: no row, no file, no record, no event", async () => {
    const text = new TextEncoder().encode("This is a plain text file, not a video at all.\n");
    const png = new Uint8Array(await pngImage(64, 36, 1));
    for (const videoFile of [text, png]) {
      let result: Awaited<ReturnType<typeof save>> | undefined;
      expect(
        await eventsDuring(async () => {
          result = await save({ videoSource: "upload", videoTitle: TITLE, videoFile });
        }),
      ).toBe(0);
      expect(result).toEqual({
        ok: false,
        field: "videoFile",
        message: "This file is not an MP4 or WebM video.",
      });
    }
    expect(await state()).toEqual({ row: undefined, audit: [], files: [] });
  });

  it("refuses 'upload' with no file while no video is in place, keeping the poster's files out", async () => {
    for (const videoFile of [undefined, new Uint8Array(0)]) {
      let result: Awaited<ReturnType<typeof save>> | undefined;
      expect(
        await eventsDuring(async () => {
          result = await save({
            videoSource: "upload",
            videoTitle: TITLE,
            videoFile,
            poster: await poster(1),
          });
        }),
      ).toBe(0);
      expect(result).toEqual({
        ok: false,
        field: "videoFile",
        message: "Please choose the video file (MP4 or WebM).",
      });
    }
    expect(await state()).toEqual({ row: undefined, audit: [], files: [] });
  });

  it("refuses a link that is not YouTube or Vimeo", async () => {
    for (const videoLink of [
      "https://www.dailymotion.com/video/x7tgad0",
      "https://example.co.za/tour.mp4",
      "javascript:alert(1)",
      "not a link",
      "",
    ]) {
      let result: Awaited<ReturnType<typeof save>> | undefined;
      expect(
        await eventsDuring(async () => {
          result = await save({ videoSource: "link", videoTitle: TITLE, videoLink });
        }),
      ).toBe(0);
      expect(result, videoLink).toEqual({
        ok: false,
        field: "videoLink",
        message: "Please paste a YouTube or Vimeo link.",
      });
    }
    expect(await state()).toEqual({ row: undefined, audit: [], files: [] });
  });
});

describe("the heading and text", () => {
  it("are stored paragraph by paragraph, audited in words and announced", async () => {
    let result: Awaited<ReturnType<typeof saved>> = [];
    expect(
      await eventsDuring(async () => {
        result = await saved();
      }),
    ).toBe(1);
    const expected = [
      { field: "heading", from: "About Us", to: HEADING },
      { field: "text", from: ABOUT_TEXT_SEED.blurb.join("\n\n"), to: PARAGRAPHS.join("\n\n") },
    ];
    expect(result).toEqual(expected);
    const section: StoredAboutSection = {
      heading: HEADING,
      paragraphs: PARAGRAPHS,
      video: { source: "shipped" },
      videoTitle: null,
      posterUrl: null,
    };
    expect((await storedRow())?.value).toEqual(section);
    expect(await loadAboutSection(ctx.db)).toEqual(section);
    expect(await aboutAudit()).toEqual([
      {
        action: "settings.about",
        entity: "site_settings",
        entityId: null,
        actorEmail: owner.email,
        actorUserId: null,
        details: { changes: expected },
      },
    ]);
    // The shipped video is still the default, which ABOUT_VIDEO_URL still replaces.
    expect(aboutForPage(section, undefined)).toEqual({
      heading: HEADING,
      paragraphs: PARAGRAPHS,
      video: aboutVideo(undefined),
    });
    expect(aboutForPage(section, CONFIGURED_URL).video).toEqual({
      kind: "configured",
      url: CONFIGURED_URL,
    });
    expect(await files()).toEqual([]);
  });

  it("saved the same again change nothing, record nothing and announce nothing", async () => {
    const before = await state();
    // The same paragraphs, typed differently (single line breaks join, blank lines split).
    for (const text of [TEXT, PARAGRAPHS.join("\n\n"), `  ${PARAGRAPHS.join("\r\n\r\n")}\r\n`]) {
      let result: Awaited<ReturnType<typeof save>> | undefined;
      expect(
        await eventsDuring(async () => {
          result = await save({ text });
        }),
      ).toBe(0);
      expect(result).toEqual({ ok: true, changes: [] });
    }
    expect(await state()).toEqual(before);
  });
});

describe("an uploaded video", () => {
  it("accepts a WebM, stored by its content under videos/ as video/webm, played instead of ABOUT_VIDEO_URL", async () => {
    let result: Awaited<ReturnType<typeof saved>> = [];
    expect(
      await eventsDuring(async () => {
        result = await saved({ videoSource: "upload", videoTitle: TITLE, videoFile: WEBM });
      }),
    ).toBe(1);
    expect(WEBM_KEY).toMatch(/^videos\/[0-9a-f]{32}\.webm$/);
    expect(result).toEqual([
      { field: "video", from: SHIPPED_IN_WORDS, to: `uploaded file ${WEBM_URL}` },
      { field: "video title", from: "(none)", to: TITLE },
    ]);
    const section = await loadAboutSection(ctx.db);
    expect(section.video).toEqual({ source: "upload", url: WEBM_URL, type: "video/webm" });
    expect(await videoFiles()).toEqual([WEBM_KEY]);
    const stored = await ctx.services.storage.read(ctx.db, WEBM_KEY);
    expect(stored?.contentType).toBe("video/webm");
    expect(Buffer.from(stored!.body).equals(Buffer.from(WEBM))).toBe(true);

    const owned = { kind: "owner", url: WEBM_URL, title: TITLE, poster: null };
    expect(aboutForPage(section, undefined).video).toEqual(owned);
    // The owner chose: ABOUT_VIDEO_URL no longer applies.
    expect(aboutForPage(section, CONFIGURED_URL).video).toEqual(owned);
    expect((await aboutAudit()).at(-1)?.details).toEqual({ changes: result });
  });

  it("keeps the video in place when saved with 'upload' and no new file, or the same file again", async () => {
    const row = await storedRow();
    expect(await save({ videoSource: "upload", videoTitle: TITLE })).toEqual({
      ok: true,
      changes: [],
    });
    expect(await save({ videoSource: "upload", videoTitle: TITLE, videoFile: WEBM })).toEqual({
      ok: true,
      changes: [],
    });
    expect(await storedRow()).toEqual(row);

    expect(
      await saved({ videoSource: "upload", videoTitle: "Our workshop in two minutes" }),
    ).toEqual([{ field: "video title", from: TITLE, to: "Our workshop in two minutes" }]);
    const section = await loadAboutSection(ctx.db);
    expect(section.video).toEqual({ source: "upload", url: WEBM_URL, type: "video/webm" });
    expect(aboutForPage(section, CONFIGURED_URL).video).toEqual({
      kind: "owner",
      url: WEBM_URL,
      title: "Our workshop in two minutes",
      poster: null,
    });
    expect(await videoFiles()).toEqual([WEBM_KEY]);
  });

  it("accepts an MP4 in its place as video/mp4, and removes the WebM after the commit", async () => {
    expect(MP4_KEY).toMatch(/^videos\/[0-9a-f]{32}\.mp4$/);
    expect(await saved({ videoSource: "upload", videoTitle: TITLE, videoFile: MP4 })).toEqual([
      { field: "video", from: `uploaded file ${WEBM_URL}`, to: `uploaded file ${MP4_URL}` },
      { field: "video title", from: "Our workshop in two minutes", to: TITLE },
    ]);
    const section = await loadAboutSection(ctx.db);
    expect(section.video).toEqual({ source: "upload", url: MP4_URL, type: "video/mp4" });
    expect(aboutForPage(section, undefined).video).toEqual({
      kind: "owner",
      url: MP4_URL,
      title: TITLE,
      poster: null,
    });
    expect(await videoFiles()).toEqual([MP4_KEY]);
    const stored = await ctx.services.storage.read(ctx.db, MP4_KEY);
    expect(stored?.contentType).toBe("video/mp4");
    expect(Buffer.from(stored!.body).equals(Buffer.from(MP4))).toBe(true);
    expect(await ctx.services.storage.read(ctx.db, WEBM_KEY)).toBeNull();
  });

  it("refuses a file that is not a video while one is in place, changing nothing", async () => {
    const before = await state();
    const text = new TextEncoder().encode("ftyp? no: just words in a text file, long enough");
    expect(
      await eventsDuring(async () => {
        expect(await save({ videoSource: "upload", videoTitle: TITLE, videoFile: text })).toEqual({
          ok: false,
          field: "videoFile",
          message: "This file is not an MP4 or WebM video.",
        });
      }),
    ).toBe(0);
    expect(await state()).toEqual(before);
  });

  it("goes when the owner switches back to the shipped video, which ABOUT_VIDEO_URL replaces again", async () => {
    expect(await saved()).toEqual([
      { field: "video", from: `uploaded file ${MP4_URL}`, to: SHIPPED_IN_WORDS },
      { field: "video title", from: TITLE, to: "(none)" },
    ]);
    const section = await loadAboutSection(ctx.db);
    expect(section).toEqual({
      heading: HEADING,
      paragraphs: PARAGRAPHS,
      video: { source: "shipped" },
      videoTitle: null,
      posterUrl: null,
    });
    expect(await videoFiles()).toEqual([]);
    expect(aboutForPage(section, CONFIGURED_URL).video).toEqual({
      kind: "configured",
      url: CONFIGURED_URL,
    });
  });
});

describe("a linked video", () => {
  it("stores a YouTube link as provider and id, played in the privacy-enhanced player", async () => {
    // From an uploaded video: its file goes once the link is saved.
    await saved({ videoSource: "upload", videoTitle: TITLE, videoFile: WEBM });
    expect(await videoFiles()).toEqual([WEBM_KEY]);
    let result: Awaited<ReturnType<typeof saved>> = [];
    expect(
      await eventsDuring(async () => {
        result = await saved({
          videoSource: "link",
          videoTitle: TITLE,
          videoLink: `https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`,
        });
      }),
    ).toBe(1);
    expect(result).toEqual([
      { field: "video", from: `uploaded file ${WEBM_URL}`, to: `youtube video ${YOUTUBE_ID}` },
    ]);
    const section = await loadAboutSection(ctx.db);
    expect(section.video).toEqual({ source: "link", provider: "youtube", id: YOUTUBE_ID });
    const owned = { kind: "owner", url: YOUTUBE_EMBED, title: TITLE, poster: null };
    expect(aboutForPage(section, undefined).video).toEqual(owned);
    expect(aboutForPage(section, CONFIGURED_URL).video).toEqual(owned);
    expect(await videoFiles()).toEqual([]);

    // The same video by its short link is no change.
    expect(
      await save({
        videoSource: "link",
        videoTitle: TITLE,
        videoLink: `https://youtu.be/${YOUTUBE_ID}`,
      }),
    ).toEqual({ ok: true, changes: [] });
  });

  it("refuses a link elsewhere while a link is in place, changing nothing", async () => {
    const before = await state();
    expect(
      await eventsDuring(async () => {
        expect(
          await save({
            videoSource: "link",
            videoTitle: TITLE,
            videoLink: "https://www.tiktok.com/@kwezi/video/7234567890123456789",
          }),
        ).toEqual({
          ok: false,
          field: "videoLink",
          message: "Please paste a YouTube or Vimeo link.",
        });
      }),
    ).toBe(0);
    expect(await state()).toEqual(before);
  });

  it("plays a Vimeo link in Vimeo's player without tracking", async () => {
    await saved({
      videoSource: "link",
      videoTitle: TITLE,
      videoLink: "https://vimeo.com/76979871",
    });
    const section = await loadAboutSection(ctx.db);
    expect(section.video).toEqual({ source: "link", provider: "vimeo", id: "76979871" });
    expect(aboutForPage(section, CONFIGURED_URL).video).toEqual({
      kind: "owner",
      url: "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
      title: TITLE,
      poster: null,
    });
  });
});

describe("the poster", () => {
  let firstUrl = "";

  it("is stored through the image pipeline under about/ and kept while the section uses it", async () => {
    const image = await poster(2);
    firstUrl = posterUrlOf(image);
    expect(
      await saved({ videoSource: "upload", videoTitle: TITLE, videoFile: WEBM, poster: image }),
    ).toEqual([
      { field: "video", from: "vimeo video 76979871", to: `uploaded file ${WEBM_URL}` },
      { field: "poster", from: "the site's own", to: firstUrl },
    ]);
    expect(firstUrl).toMatch(/^\/uploads\/about\/[0-9a-f]{32}-700\.webp$/);
    expect(filesOf(firstUrl)).toEqual([
      `about/${image.hash}-320.webp`,
      `about/${image.hash}-640.webp`,
      `about/${image.hash}-700.webp`,
    ]);
    expect(await posterFiles()).toEqual(filesOf(firstUrl));
    const section = await loadAboutSection(ctx.db);
    expect(section.posterUrl).toBe(firstUrl);
    expect(aboutForPage(section, undefined).video).toEqual({
      kind: "owner",
      url: WEBM_URL,
      title: TITLE,
      poster: firstUrl,
    });

    // Referenced: the catalogue's collection of unused images leaves it alone.
    expect(await collectUnusedImages(ctx.db, ctx.services.storage, [firstUrl])).toEqual([]);
    expect(await posterFiles()).toEqual(filesOf(firstUrl));

    // Saved again without a new poster (or with the same picture): no change, still there.
    expect(await save({ videoSource: "upload", videoTitle: TITLE })).toEqual({
      ok: true,
      changes: [],
    });
    expect(
      await save({ videoSource: "upload", videoTitle: TITLE, poster: await poster(2) }),
    ).toEqual({ ok: true, changes: [] });
    expect(await posterFiles()).toEqual(filesOf(firstUrl));
  });

  it("is removed after it is replaced", async () => {
    const image = await poster(3);
    const url = posterUrlOf(image);
    expect(await saved({ videoSource: "upload", videoTitle: TITLE, poster: image })).toEqual([
      { field: "poster", from: firstUrl, to: url },
    ]);
    expect((await loadAboutSection(ctx.db)).posterUrl).toBe(url);
    expect(await posterFiles()).toEqual(filesOf(url));
    expect(await collectUnusedImages(ctx.db, ctx.services.storage, [url])).toEqual([]);
    expect(await posterFiles()).toEqual(filesOf(url));
    firstUrl = url;
  });

  it("is removed after 'remove poster', the site's own shown again", async () => {
    expect(await saved({ videoSource: "upload", videoTitle: TITLE, removePoster: true })).toEqual([
      { field: "poster", from: firstUrl, to: "the site's own" },
    ]);
    const section = await loadAboutSection(ctx.db);
    expect(section.posterUrl).toBeNull();
    expect(aboutForPage(section, undefined).video).toEqual({
      kind: "owner",
      url: WEBM_URL,
      title: TITLE,
      poster: null,
    });
    expect(await posterFiles()).toEqual([]);
    expect(await videoFiles()).toEqual([WEBM_KEY]);
  });
});

describe("a failed save", () => {
  /** The storage, failing at its `failAt`th write of a file (the earlier ones are written). */
  function failingAt(failAt: number): FileStorage & { puts: () => number } {
    const storage = ctx.services.storage;
    let puts = 0;
    return {
      ...storage,
      async put(db, key, body, type) {
        puts += 1;
        if (puts === failAt)
          throw new StorageWriteError("The image storage on the server is full.");
        return storage.put(db, key, body, type);
      },
      puts: () => puts,
    };
  }

  it("leaves the row and the files as they were when the video cannot be written", async () => {
    const before = await state();
    expect(before.files).toEqual([WEBM_KEY]);
    const storage = failingAt(1);
    let error: unknown;
    expect(
      await eventsDuring(async () => {
        error = await save(
          { videoSource: "upload", videoTitle: "Never stored", videoFile: MP4 },
          storage,
        ).catch((e: unknown) => e);
      }),
    ).toBe(0);
    expect(error).toBeInstanceOf(StorageWriteError);
    expect((error as StorageWriteError).reason).toBe("The image storage on the server is full.");
    expect(storage.puts()).toBe(1);
    expect(await state()).toEqual(before);
  });

  it("removes the new video's file again when the poster after it cannot be written", async () => {
    const before = await state();
    const storage = failingAt(2);
    const error = await save(
      {
        videoSource: "upload",
        videoTitle: "Never stored",
        videoFile: MP4,
        poster: await poster(4),
      },
      storage,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageWriteError);
    expect(storage.puts()).toBe(2);
    expect(await state()).toEqual(before);
  });

  it("removes the new files again when the database refuses the save", async () => {
    const before = await state();
    const image = await poster(5);
    const undo = await injectInsertFailure(ctx.db, "audit_log");
    try {
      expect(
        await eventsDuring(() =>
          expectInjectedFailure(
            save({
              videoSource: "upload",
              videoTitle: "Never stored",
              videoFile: MP4,
              poster: image,
            }),
          ),
        ),
      ).toBe(0);
    } finally {
      await undo();
    }
    expect(await state()).toEqual(before);
  });
});

/** Serves /uploads from the storage as server.ts does (the test app has only the routes). */
async function serveUploadsOf(app: Awaited<ReturnType<typeof createAdminApp>>) {
  const uploads = express();
  uploads.use(
    "/uploads",
    serveUploads({
      storage: app.services.storage,
      db: app.db,
      dataDir: app.services.env.DATA_DIR,
    }),
  );
  uploads.use((_req, res) => res.status(404).send("not found"));
  const server = await new Promise<Server>((resolve) => {
    const s = uploads.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

describe.each(["disk", "database"] as const)("over HTTP, files in the %s storage", (kind) => {
  let http: Awaited<ReturnType<typeof createAdminApp>>;
  beforeAll(async () => {
    // The test app's own (the configured default, disk without DATABASE_URL), and the table.
    http = kind === "disk" ? ctx : await createAdminApp({ env: { FILE_STORAGE: "database" } });
  }, 120_000);
  afterAll(async () => {
    if (http !== ctx) await http.handle.close();
  });

  it("saves the admin's form with an uploaded WebM, served in ranges, and shows it on /", async () => {
    expect(http.services.storage.kind).toBe(kind);
    const heading = `Who we are (${kind})`;
    const response = await postMultipart(http.app, "/admin/settings/about", http.cookie, {
      heading,
      text: "Engineers and makers under one roof.\n\nSoftware, circuit boards and handmade gifts.",
      videoSource: "upload",
      videoTitle: "Workshop tour",
      videoFile: new File([Buffer.from(WEBM)], "workshop tour.webm", { type: "video/webm" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("About section saved");

    const section = await loadAboutSection(http.db);
    expect(section).toEqual({
      heading,
      paragraphs: [
        "Engineers and makers under one roof.",
        "Software, circuit boards and handmade gifts.",
      ],
      video: { source: "upload", url: WEBM_URL, type: "video/webm" },
      videoTitle: "Workshop tour",
      posterUrl: null,
    });
    const [audit] = await http.db
      .select({ actorEmail: auditLog.actorEmail, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.about"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toEqual({ actorEmail: http.admin.email, actorUserId: http.admin.id });

    const base = await serveUploadsOf(http);
    const size = WEBM.length;
    const part = await fetch(`${base}${WEBM_URL}`, { headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(part.headers.get("content-type")).toBe("video/webm");
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.length).toBe(100);
    expect(bytes.equals(Buffer.from(WEBM.subarray(0, 100)))).toBe(true);

    const middle = await fetch(`${base}${WEBM_URL}`, { headers: { Range: "bytes=1000-" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(Buffer.from(WEBM.subarray(1000)))).toBe(
      true,
    );

    const beyond = await fetch(`${base}${WEBM_URL}`, { headers: { Range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();

    const whole = await fetch(`${base}${WEBM_URL}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(WEBM))).toBe(true);

    const home = await (await http.app.request("/")).text();
    expect(home).toContain(`>${heading}</h2>`);
    expect(home).toContain(">Engineers and makers under one roof.</p>");
    expect(home).toContain(">Software, circuit boards and handmade gifts.</p>");
    expect(home).toContain(ABOUT.playLabel);
    expect(home).toContain("Workshop tour");
    expect(home).not.toContain(ABOUT_TEXT_SEED.blurb[0]);
  });
});
