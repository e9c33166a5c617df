/** The script's reports: scenes, characters, locations, length and estimated running time. */
import { isNight, parseFountain, type IntExt } from "./fountain.ts";
import { LINES_PER_PAGE, layoutScript, type Layout } from "./layout.ts";

export interface SceneReport {
  number: string;
  heading: string;
  intExt: IntExt;
  location: string;
  timeOfDay: string;
  night: boolean;
  page: number;
  eighths: number;
  omitted: boolean;
  characters: string[];
  /** Source line of the heading (null when omitted). */
  line: number | null;
}

export interface CharacterReport {
  name: string;
  /** Scene numbers the character speaks in. */
  scenes: string[];
  /** Speeches, and the printed lines of dialogue in them. */
  speeches: number;
  dialogueLines: number;
}

export interface LocationReport {
  location: string;
  intExt: IntExt[];
  scenes: string[];
  eighths: number;
}

export interface ScriptReport {
  scenes: SceneReport[];
  characters: CharacterReport[];
  /** The speaking characters in the order they first speak: what cast IDs are numbered by. */
  appearance: string[];
  locations: LocationReport[];
  pages: number;
  /** The script's length in eighths of a page (the last page counts as far as it is filled). */
  lengthEighths: number;
  /** A page is about a minute of screen time. */
  runtimeMinutes: number;
}

export function reportFromLayout(layout: Layout): ScriptReport {
  const live = layout.scenes;
  const castOf = new Map<number, Set<string>>();
  const characters = new Map<string, CharacterReport>();
  for (const sp of layout.speeches) {
    if (sp.scene >= 0) {
      const set = castOf.get(sp.scene) ?? new Set<string>();
      set.add(sp.name);
      castOf.set(sp.scene, set);
    }
    const c = characters.get(sp.name) ?? { name: sp.name, scenes: [], speeches: 0, dialogueLines: 0 };
    c.speeches += 1;
    c.dialogueLines += sp.lines;
    const num = live[sp.scene]?.number;
    if (num && !c.scenes.includes(num)) c.scenes.push(num);
    characters.set(sp.name, c);
  }
  const scenes: SceneReport[] = live.map((s, i) => ({
    number: s.number,
    heading: s.heading,
    intExt: s.intExt,
    location: s.location,
    timeOfDay: s.timeOfDay,
    night: isNight(s.timeOfDay),
    page: s.page,
    eighths: s.eighths,
    omitted: s.omitted,
    characters: [...(castOf.get(i) ?? [])].sort(),
    line: s.line,
  }));
  const locations = new Map<string, LocationReport>();
  for (const s of scenes) {
    if (s.omitted || !s.location) continue;
    const l = locations.get(s.location) ?? { location: s.location, intExt: [], scenes: [], eighths: 0 };
    if (s.intExt && !l.intExt.includes(s.intExt)) l.intExt.push(s.intExt);
    l.scenes.push(s.number);
    l.eighths += s.eighths;
    locations.set(s.location, l);
  }
  const last = layout.pages.at(-1);
  const filled = (layout.pages.length - 1) * LINES_PER_PAGE + (last?.rows.length ?? 0);
  const lengthEighths = filled === 0 ? 0 : Math.max(1, Math.round((filled * 8) / LINES_PER_PAGE));
  return {
    scenes,
    characters: [...characters.values()].sort((a, b) => b.speeches - a.speeches || a.name.localeCompare(b.name)),
    appearance: [...characters.keys()],
    locations: [...locations.values()].sort(
      (a, b) => b.scenes.length - a.scenes.length || a.location.localeCompare(b.location),
    ),
    pages: filled === 0 ? 0 : layout.pages.length,
    lengthEighths,
    runtimeMinutes: lengthEighths === 0 ? 0 : Math.max(1, Math.round(lengthEighths / 8)),
  };
}

export function scriptReport(text: string, locked: string[] | null): ScriptReport {
  return reportFromLayout(layoutScript(parseFountain(text), { locked }));
}
