import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { layoutScript } from "./layout.ts";
import { scriptReport } from "./report.ts";
import { EVERY_ELEMENT } from "./test-scripts.ts";

const brief = (text: string) => parseFountain(text).elements.map((e) => [e.type, e.text, ...(e.dual ? [e.dual] : [])]);
const printed = (text: string) =>
  layoutScript(parseFountain(text)).pages.flatMap((p) =>
    p.rows.flatMap((r) => r.cells.filter((c) => c.type !== "scene_number").map((c) => c.text)),
  );

describe("sung lines", () => {
  it("reads a lyric right after a character cue as the character's sung line", () => {
    expect(brief("INT. STAGE - NIGHT\n\nJOHN\n~La la la\n~Tra la la\n")).toEqual([
      ["scene_heading", "INT. STAGE - NIGHT"],
      ["character", "JOHN"],
      ["lyrics", "La la la\nTra la la"],
    ]);
    expect(brief("JOHN\n(singing)\n~La la la\nThat was it.\n")).toEqual([
      ["character", "JOHN"],
      ["parenthetical", "(singing)"],
      ["lyrics", "La la la"],
      ["dialogue", "That was it."],
    ]);
    expect(brief("~Happy birthday to you\n~Happy birthday\n")).toEqual([
      ["lyrics", "Happy birthday to you\nHappy birthday"],
    ]);
  });
});

describe("what the other Fountain readers agree on", () => {
  it("sings a lyric written with a space after the tilde without the space", () => {
    expect(brief("~ Willy Wonka, Willy Wonka\n~ the amazing chocolatier\n")).toEqual([
      ["lyrics", "Willy Wonka, Willy Wonka\nthe amazing chocolatier"],
    ]);
    expect(brief("JOHN\n~ La la la\n")).toEqual([
      ["character", "JOHN"],
      ["lyrics", "La la la"],
    ]);
  });

  it("reads sections and synopses written on consecutive lines one by one", () => {
    expect(brief("# Act One\n## The fair\n= Edward meets the giant.\n\nEXT. FAIR - DAY\n")).toEqual([
      ["section", "Act One"],
      ["section", "The fair"],
      ["synopsis", "Edward meets the giant."],
      ["scene_heading", "EXT. FAIR - DAY"],
    ]);
    // A line that is neither keeps the paragraph the action it was.
    expect(brief("# Act One\nThe river floods.\n")).toEqual([["action", "# Act One\nThe river floods."]]);
  });

  it("breaks the page at === even when the next line follows at once", () => {
    expect(brief("The end of act one.\n\n===\nINT. HOUSE - DAY\n\nQuiet.\n")).toEqual([
      ["action", "The end of act one."],
      ["page_break", ""],
      ["scene_heading", "INT. HOUSE - DAY"],
      ["action", "Quiet."],
    ]);
  });

  it("finds the title page after a writer's note on the first line", () => {
    const script = parseFountain(
      "[[first draft, do not share]]\nTitle: Big Fish\nAuthor: John August\n\nINT. HOUSE - DAY\n",
    );
    expect(script.titlePage).toEqual([
      { key: "title", text: "Big Fish" },
      { key: "author", text: "John August" },
    ]);
    expect(script.elements.map((e) => [e.type, e.text, e.line])).toEqual([["scene_heading", "INT. HOUSE - DAY", 4]]);
  });

  it("keeps a forced cue's case and needs upper case, ending in TO:, for a transition", () => {
    // Blanks after the colon make it action, as screenplain's and Jouvence's suites read it (see suites.test.ts).
    expect(brief("@McCLANE\nYippee ki-yay.\n\nCut to:\n\nCUT TO:\n\nCUT TO:  \n")).toEqual([
      ["character", "McCLANE"],
      ["dialogue", "Yippee ki-yay."],
      ["action", "Cut to:"],
      ["transition", "CUT TO:"],
      ["action", "CUT TO:"],
    ]);
  });
});

describe("scripts in languages other than English", () => {
  it("keeps a two-line paragraph of Cyrillic, Greek or Japanese as the action it is, printed as typed", () => {
    for (const text of [
      "Анна входит в комнату.\nОна садится.",
      "Η Άννα μπαίνει στο δωμάτιο.\nΚάθεται.",
      "アンナが部屋に入る。\n彼女は座る。",
      "Ánh sáng tắt.\nCô ấy ngồi xuống.",
    ]) {
      expect(brief(`${text}\n`)).toEqual([["action", text]]);
      expect(printed(`${text}\n`)).toEqual(text.split("\n"));
    }
  });

  it("takes an upper-case line in a script that has case as a cue, and a cue forced with @ as typed", () => {
    expect(brief("АННА\nПривет.\n")).toEqual([
      ["character", "АННА"],
      ["dialogue", "Привет."],
    ]);
    expect(brief("ΆΝΝΑ (V.O.)\nΓεια.\n")).toEqual([
      ["character", "ΆΝΝΑ (V.O.)"],
      ["dialogue", "Γεια."],
    ]);
    expect(brief("@黒澤\nこんにちは。\n")).toEqual([
      ["character", "黒澤"],
      ["dialogue", "こんにちは。"],
    ]);
    expect(brief("@McCLANE\nYippee.\n")).toEqual([
      ["character", "McCLANE"],
      ["dialogue", "Yippee."],
    ]);
    expect(brief("ANNA (cont'd)\nStill here.\n")).toEqual([
      ["character", "ANNA (cont'd)"],
      ["dialogue", "Still here."],
    ]);
    expect(printed("@McCLANE\nYippee.\n")).toEqual(["McCLANE", "Yippee."]);
    // The report groups speeches by person whatever the case the cue was typed in.
    expect(scriptReport("@McCLANE\nYippee.\n", null).characters.map((c) => c.name)).toEqual(["MCCLANE"]);
  });

  it("prints headings, transitions and the title as they were typed", () => {
    expect(printed("int. kitchen - night\n\n> Burn to white.\n")).toEqual(["int. kitchen - night", "Burn to white."]);
  });
});

