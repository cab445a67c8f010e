import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { ABOUT, ABOUT_TEXT_SEED } from "#app/content/site.ts";
import {
  type AboutVideoSourceName,
  embedUrl,
  paragraphsOf,
  parseVideoLink,
  type StoredAboutSection,
  type StoredAboutVideo,
  watchUrl,
} from "#app/lib/about-section.ts";
import type { AboutVideo } from "#app/lib/about-video.ts";
import { siteSettings } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import { adoptImage, collectUnusedImages } from "../catalog/catalog-images.server.ts";
import type { CatalogWriteOptions } from "../catalog/products.server.ts";
import type { Database } from "../db/client.server.ts";
import type { ProcessedImage } from "../storage/images.server.ts";
import {
  type FileStorage,
  StorageWriteError,
  storageFailureReason,
} from "../storage/storage.server.ts";
import { aboutVideo } from "./about-video.server.ts";
import type { SettingChange } from "./business-details.server.ts";

/*
 * The home page's About section (decision 044): a `site_settings` row `about` with the
 * owner's heading, text and video. No row: the content file's text and the shipped video
 * (or ABOUT_VIDEO_URL, the default's override). An uploaded video is stored like an image
 * (decision 015's storage, content-addressed, served with range requests so it seeks); its
 * poster goes through the image pipeline.
 */

export const ABOUT_SETTING_KEY = "about";

export const FIRST_ABOUT_SECTION: StoredAboutSection = {
  heading: ABOUT_TEXT_SEED.heading,
  paragraphs: [...ABOUT_TEXT_SEED.blurb],
  video: { source: "shipped" },
  videoTitle: null,
  posterUrl: null,
};

/** A video file refused by its bytes; `reason` is shown under the field. */
export class VideoRejectedError extends Error {
  override name = "VideoRejectedError";
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The MP4-family brands of a video (ISO base media, MP4, H.264, DASH, M4V, QuickTime, 3GP). */
const VIDEO_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "qt  ",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
  "mmp4",
  "MSNV",
]);

/**
 * MP4 or WebM by the file's first bytes (never its name or declared type), or a refusal. An
 * MP4-family file must name a video brand, major or compatible, and its major brand must not
 * be a picture's or a sound's (AVIF, HEIC and M4A files share the container).
 */
export function videoTypeOf(bytes: Uint8Array): "video/mp4" | "video/webm" {
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes.length > 16 && ascii(4, 8) === "ftyp") {
    const boxSize = Math.min(
      new DataView(bytes.buffer, bytes.byteOffset).getUint32(0),
      256,
      bytes.length,
    );
    const major = ascii(8, 12);
    const compatible = [];
    for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(ascii(at, at + 4));
    if (
      VIDEO_BRANDS.has(major) ||
      (!NOT_VIDEO_BRANDS.has(major) && compatible.some((b) => VIDEO_BRANDS.has(b)))
    ) {
      return "video/mp4";
    }
  } else if (
    bytes.length > 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3 &&
    ascii(4, 64).includes("webm")
  ) {
    return "video/webm";
  }
  throw new VideoRejectedError("This file is not an MP4 or WebM video.");
}

/** Pictures and sounds in the MP4 container. */
const NOT_VIDEO_BRANDS = new Set([
  "avif",
  "avis",
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "mif1",
  "msf1",
  "M4A ",
  "M4B ",
  "M4P ",
  "F4A ",
  "F4B ",
]);

function parseStored(value: unknown): StoredAboutSection | null {
  const stored = value as Partial<StoredAboutSection> | null;
  if (
    !stored ||
    typeof stored.heading !== "string" ||
    !Array.isArray(stored.paragraphs) ||
    typeof stored.video !== "object" ||
    stored.video === null
  ) {
    return null;
  }
  return {
    heading: stored.heading,
    paragraphs: stored.paragraphs.filter((p): p is string => typeof p === "string"),
    video: stored.video as StoredAboutVideo,
    videoTitle: typeof stored.videoTitle === "string" ? stored.videoTitle : null,
    posterUrl: typeof stored.posterUrl === "string" ? stored.posterUrl : null,
  };
}

