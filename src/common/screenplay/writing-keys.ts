/**
 * What Enter, Tab and "(" do in the script editor, as in Final Draft and Highland: the one decision table,
 * pure, so the editor only applies it and the rule is tested on its own. The text stays plain Fountain: a
 * key inserts line breaks, and only where Fountain needs them "()" for a parenthetical or ">" for a
 * transition; nothing else is written for the writer (a cue is upper case because the editor types it so).
 */
import type { ElementType, ScriptElement } from "./fountain.ts";

/** The elements a writer moves between with the keys. */
export type WritingElement = "scene_heading" | "action" | "character" | "parenthetical" | "dialogue" | "transition";

export const ELEMENT_LABEL: Record<WritingElement, string> = {
  scene_heading: "Scene heading",
  action: "Action",
  character: "Character",
  parenthetical: "Parenthetical",
  dialogue: "Dialogue",
  transition: "Transition",
};

/** A parsed element as the writer moves between them: sung lines count as dialogue, the rest as action. */
export function writingElementOf(type: ElementType): WritingElement {
  switch (type) {
    case "scene_heading":
    case "action":
    case "character":
    case "parenthetical":
    case "dialogue":
    case "transition":
      return type;
    case "lyrics":
      return "dialogue";
    default:
      return "action";
  }
}

export type WritingKey = "Enter" | "Tab" | "(";

export interface KeyContext {
  /** The element of the cursor's line: as parsed, or as announced by the last key on an empty line. */
  element: WritingElement;
  /** The line's text before and after the cursor. */
  before: string;
  after: string;
}

export interface KeyOutcome {
  /** Characters after the cursor to step over first (the ")" of a parenthetical). */
  skip: number;
  /** Characters before the cursor to remove (a lone ">" when Tab moves on from an empty transition). */
  remove: number;
  insert: string;
  /** Where the cursor lands, as an offset into `insert`. */
  caret: number;
  /** The element the cursor is in afterwards. */
  next: WritingElement;
}

const outcome = (next: WritingElement, insert = "", caret = insert.length, skip = 0, remove = 0): KeyOutcome => ({
  skip,
  remove,
  insert,
  caret,
  next,
});

/** Where a paragraph ends and the next begins (a blank line), and where a speech goes on (one line break). */
const PARAGRAPH = "\n\n";
const LINE = "\n";

/**
 * The key's effect, or null when the editor does what it always does (a plain line break, Tab leaving the
 * editor, a typed "("). Enter acts at the end of a line only: in the middle it splits the line as usual.
 */
export function onWritingKey(ctx: KeyContext, key: WritingKey): KeyOutcome | null {
  const { element, before, after } = ctx;
  const empty = before.trim() === "" && after.trim() === "";
  // The cursor before the ")" that "(" or Tab put there counts as the end of the parenthetical.
  const skip = element === "parenthetical" && after === ")" ? 1 : 0;
  const atEnd = after === "" || skip === 1;
  if (key === "Enter") {
    if (empty)
      // An empty cue or transition goes back to action, as a second Enter does in Final Draft.
      return element === "character" || element === "transition" || element === "parenthetical"
        ? outcome(element === "parenthetical" ? "dialogue" : "action")
        : null;
    if (!atEnd) return null;
    // A transition begun by Tab and left empty: Enter drops its ">" and goes back to action, as Tab does. A lone ">"
    // left behind would make the next line's transition read as action.
    if (before.trim() === ">" && element === "transition") return outcome("action", "", 0, 0, before.length);
    switch (element) {
      case "scene_heading":
        return outcome("action", PARAGRAPH);
      case "action":
        return outcome("action", PARAGRAPH);
      case "character":
        return outcome("dialogue", LINE);
      case "parenthetical":
        return outcome("dialogue", LINE, LINE.length, skip);
      case "dialogue":
        return outcome("action", PARAGRAPH);
      case "transition":
        return outcome("scene_heading", PARAGRAPH);
    }
  }
  if (key === "Tab") {
    if (empty) {
      switch (element) {
        case "action":
        case "scene_heading":
          return outcome("character");
        case "character":
          return outcome("transition", ">");
        case "dialogue":
        case "parenthetical":
          return outcome("parenthetical", "()", 1);
        default:
          return null;
      }
    }
    // A transition begun by Tab and still empty: Tab goes on round to action.
    if (element === "transition" && before.trim() === ">" && after.trim() === "") return outcome("action", "", 0, 0, 1);
    if (element === "dialogue" && after === "") return outcome("parenthetical", `${LINE}()`, LINE.length + 1);
    if (element === "character" && after === "") return outcome("parenthetical", `${LINE}()`, LINE.length + 1);
    return null;
  }
  // "(" on an empty line of a speech opens a parenthetical with its closing bracket.
  if (empty && (element === "dialogue" || element === "parenthetical")) return outcome("parenthetical", "()", 1);
  return null;
}

/** Whether what is typed in this element is written in capitals (cues and transitions, as Final Draft does). */
export function typesInCapitals(element: WritingElement): boolean {
  return element === "character" || element === "transition";
}

/**
 * The element a line of the source is in, from the parser's elements (sorted by line, as parseFountain gives
 * them): the last element starting at or before it in the same paragraph. An empty line is what typing there
 * makes: dialogue right under a speech, action elsewhere.
 */
export function elementOfLine(
  elements: readonly ScriptElement[],
  lineText: (n: number) => string | undefined,
  line: number,
): WritingElement {
  const blank = (n: number) => (lineText(n) ?? "").trim() === "";
  if (blank(line)) {
    if (line === 0 || blank(line - 1)) return "action";
    const above = elementOfLine(elements, lineText, line - 1);
    return above === "character" || above === "parenthetical" || above === "dialogue" ? "dialogue" : "action";
  }
  let lo = 0;
  let hi = elements.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (elements[mid]!.line <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return "action";
  const el = elements[found]!;
  for (let k = line; k > el.line; k--) if (blank(k)) return "action";
  return writingElementOf(el.type);
}
