import { COMPANY } from "../../app/content/company.ts";
import {
  HERO_CTAS,
  HERO_TILES,
  HOME_SECTIONS,
  QUOTE_SECTION,
  SERVICE_SUMMARIES,
} from "../../app/content/site.ts";

/*
 * The About video's script (decision 021): what each scene shows and when, in the site's own
 * words (app/content), and the captions that follow from it. scripts/make-about-video.ts draws
 * the scenes; the unit test checks that the committed captions still say what this says, so a
 * change to the copy or the company's details is caught until the video is made again.
 */

export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
export const VIDEO_FPS = 25;
/** Each scene fades into the next over this many seconds. */
export const CROSSFADE_S = 0.7;

export type Division = "digital" | "hardware" | "bespoke";

interface SceneBase {
  /** Seconds on screen, crossfades included. */
  duration: number;
}

export type Scene =
  | (SceneBase & {
      kind: "title";
      eyebrow: string;
      name: string;
      tagline: string;
    })
  | (SceneBase & {
      kind: "division";
      division: Division;
      letter: string;
      eyebrow: string;
      title: string;
      description: string;
      cta: string;
      /** Artwork from public/images, drawn as cards beside the text; the first is the largest. */
      art: string[];
    })
  | (SceneBase & {
      kind: "closing";
      name: string;
      line: string;
      cta: string;
      contact: string;
      address: string;
    });

function division(index: 0 | 1 | 2, key: Division, art: string[]): Scene {
  const summary = SERVICE_SUMMARIES[index];
  const tile = HERO_TILES[index];
  return {
    kind: "division",
    duration: 6,
    division: key,
    letter: tile.letter,
    eyebrow: tile.label,
    title: summary.title,
    description: summary.description,
    cta: HERO_CTAS[index].label,
    art,
  };
}

export const SCENES: Scene[] = [
  {
    kind: "title",
    duration: 5.5,
    eyebrow: `${COMPANY.address.suburb}, ${COMPANY.address.city} · ${COMPANY.address.country}`,
    name: COMPANY.name,
    tagline: COMPANY.tagline,
  },
  division(0, "digital", [
    "portfolio/ecommerce-platform.svg",
    "portfolio/interactive-dashboard.svg",
    "portfolio/iot-smart-home.svg",
  ]),
  division(1, "hardware", [
    "portfolio/custom-pcb.svg",
    "portfolio/prototype.svg",
    "equipment/pick-and-place.svg",
  ]),
  division(2, "bespoke", [
    "portfolio/gift-set.svg",
    "equipment/laser-cutter.svg",
    "equipment/3d-printer.svg",
  ]),
  {
    kind: "closing",
    duration: 5.3,
    name: COMPANY.name,
    line: HOME_SECTIONS.services.intro,
    cta: QUOTE_SECTION.heading,
    contact: `${COMPANY.phone} · ${COMPANY.generalEmail}`,
    address: `${COMPANY.address.street}, ${COMPANY.address.suburb}, ${COMPANY.address.city}`,
  },
];

export interface TimedScene {
  scene: Scene;
  start: number;
  end: number;
}

/** When each scene starts and ends: each begins CROSSFADE_S before the one before it ends. */
export function timeline(scenes: Scene[] = SCENES): TimedScene[] {
  let start = 0;
  return scenes.map((scene) => {
    const timed = { scene, start, end: start + scene.duration };
    start = timed.end - CROSSFADE_S;
    return timed;
  });
}

/** The whole video's length in seconds. */
export function videoDuration(scenes: Scene[] = SCENES): number {
  return timeline(scenes).at(-1)!.end;
}

/** The words a scene puts on screen, in reading order, one caption line each. */
export function sceneText(scene: Scene): string[] {
  switch (scene.kind) {
    case "title":
      return [scene.name, scene.tagline, scene.eyebrow];
    case "division":
      return [`${scene.eyebrow}: ${scene.title}`, scene.description, scene.cta];
    case "closing":
      return [scene.name, scene.line, scene.cta, scene.contact, scene.address];
  }
}

/** Cue text is markup: `&` and `<` must be escaped ("Hardware & Manufacturing"). */
const vttEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * WebVTT captions: the video has no sound, so they say so, then give each scene's on-screen
 * text while it is shown (from the middle of one crossfade to the middle of the next).
 */
export function captionsVtt(scenes: Scene[] = SCENES): string {
  const timed = timeline(scenes);
  const cues = timed.map(({ scene, start, end }, index) => {
    const from = index === 0 ? 0 : start + CROSSFADE_S / 2;
    const to = index === timed.length - 1 ? end : end - CROSSFADE_S / 2;
    const lines = sceneText(scene);
    if (index === 0) lines.unshift("[No sound. On-screen text:]");
    return `${index + 1}\n${vttTime(from)} --> ${vttTime(to)}\n${lines.map(vttEscape).join("\n")}`;
  });
  return `WEBVTT - ${COMPANY.name}: our three divisions (no sound)\n\n${cues.join("\n\n")}\n`;
}
