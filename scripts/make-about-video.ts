import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  captionsVtt,
  type Division,
  SCENES,
  type Scene,
  timeline,
  VIDEO_FPS,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  videoDuration,
} from "./lib/about-video-scenes.ts";

/*
 * `npm run make:about-video`: makes the home page's About video (decision 021) from the project's
 * own artwork (public/images) and copy (app/content, through scripts/lib/about-video-scenes.ts):
 * a 26-second silent title sequence about the three divisions.
 *
 * Every frame is drawn as SVG and rasterised with sharp (librsvg), so motion is sub-pixel
 * smooth; ffmpeg encodes a lossless master, then VP9 WebM and H.264 MP4 (yuv420p, BT.709,
 * +faststart) from it. It writes, under public/media/, the two videos and the WebVTT captions,
 * each named with a hash of its content so the server can cache them for a year, and
 * app/content/about-video.ts, which names them. The first frame is the site's poster artwork
 * (public/images/about-poster.svg) as it is, so the poster and the video start alike.
 *
 * Needs Debian's ffmpeg and the Inter font the site uses (apt-get install ffmpeg fonts-inter).
 * Takes a few minutes on two cores.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const IMAGES = path.join(ROOT, "public/images");
const MEDIA = path.join(ROOT, "public/media");
const MANIFEST = path.join(ROOT, "app/content/about-video.ts");
const BASENAME = "about-kwezi";
const INTER_DIR = "/usr/share/fonts/opentype/inter";

const W = VIDEO_WIDTH;
const H = VIDEO_HEIGHT;

// The site's colours (app/styles/design.css).
const INK = "#0b1220";
const INK_SOFT = "#16213a";
const PRIMARY = "#1d4ed8";
const ACCENT = "#f59e0b";
const SLATE_200 = "#e2e8f0";
const SLATE_300 = "#cbd5e1";
const SLATE_400 = "#94a3b8";
const GLOW: Record<Division, string> = {
  digital: "#2563eb",
  hardware: "#0f766e",
  bespoke: "#b45309",
};

function fail(message: string): never {
  console.error(`make-about-video: ${message}`);
  process.exit(1);
}

if (spawnSync("ffmpeg", ["-version"]).status !== 0)
  fail("ffmpeg is missing (apt-get install ffmpeg)");
if (!fs.existsSync(path.join(INTER_DIR, "Inter-Regular.otf")))
  fail(`the Inter font is missing from ${INTER_DIR} (apt-get install fonts-inter)`);

// Text is set in Inter alone: fontconfig sees no other font, so nothing falls back silently.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "about-video-"));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));
fs.writeFileSync(
  path.join(work, "fonts.conf"),
  `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${INTER_DIR}</dir><cachedir>${work}/fontcache</cachedir></fontconfig>`,
);
process.env.FONTCONFIG_FILE = path.join(work, "fonts.conf");
const { default: sharp } = await import("sharp");

// ---------------------------------------------------------------------------------------------
// Drawing helpers

const esc = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const easeOut = (x: number) => 1 - (1 - clamp01(x)) ** 3;
const smooth = (x: number) => {
  const c = clamp01(x);
  return c * c * (3 - 2 * c);
};
const n = (x: number) => Number(x.toFixed(3));

interface Art {
  viewBox: string;
  body: string;
}

const artCache = new Map<string, Art>();
/** An SVG of public/images, its ids prefixed so that several can share one frame. */
function art(file: string): Art {
  const cached = artCache.get(file);
  if (cached) return cached;
  const source = fs.readFileSync(path.join(IMAGES, file), "utf8");
  const viewBox = /viewBox="([^"]+)"/.exec(source)?.[1] ?? fail(`${file} has no viewBox`);
  const prefix = `a${artCache.size}-`;
  const body = source
    .replace(/^[\s\S]*?<svg\b[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replace(/<title>[\s\S]*?<\/title>/g, "")
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  const result = { viewBox, body };
  artCache.set(file, result);
  return result;
}

/** `file` drawn to fill x,y,w,h (cropped to fit). */
function drawArt(file: string, x: number, y: number, w: number, h: number) {
  const { viewBox, body } = art(file);
  return `<svg x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

const LOGO = fs
  .readFileSync(path.join(ROOT, "public/favicon.svg"), "utf8")
  .replace(/^[\s\S]*?<svg\b[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<title>[\s\S]*?<\/title>/g, "");
const logo = (x: number, y: number, size: number) =>
  `<svg x="${n(x)}" y="${n(y)}" width="${size}" height="${size}" viewBox="0 0 64 64">${LOGO}</svg>`;

interface TextStyle {
  size: number;
  weight: number;
  fill: string;
  spacing?: number;
  anchor?: "start" | "middle";
}

const text = (value: string, x: number, y: number, style: TextStyle) =>
  `<text x="${n(x)}" y="${n(y)}" font-family="Inter" font-size="${style.size}" font-weight="${style.weight}" fill="${style.fill}"${style.spacing ? ` letter-spacing="${style.spacing}"` : ""}${style.anchor === "middle" ? ' text-anchor="middle"' : ""}>${esc(value)}</text>`;

const widthCache = new Map<string, number>();
/** The drawn width of one line of text, measured by rendering it. */
async function measure(value: string, style: TextStyle): Promise<number> {
  const key = `${style.size}/${style.weight}/${style.spacing ?? 0}/${value}`;
  const cached = widthCache.get(key);
  if (cached !== undefined) return cached;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="${style.size * 2}"><rect width="100%" height="100%" fill="#000"/>${text(value, 0, style.size * 1.4, { ...style, fill: "#fff", anchor: "start" })}</svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .trim({ background: "#000" })
    .toBuffer({ resolveWithObject: true });
  const width = -(info.trimOffsetLeft ?? 0) + info.width;
  widthCache.set(key, width);
  return width;
}

/** `value` broken into lines no wider than `max`. */
async function wrap(value: string, style: TextStyle, max: number): Promise<string[]> {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && (await measure(candidate, style)) > max) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Fades in and rises into place from `delay` seconds into its scene. */
function enter(local: number, delay: number, body: string, rise = 18, length = 0.6) {
  const p = easeOut((local - delay) / length);
  if (p <= 0) return "";
  return `<g opacity="${n(p)}" transform="translate(0 ${n((1 - p) * rise)})">${body}</g>`;
}

const DEFS = `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${INK_SOFT}"/><stop offset="1" stop-color="${INK}"/></linearGradient>
<pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#fff" stroke-opacity=".05" stroke-width="2"/></pattern>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK}" stop-opacity=".15"/><stop offset=".45" stop-color="${INK}" stop-opacity=".45"/><stop offset="1" stop-color="${INK}" stop-opacity=".94"/></linearGradient>
<linearGradient id="shade-left" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${INK}" stop-opacity=".7"/><stop offset=".6" stop-color="${INK}" stop-opacity="0"/></linearGradient>
${Object.entries(GLOW)
  .map(
    ([key, colour]) =>
      `<radialGradient id="glow-${key}"><stop offset="0" stop-color="${colour}" stop-opacity=".55"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
  )
  .join("")}
<radialGradient id="glow-closing"><stop offset="0" stop-color="${PRIMARY}" stop-opacity=".45"/><stop offset="1" stop-color="${PRIMARY}" stop-opacity="0"/></radialGradient>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur stdDeviation="14"/></filter>
</defs>`;

const BACKGROUND = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#grid)"/>`;

/** A rounded card holding an artwork, with a soft shadow. */
function card(id: string, file: string, x: number, y: number, w: number, h: number) {
  const radius = Math.round(w * 0.04);
  return `<g transform="translate(${n(x)} ${n(y)})">
<rect x="8" y="18" width="${n(w - 16)}" height="${n(h - 8)}" rx="${radius}" fill="#000" opacity=".55" filter="url(#shadow)"/>
<clipPath id="${id}"><rect width="${n(w)}" height="${n(h)}" rx="${radius}"/></clipPath>
<g clip-path="url(#${id})">${drawArt(file, 0, 0, w, h)}</g>
<rect x="1" y="1" width="${n(w - 2)}" height="${n(h - 2)}" rx="${radius}" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="2"/>
</g>`;
}

// ---------------------------------------------------------------------------------------------
// Scenes: each is drawn from its own time (`local`, seconds) over the shared background.

interface Layout {
  /** The largest title size (at most 52 px) that keeps the title clear of the cards. */
  titleSize?: number;
  description: string[];
  line?: string[];
  ctaWidth: number;
}

const STYLE = {
  eyebrow: { size: 19, weight: 700, fill: ACCENT, spacing: 2.6 },
  name: { size: 66, weight: 800, fill: "#fff", spacing: -1.2 },
  tagline: { size: 30, weight: 500, fill: SLATE_200 },
  title: { size: 52, weight: 800, fill: "#fff", spacing: -1 },
  description: { size: 25, weight: 400, fill: SLATE_300 },
  cta: { size: 21, weight: 600, fill: "#fff" },
  closingLine: { size: 27, weight: 500, fill: SLATE_200 },
  contact: { size: 22, weight: 500, fill: SLATE_300 },
  address: { size: 19, weight: 400, fill: SLATE_400 },
} satisfies Record<string, TextStyle>;

async function layout(scene: Scene): Promise<Layout> {
  switch (scene.kind) {
    case "title":
      return { description: [], ctaWidth: 0 };
    case "division":
      return {
        titleSize: Math.min(
          STYLE.title.size,
          Math.floor((STYLE.title.size * 540) / (await measure(scene.title, STYLE.title))),
        ),
        description: await wrap(scene.description, STYLE.description, 500),
        ctaWidth: await measure(`${scene.cta}  →`, STYLE.cta),
      };
    case "closing":
      return {
        description: [],
        line: await wrap(scene.line, STYLE.closingLine, 900),
        ctaWidth: await measure(scene.cta, { ...STYLE.cta, fill: INK }),
      };
  }
}

/**
 * The poster artwork (public/images/about-poster.svg) in two parts: its background (gradient
 * and grid) fills the frame, and its three motifs (a board, a web page, a gift) are moved to
 * the right so that the company's name has the left side to itself.
 */
function posterParts() {
  const { body } = art("about-poster.svg");
  const split = body.indexOf("<g ");
  return { background: body.slice(0, split), motifs: body.slice(split) };
}
/** The motifs' bounds in the poster (x, y, width, height) and where they are drawn. */
const MOTIFS = { x: 350, y: 258, w: 828, h: 306 };
const MOTIFS_SCALE = 0.74;
const MOTIFS_AT = { x: 620, y: 142 };

function drawTitle(scene: Extract<Scene, { kind: "title" }>, local: number, duration: number) {
  // The first frame is the poster (about-poster.svg) as it is: its motifs then make room for
  // the company's name, and drift slowly until the next scene.
  const move = smooth((local - 0.3) / 1.4);
  const drift = smooth(local / duration);
  const { background, motifs } = posterParts();
  const cx = MOTIFS.x + MOTIFS.w / 2;
  const cy = MOTIFS.y + MOTIFS.h / 2;
  const scale = (1 + (MOTIFS_SCALE - 1) * move) * (1 + 0.03 * drift);
  const x = cx + (MOTIFS_AT.x + (MOTIFS.w * MOTIFS_SCALE) / 2 - cx) * move - 10 * drift;
  const y = cy + (MOTIFS_AT.y + (MOTIFS.h * MOTIFS_SCALE) / 2 - cy) * move - 6 * drift;
  const at = `translate(${n(x)} ${n(y)}) scale(${n(scale)}) translate(${-cx} ${-cy})`;
  return `<svg width="${W}" height="${H}" viewBox="0 0 1280 720">${background}<g transform="${at}">${motifs}</g></svg>
<g opacity="${n(move)}"><rect width="${W}" height="${H}" fill="url(#shade)"/><rect width="${W}" height="${H}" fill="url(#shade-left)"/></g>
${enter(local, 1.0, logo(88, 356, 60))}
${enter(local, 1.15, text(scene.eyebrow.toUpperCase(), 90, 468, STYLE.eyebrow))}
${enter(local, 1.3, text(scene.name, 86, 540, STYLE.name))}
${enter(local, 1.5, text(scene.tagline, 89, 588, STYLE.tagline))}`;
}

/** Where a division scene's three cards rest (x, y, width): a large one and two smaller. */
const CARD_SLOTS = [
  { x: 700, y: 196, w: 470, enterDelay: 0.1, from: [70, 0] },
  { x: 604, y: 430, w: 250, enterDelay: 0.45, from: [0, 50] },
  { x: 1000, y: 66, w: 230, enterDelay: 0.7, from: [0, -50] },
] as const;

function drawDivision(
  scene: Extract<Scene, { kind: "division" }>,
  local: number,
  duration: number,
  lay: Layout,
  sceneId: number,
) {
  // Gentle motion that encodes cheaply: the cards slide (whole-block motion), nothing zooms.
  const drift = -16 * (local / duration);
  const cards = scene.art
    .map((file, index) => {
      const slot = CARD_SLOTS[index]!;
      const p = easeOut((local - slot.enterDelay) / 0.9);
      if (p <= 0) return "";
      const h = (slot.w * 5) / 8;
      const x = slot.x + drift * (1 + index * 0.5) + (1 - p) * slot.from[0];
      const y = slot.y + (1 - p) * slot.from[1];
      return `<g opacity="${n(p)}">${card(`c${sceneId}-${index}`, file, x, y, slot.w, h)}</g>`;
    })
    // The large card is drawn last, over the smaller ones.
    .reverse()
    .join("");
  const glow = `<ellipse cx="900" cy="360" rx="520" ry="360" fill="url(#glow-${scene.division})"/>`;

  const top = 214;
  const tile = `<rect x="88" y="${top - 40}" width="52" height="52" rx="12" fill="${PRIMARY}"/>${text(scene.letter, 114, top - 4, { size: 28, weight: 800, fill: "#fff", anchor: "middle" })}${text(scene.eyebrow.toUpperCase(), 158, top - 6, STYLE.eyebrow)}`;
  const title = text(scene.title, 86, top + 84, { ...STYLE.title, size: lay.titleSize ?? 52 });
  const description = lay.description
    .map((line, i) => text(line, 88, top + 140 + i * 37, STYLE.description))
    .join("");
  const ctaTop = top + 140 + lay.description.length * 37 + 8;
  const cta = `<rect x="88" y="${ctaTop}" width="${n(lay.ctaWidth + 48)}" height="52" rx="26" fill="${PRIMARY}"/>${text(`${scene.cta}  →`, 112, ctaTop + 33, STYLE.cta)}`;

  return `${glow}${cards}
${enter(local, 0.45, tile)}
${enter(local, 0.6, title)}
${enter(local, 0.8, description)}
${enter(local, 1.05, cta)}`;
}

function drawClosing(scene: Extract<Scene, { kind: "closing" }>, local: number, lay: Layout) {
  const cx = W / 2;
  const line = (lay.line ?? [])
    .map((value, i) => text(value, cx, 346 + i * 38, { ...STYLE.closingLine, anchor: "middle" }))
    .join("");
  const afterLine = 346 + ((lay.line?.length ?? 1) - 1) * 38;
  const ctaW = lay.ctaWidth + 64;
  const cta = `<rect x="${n(cx - ctaW / 2)}" y="${afterLine + 34}" width="${n(ctaW)}" height="56" rx="28" fill="${ACCENT}"/>${text(scene.cta, cx, afterLine + 70, { ...STYLE.cta, fill: INK, anchor: "middle" })}`;
  return `<ellipse cx="${cx}" cy="330" rx="560" ry="330" fill="url(#glow-closing)"/>
${enter(local, 0.4, logo(cx - 36, 150, 72))}
${enter(local, 0.55, text(scene.name, cx, 290, { ...STYLE.name, size: 58, anchor: "middle" }))}
${enter(local, 0.75, line)}
${enter(local, 1.0, cta)}
${enter(local, 1.25, `${text(scene.contact, cx, afterLine + 150, { ...STYLE.contact, anchor: "middle" })}${text(scene.address, cx, afterLine + 184, { ...STYLE.address, anchor: "middle" })}`)}`;
}

// ---------------------------------------------------------------------------------------------
// Frames

const timed = timeline();
const layouts = await Promise.all(SCENES.map(layout));
const duration = videoDuration();
const frameCount = Math.round(duration * VIDEO_FPS);

function frameSvg(frame: number): string {
  const t = frame / VIDEO_FPS;
  const layers = timed.map(({ scene, start, end }, index) => {
    if (t < start || t >= end) return "";
    const local = t - start;
    const fadeIn = index === 0 ? 1 : smooth((t - start) / 0.7);
    const fadeOut = index === timed.length - 1 ? 1 : 1 - smooth((t - (end - 0.7)) / 0.7);
    const opacity = Math.min(fadeIn, fadeOut);
    const body =
      scene.kind === "title"
        ? drawTitle(scene, local, scene.duration)
        : scene.kind === "division"
          ? drawDivision(scene, local, scene.duration, layouts[index]!, index)
          : drawClosing(scene, local, layouts[index]!);
    return opacity >= 1 ? body : `<g opacity="${n(opacity)}">${body}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${DEFS}${BACKGROUND}${layers.join("")}</svg>`;
}

const renderRgb = (frame: number) =>
  sharp(Buffer.from(frameSvg(frame)))
    .flatten({ background: INK })
    .removeAlpha()
    .raw()
    .toBuffer();

function run(args: string[], input?: NodeJS.ReadableStream) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], {
      stdio: [input ? "pipe" : "ignore", "inherit", "inherit"],
      cwd: work,
    });
    if (input && child.stdin) input.pipe(child.stdin);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${args.join(" ")}`)),
    );
  });
}

const only = process.argv.find((arg) => arg.startsWith("--frame="));
if (only) {
  // `--frame=N`: one frame as a PNG, to look at while adjusting the design.
  const frame = Number(only.slice("--frame=".length));
  const file = path.resolve(`about-video-frame-${frame}.png`);
  await sharp(Buffer.from(frameSvg(frame)))
    .png()
    .toFile(file);
  console.log(file);
  process.exit(0);
}

// `--master=<file.mkv>`: keep the lossless master there, and reuse it when it exists (to try
// encoder settings without drawing every frame again).
const keptMaster = process.argv.find((arg) => arg.startsWith("--master="))?.slice(9);
const master = keptMaster ? path.resolve(keptMaster) : path.join(work, "master.mkv");
if (keptMaster && fs.existsSync(master)) {
  console.log(`Reusing the master ${master}`);
} else {
  console.log(`Rendering ${frameCount} frames (${duration.toFixed(1)} s at ${VIDEO_FPS} fps)…`);
  const { PassThrough } = await import("node:stream");
  const frames = new PassThrough({ highWaterMark: W * H * 3 * 4 });
  const encoding = run(
    [
      ...["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${W}x${H}`, "-framerate", `${VIDEO_FPS}`],
      ...["-i", "-", "-c:v", "ffv1", "-level", "3", master],
    ],
    frames,
  );
  const started = Date.now();
  for (let frame = 0; frame < frameCount; frame++) {
    const rgb = await renderRgb(frame);
    if (!frames.write(rgb)) await new Promise((resolve) => frames.once("drain", resolve));
    if (frame % 100 === 99) {
      console.log(`  ${frame + 1}/${frameCount} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  frames.end();
  await encoding;
}

// RGB to Y'CbCr with the BT.709 matrix, and say so: browsers assume BT.709 for HD video, and
// ffmpeg's default (BT.601) would shift the site's blues.
const COLOUR = [
  ...["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"],
  ...["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"],
  ...["-color_range", "tv"],
];
// A key frame every 5 s: a seek decodes at most 5 s of frames (instant at this size), and
// key frames every 2 s made the WebM a fifth larger.
const GOP = ["-g", String(VIDEO_FPS * 5)];

console.log("Encoding WebM (VP9, two passes)…");
const webm = path.join(work, "video.webm");
const vp9 = [
  ...["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "37", "-row-mt", "1", "-tile-columns", "1"],
  ...["-deadline", "good", "-cpu-used", "1", ...GOP],
];
await run(["-i", master, ...COLOUR, ...vp9, "-pass", "1", "-an", "-f", "null", "/dev/null"]);
await run(["-i", master, ...COLOUR, ...vp9, "-pass", "2", "-an", webm]);

console.log("Encoding MP4 (H.264)…");
const mp4 = path.join(work, "video.mp4");
await run([
  ...["-i", master, ...COLOUR, "-c:v", "libx264", "-preset", "veryslow", "-tune", "animation"],
  // aq-mode 3 spends more on dark flat areas: no blocks in the ink gradients of a crossfade.
  ...["-crf", "27", "-x264-params", "aq-mode=3", "-profile:v", "high", "-level:v", "4.0"],
  ...[...GOP, "-an"],
  ...["-movflags", "+faststart", mp4],
]);

// ---------------------------------------------------------------------------------------------
// Files and manifest

const hashOf = (data: Buffer | string) =>
  crypto.createHash("sha256").update(data).digest("hex").slice(0, 10);

fs.mkdirSync(MEDIA, { recursive: true });
for (const old of fs.readdirSync(MEDIA).filter((name) => name.startsWith(`${BASENAME}.`))) {
  fs.rmSync(path.join(MEDIA, old));
}
function publish(data: Buffer | string, suffix: string): { src: string; bytes: number } {
  const name = `${BASENAME}.${hashOf(data)}${suffix}`;
  fs.writeFileSync(path.join(MEDIA, name), data);
  return { src: `/media/${name}`, bytes: Buffer.byteLength(data) };
}

const webmFile = publish(fs.readFileSync(webm), ".webm");
const mp4File = publish(fs.readFileSync(mp4), ".mp4");
const captionsFile = publish(captionsVtt(), ".en.vtt");

// The MP4's codec string (e.g. avc1.640028: High profile, level 4.0) for <source type>.
const probe = spawnSync(
  "ffprobe",
  [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=profile,level",
    "-of",
    "json",
    mp4,
  ],
  { encoding: "utf8" },
);
const stream = (JSON.parse(probe.stdout) as { streams: { profile: string; level: number }[] })
  .streams[0]!;
const profile =
  { Baseline: "42E0", Main: "4D40", High: "6400" }[stream.profile] ??
  fail(`profile ${stream.profile}`);
const avc1 = `avc1.${profile}${stream.level.toString(16).padStart(2, "0").toUpperCase()}`;

const manifest = {
  webm: webmFile.src,
  webmType: 'video/webm; codecs="vp9"',
  mp4: mp4File.src,
  mp4Type: `video/mp4; codecs="${avc1}"`,
  captions: captionsFile.src,
  width: W,
  height: H,
  durationSeconds: Number(duration.toFixed(1)),
  bytes: { webm: webmFile.bytes, mp4: mp4File.bytes, captions: captionsFile.bytes },
};
fs.writeFileSync(
  MANIFEST,
  `/*
 * Generated by scripts/make-about-video.ts (\`npm run make:about-video\`): do not edit. The
 * About video shipped with the site, shown when ABOUT_VIDEO_URL is unset. Its files are in
 * public/media/, each named with a hash of its content (served immutable for a year).
 */
export const ABOUT_VIDEO = ${JSON.stringify(manifest, null, 2)} as const;
`,
);
spawnSync("npx", ["biome", "format", "--write", MANIFEST], { cwd: ROOT, stdio: "ignore" });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Done: ${duration.toFixed(1)} s; WebM ${kb(webmFile.bytes)}, MP4 ${kb(mp4File.bytes)} (together ${kb(webmFile.bytes + mp4File.bytes)}); captions ${kb(captionsFile.bytes)}`,
);
