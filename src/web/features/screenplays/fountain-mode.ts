/**
 * The script editor's Fountain mode for CodeMirror 6: lines styled by the element the project's own parser reads
 * them as (no second Fountain parser), Enter/Tab/"(" applying the decision table of common/screenplay/writing-keys,
 * cues and transitions typed in capitals, and completion of characters, locations, INT./EXT. and times of day.
 */
import { autocompletion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import {
  EditorSelection,
  Prec,
  StateEffect,
  StateField,
  type EditorState,
  type Extension,
  type Text,
} from "@codemirror/state";
import { Decoration, EditorView, keymap, ViewPlugin, type DecorationSet, type ViewUpdate } from "@codemirror/view";
import { parseFountain, type ScriptElement } from "../../../common/screenplay/fountain.ts";
import { scriptVocabulary, suggest } from "../../../common/screenplay/suggestions.ts";
import {
  elementOfLine,
  onWritingKey,
  typesInCapitals,
  type WritingElement,
  type WritingKey,
} from "../../../common/screenplay/writing-keys.ts";

/** The script's elements, parsed once per text (the parser keeps unchanged scenes, so a keystroke is cheap). */
const parsed = new WeakMap<Text, ScriptElement[]>();
function elementsOf(state: EditorState): ScriptElement[] {
  let elements = parsed.get(state.doc);
  if (!elements) parsed.set(state.doc, (elements = parseFountain(state.doc.toString()).elements));
  return elements;
}

/** The element announced by the last key, at a position on its line; it holds while the cursor stays there. */
const announce = StateEffect.define<{ at: number; element: WritingElement }>();
const announced = StateField.define<{ at: number; element: WritingElement } | null>({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(announce)) return e.value;
    if (!value) return value;
    const at = tr.changes.mapPos(value.at);
    const head = tr.state.selection.main.head;
    return tr.state.doc.lineAt(head).number === tr.state.doc.lineAt(at).number ? { ...value, at } : null;
  },
});

/** The element at the cursor: the announced one on its line, or as the parser reads the line. */
export function currentElement(state: EditorState): WritingElement {
  const a = state.field(announced, false);
  if (a) return a.element;
  const line = state.doc.lineAt(state.selection.main.head).number - 1;
  return elementOfLine(elementsOf(state), (n) => lineText(state, n), line);
}

const lineText = (state: EditorState, n: number) => (n < state.doc.lines ? state.doc.line(n + 1).text : undefined);

/** Applies the decision table for a key; false lets the editor do what the key always does. */
function writingKey(view: EditorView, key: WritingKey): boolean {
  const { state } = view;
  const sel = state.selection.main;
  if (!sel.empty || state.readOnly) return false;
  const line = state.doc.lineAt(sel.head);
  const out = onWritingKey(
    {
      element: currentElement(state),
      before: line.text.slice(0, sel.head - line.from),
      after: line.text.slice(sel.head - line.from),
    },
    key,
  );
  if (!out) return false;
  const at = sel.head + out.skip;
  const from = at - out.remove;
  const caret = from + out.caret;
  view.dispatch({
    changes: { from, to: at, insert: out.insert },
    selection: EditorSelection.cursor(caret),
    effects: announce.of({ at: caret, element: out.next }),
    scrollIntoView: true,
    userEvent: "input",
  });
  return true;
}

const writingKeymap = Prec.high(
  keymap.of([
    { key: "Enter", run: (v) => writingKey(v, "Enter") },
    { key: "Tab", run: (v) => writingKey(v, "Tab") },
    // Shift-Enter is a plain line break, whatever the element.
    {
      key: "Shift-Enter",
      run: (v) => {
        v.dispatch(v.state.replaceSelection("\n"), { scrollIntoView: true, userEvent: "input" });
        return true;
      },
    },
  ]),
);

/** "(" opens a parenthetical where the table says so; in a cue or transition what is typed is in capitals. */
const typing = EditorView.inputHandler.of((view, from, to, text) => {
  if (text === "(" && from === to) return writingKey(view, "(");
  if (!/\p{Ll}/u.test(text)) return false;
  const element = currentElement(view.state);
  if (!typesInCapitals(element)) return false;
  const line = view.state.doc.lineAt(from);
  // A cue forced with "@" keeps its case (@McCLANE).
  if (/^\s*@/.test(line.text)) return false;
  view.dispatch({
    changes: { from, to, insert: text.toUpperCase() },
    selection: EditorSelection.cursor(from + text.length),
    userEvent: "input.type",
  });
  return true;
});

const LINE_CLASS: Record<WritingElement, Decoration> = Object.fromEntries(
  (["scene_heading", "action", "character", "parenthetical", "dialogue", "transition"] as const).map((e) => [
    e,
    Decoration.line({ class: `cm-fountain-${e.replace("_", "-")}` }),
  ]),
) as Record<WritingElement, Decoration>;
const NOTE_MARK = Decoration.mark({ class: "cm-fountain-note" });

/** Styles the lines in sight by their element, and notes ([[…]]) within them. */
const elementLines = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = this.build(view);
    }
    update(u: ViewUpdate) {
      if (u.docChanged || u.viewportChanged) this.decorations = this.build(u.view);
    }
    build(view: EditorView): DecorationSet {
      const { state } = view;
      const elements = elementsOf(state);
      const ranges = [];
      for (const { from, to } of view.visibleRanges) {
        for (let pos = from; pos <= to;) {
          const line = state.doc.lineAt(pos);
          if (line.text.trim() !== "") {
            const element = elementOfLine(elements, (n) => lineText(state, n), line.number - 1);
            if (element !== "action") ranges.push(LINE_CLASS[element].range(line.from));
            for (const m of line.text.matchAll(/\[\[.*?]]/g))
              ranges.push(NOTE_MARK.range(line.from + m.index, line.from + m.index + m[0].length));
          }
          pos = line.to + 1;
        }
      }
      return Decoration.set(ranges, true);
    }
  },
  { decorations: (p) => p.decorations },
);

function completeLine(context: CompletionContext): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  const before = line.text.slice(0, context.pos - line.from);
  const speaking = currentElement(context.state) === "character";
  const s = suggest(before, speaking, scriptVocabulary(elementsOf(context.state)));
  if (!s) return null;
  return {
    from: line.from + s.from,
    options: s.options.map((label) => ({ label, type: speaking ? "variable" : "keyword" })),
    filter: true,
  };
}

const theme = EditorView.theme({
  "&": { fontFamily: "'Courier Prime', Courier, 'Courier New', monospace" },
  ".cm-content": { fontFamily: "inherit", padding: "12px 0" },
  ".cm-line": { padding: "0 12px" },
  ".cm-fountain-scene-heading": { fontWeight: "700" },
  ".cm-fountain-character": { paddingLeft: "min(22ch, 30%)" },
  ".cm-fountain-parenthetical": { paddingLeft: "min(16ch, 22%)" },
  ".cm-fountain-dialogue": { paddingLeft: "min(10ch, 14%)", paddingRight: "min(8ch, 10%)" },
  ".cm-fountain-transition": { textAlign: "right" },
  // A tint behind the text keeps its colour readable in light and dark.
  ".cm-fountain-note": { backgroundColor: "rgba(250, 204, 21, 0.3)", fontStyle: "italic" },
});

/** Everything Fountain in the editor. */
export function fountainMode(): Extension {
  return [
    announced,
    writingKeymap,
    typing,
    elementLines,
    theme,
    autocompletion({ override: [completeLine], icons: false }),
  ];
}
