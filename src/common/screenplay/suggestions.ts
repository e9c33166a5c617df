/**
 * What the script editor offers while a line is typed: character names and locations from the script itself,
 * INT./EXT. and times of day for a scene heading. Pure, read from the parser's elements.
 */
import { characterName, headingParts, type ScriptElement } from "./fountain.ts";

export const HEADING_PREFIXES = ["INT. ", "EXT. ", "INT./EXT. "] as const;
export const TIMES_OF_DAY = ["DAY", "NIGHT", "MORNING", "EVENING", "DAWN", "DUSK", "CONTINUOUS", "LATER"] as const;

export interface Suggestion {
  /** Where in the line the replaced text starts. */
  from: number;
  options: string[];
}

const byCount = (list: string[]) => {
  const counts = new Map<string, number>();
  for (const x of list) if (x) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([x]) => x);
};

/** The script's characters (by name, most speeches first) and its locations and times of day. */
export function scriptVocabulary(elements: readonly ScriptElement[]) {
  const cues: string[] = [];
  const places: string[] = [];
  const times: string[] = [];
  for (const e of elements) {
    if (e.type === "character") cues.push(characterName(e.text));
    else if (e.type === "scene_heading") {
      const h = headingParts(e.text);
      places.push(h.location);
      times.push(h.timeOfDay);
    }
  }
  return { characters: byCount(cues), locations: byCount(places), times: byCount([...times, ...TIMES_OF_DAY]) };
}

const startsWith = (option: string, typed: string) =>
  option.toUpperCase().startsWith(typed.toUpperCase()) && option.length > typed.length;

/**
 * What completes the line typed so far (`before`, the line up to the cursor), or null. `speaking` says the line
 * is a cue (announced by Tab, or read so by the parser).
 */
export function suggest(
  before: string,
  speaking: boolean,
  vocabulary: ReturnType<typeof scriptVocabulary>,
): Suggestion | null {
  const heading = /^(\s*)(INT\.\/EXT\.|INT\.?\/EXT|I\/E|INT|EXT|EST)[. ]\s*/i.exec(before);
  if (heading) {
    const rest = before.slice(heading[0].length);
    const dash = /^(.*\S)\s+[-–—]\s*/.exec(rest);
    if (dash) {
      const from = heading[0].length + dash[0].length;
      const typed = before.slice(from);
      const options = vocabulary.times.filter((t) => startsWith(t, typed) || typed === "");
      return options.length > 0 ? { from, options } : null;
    }
    const options = vocabulary.locations.filter((l) => startsWith(l, rest));
    return options.length > 0 ? { from: heading[0].length, options } : null;
  }
  const lead = /^\s*@?/.exec(before)![0].length;
  const typed = before.slice(lead);
  if (typed === "") return null;
  // Only in capitals (or "int"/"ext" whole): "In the morning…" is action, and Enter must not turn it into a heading.
  if (/^[a-z]{1,3}$/i.test(typed) && !speaking && (typed === typed.toUpperCase() || /^(int|ext)$/i.test(typed))) {
    const options = HEADING_PREFIXES.filter((p) => startsWith(p, typed));
    if (options.length > 0) return { from: lead, options };
  }
  if (!speaking) return null;
  const options = vocabulary.characters.filter((c) => startsWith(c, typed));
  return options.length > 0 ? { from: lead, options } : null;
}