describe("no state between parses", () => {
  it("reads a script the same whichever script was parsed before it", () => {
    const scripts = [
      "CLARA ^\nHey.\n\nThe room empties.\n",
      "ANNA\nHello.\n\nBOB\nHi.\n",
      "BOB\nHi.\n\nCLARA ^\nHey.\n",
      "@黒澤\nこんにちは。\n\nJOHN\n~La la la\n",
    ];
    const alone = new Map(scripts.map((s) => [s, brief(s)]));
    for (const a of scripts) {
      for (const b of scripts) {
        brief(a);
        expect(brief(b)).toEqual(alone.get(b));
        brief(b);
        expect(brief(a)).toEqual(alone.get(a));
      }
    }
    // A "^" with no speech before it is ignored (the syntax page; screenplain's tests).
    expect(alone.get(scripts[0]!)).toEqual([
      ["character", "CLARA"],
      ["dialogue", "Hey."],
      ["action", "The room empties."],
    ]);
    expect(alone.get(scripts[1]!)!.some((e) => e.length > 2)).toBe(false);
  });
});

// The property tests' seed: every element, then what a real draft also holds (scene numbers, lyrics under a cue,
// a line of spaces, a boneyard, forced action, other scripts, a forced transition).
const REAL = `${EVERY_ELEMENT}
INT. KITCHEN - NIGHT #1#

JOHN
~La la la
  
Again.

/* an old scene
INT. GONE - DAY
*/

!SHE RUNS.

Wind. Анна входит.
Она садится.

>FADE OUT.`;

const PIECES = [
  "~",
  "@",
  "!",
  ">",
  "<",
  "=",
  "#",
  ".",
  "(",
  ")",
  "()",
  "[[",
  "]]",
  "/*",
  "*/",
  "^",
  "  ",
  "\t",
  "\\",
  "*",
  "_",
  "INT. ",
  "EXT.",
  "JOHN",
  "Анна",
  "ΆΝΝΑ",
  "黒澤",
  "🎬",
  "é",
  "\u0301",
  "\u200b",
  ": ",
  "Title:",
  "#1A#",
  "TO:",
  "===",
];
const piece = fc.constantFrom(...PIECES);
const junk = fc
  .array(fc.oneof(piece, fc.string({ unit: "grapheme", maxLength: 8 }), fc.string({ unit: "binary", maxLength: 4 })), {
    maxLength: 6,
  })
  .map((xs) => xs.join(""));

type Edit = { at: number; kind: "insert" | "delete" | "prefix" | "suffix" | "blank"; text: string };
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("insert", "delete", "prefix", "suffix", "blank"),
  text: junk,
});

function mutate(source: string, edits: Edit[]): string {
  const lines = source.split("\n");
  for (const e of edits) {
    const i = e.at % (lines.length + 1);
    if (e.kind === "insert") lines.splice(i, 0, e.text);
    else if (e.kind === "blank") lines.splice(i, 0, "");
    else if (i < lines.length && e.kind === "delete") lines.splice(i, 1);
    else if (i < lines.length && e.kind === "prefix") lines[i] = e.text + lines[i];
    else if (i < lines.length) lines[i] = lines[i] + e.text;
  }
  return lines.join("\n");
}

/** What every parse must give: elements in source order, each on a line of the source, nothing thrown. */
function checkParse(text: string) {
  const parsed = parseFountain(text);
  const count = text.replace(/\r\n?/g, "\n").split("\n").length;
  let last = -1;
  for (const e of parsed.elements) {
    expect(e.line).toBeGreaterThanOrEqual(Math.max(0, last));
    expect(e.line).toBeLessThan(count);
    last = e.line;
  }
  layoutScript(parsed, { locked: null });
  scriptReport(text, null);
}

describe("the parser never throws", () => {
  it("on random text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 300 }),
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.array(junk, { maxLength: 40 }).map((l) => l.join("\n")),
        ),
        checkParse,
      ),
      { numRuns: 1500 },
    );
  });

  it("on mutations of a real script: lines inserted, deleted and marked up", () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => checkParse(mutate(REAL, edits))),
      { numRuns: 1500 },
    );
  });

  it("on long scripts parsed scene by scene, giving what a whole parse gives", () => {
    const long = Array.from(
      { length: 40 },
      (_, i) => `INT. PLACE ${i} - DAY\n\nAction ${i}.\n\nJOHN\n~La la ${i}\n\nCLARA ^\nReply ${i}.\n`,
    ).join("\n");
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const text = mutate(long, edits).replaceAll("/*", "/ *");
        checkParse(text);
        expect(parseFountain(text)).toEqual(parseFountain(`${text}\n/* whole */`));
      }),
      { numRuns: 200 },
    );
  });
});
