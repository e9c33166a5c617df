/**
 * Scene numbers. Unlocked, scenes are numbered 1, 2, 3… (a number written into a heading wins).
 * Locked, the numbers written at the lock stay: a scene inserted after 5 becomes 5A (then 5B…), one
 * inserted before the first becomes A1, and a locked number no longer in the script is OMITTED.
 */
import type { ParsedScript } from "./fountain.ts";

export interface Numbered {
  /** The number of each scene heading, in order. */
  numbers: string[];
  /** Locked numbers missing from the script, each placed before the scene at `before` (scenes.length = at the end). */
  omitted: { number: string; before: number }[];
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function nextLetter(base: string, taken: Set<string>): string {
  for (const l of LETTERS) if (!taken.has(`${base}${l}`)) return `${base}${l}`;
  for (const l of LETTERS) for (const m of LETTERS) if (!taken.has(`${base}${l}${m}`)) return `${base}${l}${m}`;
  return `${base}+`;
}

/** A-scene after `prev`: 5 → 5A, 5A → 5B (the letter continues on the same base). */
function after(prev: string, taken: Set<string>): string {
  const m = /^(\d+)([A-Z]*)$/.exec(prev);
  if (!m) return nextLetter(prev, taken);
  return nextLetter(m[1]!, taken);
}

function beforeFirst(first: string, taken: Set<string>): string {
  for (const l of LETTERS) if (!taken.has(`${l}${first}`)) return `${l}${first}`;
  return `0${first}`;
}

export function numberScenes(headings: { sceneNumber?: string }[], locked: string[] | null): Numbered {
  if (!locked) {
    let n = 0;
    return {
      numbers: headings.map((h) => {
        n += 1;
        return h.sceneNumber ?? String(n);
      }),
      omitted: [],
    };
  }
  const taken = new Set<string>([...locked, ...headings.flatMap((h) => (h.sceneNumber ? [h.sceneNumber] : []))]);
  const numbers: string[] = [];
  let prev: string | null = null;
  const firstLocked = locked[0] ?? "1";
  for (const h of headings) {
    let n = h.sceneNumber;
    if (!n) {
      n = prev === null ? beforeFirst(firstLocked, taken) : after(prev, taken);
      taken.add(n);
    }
    numbers.push(n);
    prev = n;
  }
  const present = new Set(numbers);
  const lockedIndex = new Map(locked.map((n, i) => [n, i]));
  const omitted: Numbered["omitted"] = [];
  locked.forEach((num, i) => {
    if (present.has(num)) return;
    // Sits after the last scene whose locked position comes before it.
    let before = 0;
    numbers.forEach((n, k) => {
      const at = lockedIndex.get(n) ?? lockedIndex.get(n.replace(/[A-Z]+$/, ""));
      if (at !== undefined && at < i) before = k + 1;
    });
    omitted.push({ number: num, before });
  });
  return { numbers, omitted };
}

/**
 * Locks the scene numbers: writes every scene's current number into its heading (`#5#`), which is
 * how Fountain keeps numbers, and answers the text and the list of locked numbers.
 */
export function stampSceneNumbers(source: string, parsed: ParsedScript, locked: string[] | null): { text: string; numbers: string[] } {
  const headings = parsed.elements.filter((e) => e.type === "scene_heading");
  const { numbers, omitted } = numberScenes(headings, locked);
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  headings.forEach((h, i) => {
    if (h.sceneNumber) return;
    const raw = lines[h.line];
    if (raw === undefined) return;
    lines[h.line] = `${raw.replace(/\s+$/, "")} #${numbers[i]}#`;
  });
  // Omitted numbers stay locked, so a restored scene could take its number back.
  const ordered: string[] = [];
  for (let k = 0; k <= numbers.length; k++) {
    for (const o of omitted) if (o.before === k) ordered.push(o.number);
    if (k < numbers.length) ordered.push(numbers[k]!);
  }
  return { text: lines.join("\n"), numbers: ordered };
}
