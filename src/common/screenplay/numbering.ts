/**
 * Scene numbers. A number written into a heading (`#5#`, put there by the lock) is the scene's
 * identity and wins, once: a second heading with the same number is a new scene. Never locked, the
 * other scenes are numbered 1, 2, 3… Once locked, also after an unlock (the list is kept), a scene
 * inserted after 5 becomes 5A (then 5B…), one inserted before the first becomes A1, and a locked
 * number no longer in the script is OMITTED. No two scenes ever share a number.
 */
import type { ParsedScript } from "./fountain.ts";

export interface Numbered {
  /** The number of each scene heading, in order. */
  numbers: string[];
  /** Locked numbers missing from the script, each placed before the scene at `before` (scenes.length = at the end). */
  omitted: { number: string; before: number }[];
  /**
   * Numbers not written into their heading (scenes added since the last lock): one can still change
   * when another scene is added next to it, so nothing is keyed to it until a lock writes it in.
   */
  provisional: string[];
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
  // Every number that belongs to a scene, so a new scene never takes one: the locked list (omitted
  // numbers included) and every number written into a heading.
  const taken = new Set<string>([
    ...(locked ?? []),
    ...headings.flatMap((h) => (h.sceneNumber ? [h.sceneNumber] : [])),
  ]);
  const used = new Set<string>();
  const numbers: string[] = [];
  const provisional: string[] = [];
  let prev: string | null = null;
  const firstLocked = locked?.[0] ?? "1";
  headings.forEach((h, i) => {
    // A written number is the scene's identity; a second heading with the same number (a pasted
    // scene) is a new scene and gets a number of its own.
    let n = h.sceneNumber && !used.has(h.sceneNumber) ? h.sceneNumber : undefined;
    if (!n) {
      const inOrder = String(i + 1);
      if (!locked && !taken.has(inOrder)) n = inOrder;
      else n = prev === null ? beforeFirst(firstLocked, taken) : after(prev, taken);
      taken.add(n);
      provisional.push(n);
    }
    used.add(n);
    numbers.push(n);
    prev = n;
  });
  if (!locked) return { numbers, omitted: [], provisional };
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
  return { numbers, omitted, provisional };
}

/**
 * Locks the scene numbers: writes every scene's current number into its heading (`#5#`), which is
 * how Fountain keeps numbers, and answers the text and the list of locked numbers.
 */
export function stampSceneNumbers(
  source: string,
  parsed: ParsedScript,
  locked: string[] | null,
): { text: string; numbers: string[] } {
  const headings = parsed.elements.filter((e) => e.type === "scene_heading");
  const { numbers, omitted } = numberScenes(headings, locked);
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  headings.forEach((h, i) => {
    if (h.sceneNumber === numbers[i]) return;
    const raw = lines[h.line];
    if (raw === undefined) return;
    // A repeated number written in a heading is replaced by the one this scene was given.
    const bare = h.sceneNumber ? raw.replace(/\s*#[^#\n]*#\s*$/, "") : raw.replace(/\s+$/, "");
    lines[h.line] = `${bare} #${numbers[i]}#`;
  });
  // Omitted numbers stay locked, so a restored scene could take its number back.
  const ordered: string[] = [];
  for (let k = 0; k <= numbers.length; k++) {
    for (const o of omitted) if (o.before === k) ordered.push(o.number);
    if (k < numbers.length) ordered.push(numbers[k]!);
  }
  return { text: lines.join("\n"), numbers: ordered };
}

/** Whether a screenplay's scene numbers are locked now; an unlocked script keeps its last locked list. */
export const scenesLocked = (sp: { lockedScenes: string[] | null; scenesUnlocked: boolean }): boolean =>
  sp.lockedScenes !== null && !sp.scenesUnlocked;
