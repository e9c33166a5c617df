/**
 * What the breakdown sheet reads from a script: each scene's number, heading, speaking characters and
 * text, and safety flags suggested from that text by keyword rules. Pure code, so the rules are tested
 * on their own and the server and the browser agree on them.
 */
import { characterName, type ParsedScript } from "./fountain.ts";
import { numberScenes } from "./numbering.ts";

export const BREAKDOWN_CATEGORIES = [
  "cast",
  "extras",
  "props",
  "wardrobe",
  "makeup",
  "vehicles",
  "sfx",
  "stunts",
  "animals",
  "sound",
  "locations",
] as const;
export type BreakdownCategory = (typeof BREAKDOWN_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<BreakdownCategory, string> = {
  cast: "Cast",
  extras: "Extras",
  props: "Props",
  wardrobe: "Wardrobe",
  makeup: "Make-up",
  vehicles: "Vehicles",
  sfx: "Special effects",
  stunts: "Stunts",
  animals: "Animals",
  sound: "Sound",
  locations: "Locations",
};

/** The flags the script suggests; a school's hazard kinds (`common/safety.ts`) may have more, without a keyword rule. */
export const SAFETY_KINDS = [
  "weapons",
  "water",
  "fire",
  "heights",
  "minors",
  "intimacy",
  "vehicles",
  "stunts",
  "drones",
  "animals",
] as const;
export type SafetyKind = (typeof SAFETY_KINDS)[number];

export const SAFETY_LABELS: Record<SafetyKind, string> = {
  weapons: "weapons",
  water: "water",
  fire: "fire",
  heights: "heights",
  minors: "minors",
  intimacy: "intimacy",
  vehicles: "vehicles",
  stunts: "stunts",
  drones: "drones",
  animals: "animals",
};

export interface SceneText {
  number: string;
  heading: string;
  /** Source line of the heading. */
  line: number;
  /** Speaking characters, by the name behind the cue. */
  characters: string[];
  /** The scene's printed text, one element a line (heading first). */
  text: string;
}

/** Splits a parsed script into its scenes, numbered as the preview numbers them (locked numbers kept). */
export function scenesOf(parsed: ParsedScript, locked: string[] | null): SceneText[] {
  const headings = parsed.elements.filter((e) => e.type === "scene_heading");
  const { numbers } = numberScenes(headings, locked);
  const out: SceneText[] = [];
  let current: { scene: SceneText; lines: string[]; cast: Set<string> } | null = null;
  const flush = () => {
    if (!current) return;
    current.scene.text = current.lines.join("\n");
    current.scene.characters = [...current.cast].sort();
    out.push(current.scene);
  };
  for (const e of parsed.elements) {
    if (e.type === "scene_heading") {
      flush();
      current = {
        scene: { number: numbers[out.length]!, heading: e.text, line: e.line, characters: [], text: "" },
        lines: [e.text],
        cast: new Set(),
      };
      continue;
    }
    if (!current || e.type === "section" || e.type === "synopsis" || e.type === "page_break") continue;
    if (e.type === "character") {
      const name = characterName(e.text);
      if (name) current.cast.add(name);
    }
    current.lines.push(e.text);
  }
  flush();
  return out;
}

export interface SafetySuggestion {
  sceneNumber: string;
  kind: SafetyKind;
  /** The words of the script that raised it, as written. */
  evidence: string;
}

/**
 * Keyword rules, one list a kind. Words are matched whole (so "fire" does not hit "firefly" and "car"
 * does not hit "scar"); stems end in `\w*` where their inflections matter. A rule suggests, a person
 * decides: a false hit costs one click to dismiss, a missed hazard costs more, so the lists lean wide.
 */
const RULES: Record<SafetyKind, RegExp> = {
  weapons:
    /\b(guns?|gunshots?|gunfire|pistols?|revolvers?|rifles?|shotguns?|handguns?|firearms?|knife|knives|daggers?|swords?|machetes?|blades?|axes?|crossbows?|weapons?|bullets?|shoots? (?:at|him|her|them)|stabs?|stabbed|stabbing|holsters?)\b/i,
  water:
    /\b(swim\w*|swam|pool|lake|river|sea|ocean|waves?|underwater|drown\w*|bath(?:tub)?|boats?|canoe|kayak|harbou?r|pier|jetty|dives? in|waterfall|flood\w*)\b/i,
  fire: /\b(fires?|flames?|flaming|burn(?:s|ing|ed|t)?|blaze|bonfire|candles?|torch(?:es)?|lighter|matches|matchstick|match strikes|smoke|smoking|cigarettes?|explo(?:des?|sion|sions)|molotov|fireworks?)\b/i,
  heights:
    /\b(roofs?|rooftops?|ledges?|cliffs?|ladders?|scaffold\w*|balcon(?:y|ies)|parapet|tower|bridge railing|falls? from|jumps? from|climbs?|climbing|edge of the (?:roof|cliff|building|platform))\b/i,
  minors:
    /\b(?:child|children|kids?|boy|girl|baby|babies|toddler|teen(?:ager|agers|s)?|schoolboy|schoolgirl|minor|\d{1,2}[- ]years?[- ]old)\b|\((?:[1-9]|1[0-7])\)/i,
  intimacy:
    /\b(kiss\w*|sex|sexual\w*|naked|nude|nudity|undress\w*|makes? love|making love|in bed together|intimate\w*|caress\w*|topless|strips? off)\b/i,
  vehicles:
    /\b(cars?|drives?|driving|drove|trucks?|vans?|buses|bus|motorbikes?|motorcycles?|scooters?|taxis?|lorr(?:y|ies)|tractors?|crash\w*|speeds? off|steering wheel|passenger seat|behind the wheel)\b/i,
  stunts:
    /\b(stunts?|fights?|fighting|fought|punch(?:es|ed|ing)?|brawl\w*|tackles?|tackled|wrestl\w*|headbutts?|thrown (?:through|against|down|to the (?:ground|floor))|knocked (?:down|out|over)|tumbles? down|falls? down the stairs)\b/i,
  drones: /\b(drones?|quadcopters?|aerial (?:shot|view|footage))\b/i,
  animals:
    /\b(dogs?|pupp(?:y|ies)|cats?|kittens?|horses?|pon(?:y|ies)|cows?|sheep|goats?|pigs?|chickens?|hens?|parrots?|snakes?|rats?|mice|rabbits?|ferrets?|falcons?)\b/i,
};

/** Ages written in a cue or action ("LENA (9)", "a 12-year-old") count as a minor only under 18. */
function isMinorHit(match: string): boolean {
  const age = /(\d{1,2})/.exec(match);
  if (!age) return true;
  return Number(age[1]) < 18;
}

/** Safety flags the text suggests: at most one per scene and kind, with the first words that raised it. */
export function suggestSafetyFlags(scenes: Pick<SceneText, "number" | "text">[]): SafetySuggestion[] {
  const out: SafetySuggestion[] = [];
  for (const scene of scenes) {
    for (const kind of SAFETY_KINDS) {
      const rule = new RegExp(RULES[kind].source, "gi");
      for (const m of scene.text.matchAll(rule)) {
        if (kind === "minors" && !isMinorHit(m[0])) continue;
        out.push({ sceneNumber: scene.number, kind, evidence: m[0] });
        break;
      }
    }
  }
  return out;
}

/**
 * The greenlight item a confirmed flag adds to its project's checklist. A school's own hazard kind (flagged by
 * hand, no keyword rule) is named by its label in the school's table.
 */
export function safetyItemLabel(kind: string, sceneNumber: string, kindLabel?: string): string {
  const name = SAFETY_LABELS[kind as SafetyKind] ?? kindLabel?.toLowerCase() ?? kind;
  return `Safety plan: ${name} (scene ${sceneNumber})`;
}

/** A tag's name as people write it: spaces squeezed, at most 120 characters. */
export function normaliseElementName(name: string): string {
  return name.replace(/\s+/g, " ").trim().slice(0, 120);
}
