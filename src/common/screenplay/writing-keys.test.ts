import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { elementOfLine, onWritingKey, typesInCapitals, type WritingElement, type WritingKey } from "./writing-keys.ts";

/** A writer at the end of the script: the text, and the element the last key announced for the cursor's line. */
interface Desk {
  text: string;
  pending: WritingElement | null;
  /** Lines the writer typed in an announced element. */
  typed: { line: number; element: WritingElement }[];
}

const SAMPLE: Record<WritingElement, string> = {
  scene_heading: "INT. HALL - DAY",
  action: "She waits by the door.",
  character: "Mara",
  parenthetical: "quietly",
  dialogue: "Is anyone there?",
  transition: "Cut to:",
};

const lineNo = (text: string) => text.split("\n").length - 1;

/** The cursor's line split at the cursor; the cursor is at the end of the text or before a closing ")". */
function cursorOf(d: Desk & { caret: number }) {
  const before = d.text.slice(0, d.caret);
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineEnd = d.text.indexOf("\n", d.caret);
  return {
    before: before.slice(lineStart),
    after: d.text.slice(d.caret, lineEnd < 0 ? d.text.length : lineEnd),
  };
}

function elementNow(d: Desk & { caret: number }): WritingElement {
  if (d.pending) return d.pending;
  const lines = d.text.split("\n");
  return elementOfLine(parseFountain(d.text).elements, (n) => lines[n], lineNo(d.text.slice(0, d.caret)));
}

type Step = WritingKey | "type";

function write(start: string, steps: Step[]) {
  const d: Desk & { caret: number } = { text: start, pending: null, typed: [], caret: start.length };
  const inserted: string[] = [];
  for (const step of steps) {
    const element = elementNow(d);
    const { before, after } = cursorOf(d);
    if (step === "type") {
      // Typing on a fresh line (or between the brackets, or after the ">") what the element holds, as the editor
      // types it: cues and transitions in capitals.
      const fresh = before.replace(/^[(>]/, "").trim() === "" && after.replace(/^\)$/, "").trim() === "";
      if (!fresh) continue;
      const sample = typesInCapitals(element) ? SAMPLE[element].toUpperCase() : SAMPLE[element];
      d.text = d.text.slice(0, d.caret) + sample + d.text.slice(d.caret);
      d.caret += sample.length;
      // The announced element stays while the cursor is on its line (a cue is not one until its speech follows).
      d.typed.push({ line: lineNo(d.text.slice(0, d.caret)), element });
      continue;
    }
    const out = onWritingKey({ element, before, after }, step);
    if (!out) {
      // What the editor does then: Enter breaks the line; Tab leaves the editor and "(" is typed as it is,
      // which a writer at the end of the script does not do here.
      if (step === "Enter") {
        d.text = `${d.text.slice(0, d.caret)}\n${d.text.slice(d.caret)}`;
        d.caret += 1;
        d.pending = null;
      }
      continue;
    }
    inserted.push(out.insert);
    const at = d.caret + out.skip;
    d.text = d.text.slice(0, at - out.remove) + out.insert + d.text.slice(at);
    d.caret = at - out.remove + out.caret;
    d.pending = out.next;
  }
  return { ...d, inserted };
}

describe("the keys that move between elements", () => {
  it("types a scene with Tab and Enter as Final Draft does, in plain Fountain", () => {
    const { text } = write("", [
      "type",
      "Enter",
      "type",
      "Enter",
      "Tab",
      "type",
      "Enter",
      "type",
      "Tab",
      "type",
      "Enter",
      "type",
      "Enter",
      "Tab",
      "Tab",
      "type",
      "Enter",
      "type",
    ]);
    expect(text).toBe(
      [
        "She waits by the door.",
        "",
        "She waits by the door.",
        "",
        "MARA",
        "Is anyone there?",
        "(quietly)",
        "Is anyone there?",
        "",
        ">CUT TO:",
        "",
        "INT. HALL - DAY",
      ].join("\n"),
    );
    const kinds = parseFountain(text).elements.map((e) => e.type);
    expect(kinds).toEqual([
      "action",
      "action",
      "character",
      "dialogue",
      "parenthetical",
      "dialogue",
      "transition",
      "scene_heading",
    ]);
  });

  it("after a scene heading Enter is action, after a cue dialogue, after dialogue a new paragraph", () => {
    const at = (element: WritingElement, before: string, key: WritingKey = "Enter") =>
      onWritingKey({ element, before, after: "" }, key);
    expect(at("scene_heading", "INT. HALL - DAY")).toMatchObject({ insert: "\n\n", next: "action" });
    expect(at("character", "MARA")).toMatchObject({ insert: "\n", next: "dialogue" });
    expect(at("dialogue", "Hello.")).toMatchObject({ insert: "\n\n", next: "action" });
    expect(at("action", "", "Tab")).toMatchObject({ insert: "", next: "character" });
    expect(at("dialogue", "", "(")).toMatchObject({ insert: "()", caret: 1, next: "parenthetical" });
    // In the middle of a line Enter splits it, as always.
    expect(onWritingKey({ element: "action", before: "She ", after: "waits." }, "Enter")).toBeNull();
  });

  it("drops an empty transition's > on Enter, so the next transition is not read as action (found by the property)", () => {
    const { text, typed } = write("", ["Tab", "Tab", "Enter", "Tab", "Tab", "type"]);
    const lines = text.split("\n");
    const { elements } = parseFountain(text);
    expect(typed).toHaveLength(1);
    expect(elementOfLine(elements, (n) => lines[n], typed[0]!.line)).toBe("transition");
  });

  it("inserts only line breaks and the marks Fountain needs, and what is typed re-parses as the element announced", () => {
    const step = fc.constantFrom<Step>("Enter", "Tab", "(", "type", "type");
    const start = fc.constantFrom("", "INT. HALL - DAY", "MARA\nHello.", "She waits.\n\n", "INT. HALL - DAY\n\nRain.");
    fc.assert(
      fc.property(start, fc.array(step, { maxLength: 24 }), (from, steps) => {
        const { text, typed, inserted } = write(from, steps);
        for (const s of inserted) expect(s).toMatch(/^[\n()>]*$/);
        const lines = text.split("\n");
        const { elements } = parseFountain(text);
        for (const t of typed) {
          // A cue is one only with its speech under it: the writer may not have written that yet.
          if (t.element === "character" && (lines[t.line + 1] ?? "").trim() === "") continue;
          expect([t.line, elementOfLine(elements, (n) => lines[n], t.line)]).toEqual([t.line, t.element]);
        }
      }),
      { numRuns: 400 },
    );
  });
});