/** The stored section, or the first one (no row, or a row edited into something unreadable). */
export async function loadAboutSection(db: Database): Promise<StoredAboutSection> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, ABOUT_SETTING_KEY));
  return (row && parseStored(row.value)) || FIRST_ABOUT_SECTION;
}

/** What the home page shows: heading, paragraphs and the player's source. */
export function aboutForPage(section: StoredAboutSection, configuredUrl: string | undefined) {
  const { video, videoTitle, posterUrl } = section;
  const player: AboutVideo =
    video.source === "shipped"
      ? aboutVideo(configuredUrl)
      : {
          kind: "owner",
          url: video.source === "upload" ? video.url : embedUrl(video),
          title: videoTitle ?? ABOUT.videoTitle,
          poster: posterUrl,
        };
  return { heading: section.heading, paragraphs: section.paragraphs, video: player };
}

export interface AboutSectionChanges {
  heading: string;
  text: string;
  videoSource: AboutVideoSourceName;
  videoLink?: string;
  videoTitle: string | null;
  /** A new video file's bytes (checked here by its first bytes). */
  videoFile?: Uint8Array;
  poster?: ProcessedImage;
  removePoster: boolean;
}

export type SaveAboutResult =
  | { ok: true; changes: SettingChange[] }
  | { ok: false; field: "videoFile" | "videoLink"; message: string };

function videoInWords(video: StoredAboutVideo): string {
  if (video.source === "upload") return `uploaded file ${video.url}`;
  if (video.source === "link") return `${video.provider} video ${video.id}`;
  return "the video that came with the site";
}

function inWords(section: StoredAboutSection): [string, string][] {
  return [
    ["heading", section.heading],
    ["text", section.paragraphs.join("\n\n")],
    ["video", videoInWords(section.video)],
    ["video title", section.videoTitle ?? "(none)"],
    ["poster", section.posterUrl ?? "the site's own"],
  ];
}

/** The first key of pg_advisory_xact_lock(int4, int4): "about video" (ASCII 'ABVD'). */
const VIDEO_LOCK_CLASS = 0x41425644;

const videoKey = (bytes: Uint8Array, type: "video/mp4" | "video/webm") =>
  `videos/${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${type === "video/mp4" ? "mp4" : "webm"}`;

/**
 * Saves the section with its audit record (each changed part, before → after) in one
 * transaction with the new video's and poster's files; a video or poster no longer used is
 * removed after the commit. A video file that is not MP4 or WebM, or a link that is not
 * YouTube or Vimeo, is refused with the reason and nothing changes.
 */
export async function saveAboutSection(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  changes: AboutSectionChanges,
  options: CatalogWriteOptions = {},
): Promise<SaveAboutResult> {
  let upload: { key: string; type: "video/mp4" | "video/webm" } | null = null;
  if (changes.videoSource === "upload" && changes.videoFile && changes.videoFile.length > 0) {
    try {
      const type = videoTypeOf(changes.videoFile);
      upload = { key: videoKey(changes.videoFile, type), type };
    } catch (error) {
      if (!(error instanceof VideoRejectedError)) throw error;
      return { ok: false, field: "videoFile", message: error.reason };
    }
  }
  const link = changes.videoSource === "link" ? parseVideoLink(changes.videoLink ?? "") : null;
  if (changes.videoSource === "link" && !link) {
    return { ok: false, field: "videoLink", message: "Please paste a YouTube or Vimeo link." };
  }

  let newPosterUrl: string | null = null;
  let wroteVideo = false;
  try {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${VIDEO_LOCK_CLASS}::int4, 0)`);
      const before = await loadAboutSection(tx);
      let video: StoredAboutVideo;
      if (changes.videoSource === "shipped") video = { source: "shipped" };
      else if (link) video = { source: "link", ...link };
      else if (upload) {
        const publicUrl = storage.publicUrl(upload.key);
        if (!(await storage.exists(tx, upload.key))) {
          await storage.put(tx, upload.key, changes.videoFile!, upload.type);
          wroteVideo = true;
        }
        video = { source: "upload", url: publicUrl, type: upload.type };
      } else if (before.video.source === "upload") {
        video = before.video; // no new file: the one in place stays
      } else {
        return {
          ok: false as const,
          field: "videoFile" as const,
          message: "Please choose the video file (MP4 or WebM).",
        };
      }
      let posterUrl = before.posterUrl;
      if (changes.poster) {
        newPosterUrl = await adoptImage(tx, storage, "about", changes.poster);
        posterUrl = newPosterUrl;
      } else if (changes.removePoster) {
        posterUrl = null;
      }
      const after: StoredAboutSection = {
        heading: changes.heading,
        paragraphs: paragraphsOf(changes.text),
        video,
        videoTitle: changes.videoSource === "shipped" ? null : changes.videoTitle,
        posterUrl,
      };
      const was = new Map(inWords(before));
      const changed = inWords(after)
        .filter(([field, value]) => was.get(field) !== value)
        .map(([field, to]) => ({ field, from: was.get(field) ?? "", to }));
      if (changed.length === 0) return { ok: true as const, changes: [], before, after };
      await tx
        .insert(siteSettings)
        .values({ key: ABOUT_SETTING_KEY, value: after })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value: after, updatedAt: new Date() },
        });
      await recordAudit(tx, actor, {
        action: "settings.about",
        entity: "site_settings",
        entityId: null,
        details: { changes: changed },
      });
      await notifyCatalogChanged(tx);
      return { ok: true as const, changes: changed, before, after };
    });
    if (!result.ok) {
      await collectUnusedImages(db, storage, [newPosterUrl], options.onCleanupError);
      return result;
    }
    // After the commit: the files nothing refers to any more.
    const { before, after } = result;
    if (before.video.source === "upload" && before.video.url !== videoUrlOf(after.video)) {
      await removeVideo(db, storage, before.video.url, options.onCleanupError);
    }
    await collectUnusedImages(
      db,
      storage,
      before.posterUrl !== after.posterUrl ? [before.posterUrl] : [],
      options.onCleanupError,
    );
    return { ok: true, changes: result.changes };
  } catch (error) {
    if (wroteVideo && upload)
      await removeVideo(db, storage, storage.publicUrl(upload.key), options.onCleanupError);
    await collectUnusedImages(db, storage, [newPosterUrl], options.onCleanupError);
    if (error instanceof StorageWriteError) throw error;
    if ((error as { code?: string }).code === "ENOSPC") {
      throw new StorageWriteError(storageFailureReason(error), { cause: error });
    }
    throw error;
  }
}

const videoUrlOf = (video: StoredAboutVideo) => (video.source === "upload" ? video.url : null);

/** Removes an uploaded video's file unless the stored section plays it (a later save). */
async function removeVideo(
  db: Database,
  storage: FileStorage,
  url: string,
  onError: CatalogWriteOptions["onCleanupError"],
) {
  const key = storage.keyFromUrl(url);
  if (!key) return;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${VIDEO_LOCK_CLASS}::int4, 0)`);
      const now = await loadAboutSection(tx);
      if (videoUrlOf(now.video) === url) return;
      await storage.delete(tx, key);
    });
  } catch (error) {
    onError?.(error, url);
  }
}

/** The form's starting values. */
export function aboutSectionForForm(section: StoredAboutSection) {
  return {
    heading: section.heading,
    text: section.paragraphs.join("\n\n"),
    videoSource: section.video.source,
    videoLink: section.video.source === "link" ? watchUrl(section.video) : "",
    videoTitle: section.videoTitle ?? "",
    uploadedVideo: section.video.source === "upload" ? section.video.url : null,
    posterUrl: section.posterUrl,
  };
}
