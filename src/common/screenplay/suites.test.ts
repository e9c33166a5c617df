/**
 * Fountain as the public parsers' test suites read it, where they agree with the syntax page
 * (https://fountain.io/syntax). Each case is our own short text exercising one rule the suites test; the
 * comment names the suites holding it: SP screenplain (tests/fountain_test.py), JV Jouvence (tests/*.yaml),
 * AW afterwriting's parser (aw-parser test/parser.test.js), FJS fountain-js (jonnygreenwald/fountain-js
 * spec/fountain.spec.ts), FT fountain-tools (wildwinter/fountain-tools tests/*.fountain against the dumps in
 * tests/*.txt, which every port's parser test reads), FIO the syntax page. Where they disagree, the
 * syntax page wins: docs/decisions/2026-11-27-fountain-suites.md lists those cases.
 */
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";

type Case = [source: string, elements: (string | number)[][]];

/** Each element as [type, text], with its scene number, dual side or section depth when it has one. */
const read = (source: string) =>
  parseFountain(source).elements.map((e) =>
    [e.type, e.text, e.sceneNumber, e.dual, e.depth].filter((x) => x !== undefined),
  );

const check = (cases: Case[]) => {
  for (const [source, elements] of cases) expect(read(source), JSON.stringify(source)).toEqual(elements);
};

describe("the Fountain suites' shared cases", () => {
  it("scene headings: INT/EXT/EST/I/E with a dot or a space, any case, forced with one dot (SP, JV, AW, FT, FIO)", () => {
    check([
      [
        "EXT. LIGHTHOUSE - DUSK\n\nGulls circle.",
        [
          ["scene_heading", "EXT. LIGHTHOUSE - DUSK"],
          ["action", "Gulls circle."],
        ],
      ],
      ["int lighthouse stairs - night", [["scene_heading", "int lighthouse stairs - night"]]],
      ["I/E FERRY - DAY", [["scene_heading", "I/E FERRY - DAY"]]],
      ["INT./EXT. VAN - DAY", [["scene_heading", "INT./EXT. VAN - DAY"]]],
      ["EST. HARBOUR - DAWN", [["scene_heading", "EST. HARBOUR - DAWN"]]],
      ["EST HILLTOP", [["scene_heading", "EST HILLTOP"]]],
      [".under the pier", [["scene_heading", "under the pier"]]],
      // A forced heading wins over a transition's look (AW); two dots are an ellipsis, not a heading (FIO).
      [".SMASH CUT TO:", [["scene_heading", "SMASH CUT TO:"]]],
      ["...and then silence.", [["action", "...and then silence."]]],
      // The forcing dot must touch the heading's first character (FT, FIO).
      [". BEHIND THE SHED", [["action", ". BEHIND THE SHED"]]],
      ["INTERIOR lights flicker.", [["action", "INTERIOR lights flicker."]]],
    ]);
  });

  it("scene numbers: the last #…# of a heading, letters, digits, dots and dashes (SP, AW, FT, FIO)", () => {
    check([
      ["INT. DOCK - NIGHT #4B#", [["scene_heading", "INT. DOCK - NIGHT", "4B"]]],
      ["INT. FLAT #12 #7#", [["scene_heading", "INT. FLAT #12", "7"]]],
      ["EXT. QUAY #I-1-A#", [["scene_heading", "EXT. QUAY", "I-1-A"]]],
      ["EST SKYLINE #C2-3#", [["scene_heading", "EST SKYLINE", "C2-3"]]],
      ["INT. CABIN #7b#", [["scene_heading", "INT. CABIN", "7b"]]],
      // Anything else between the hashes is part of the heading (FT).
      ["INT. CABIN #⚓#", [["scene_heading", "INT. CABIN #⚓#"]]],
    ]);
  });

  it("a heading needs a blank line after it: else the caps line is a cue (SP)", () => {
    check([
      [
        "EXT. QUAY - DAY\nSomebody shouts.",
        [
          ["character", "EXT. QUAY - DAY"],
          ["dialogue", "Somebody shouts."],
        ],
      ],
    ]);
  });

  it("characters: upper case with a letter, extensions of any case, @ keeps the case typed (SP, JV, AW, FJS, FT, FIO)", () => {
    check([
      [
        "NELL\nAre you cold?",
        [
          ["character", "NELL"],
          ["dialogue", "Are you cold?"],
        ],
      ],
      [
        "NELL (O. S.)\nUp here!",
        [
          ["character", "NELL (O. S.)"],
          ["dialogue", "Up here!"],
        ],
      ],
      [
        "NELL (into the wind)\nHello?",
        [
          ["character", "NELL (into the wind)"],
          ["dialogue", "Hello?"],
        ],
      ],
      [
        "@MacDUFF\nNot yet.",
        [
          ["character", "MacDUFF"],
          ["dialogue", "Not yet."],
        ],
      ],
      [
        "C3PO\nOh my.",
        [
          ["character", "C3PO"],
          ["dialogue", "Oh my."],
        ],
      ],
      // Leading blanks are dropped from a cue and its speech (FT, FIO), trailing blanks from a cue (FT).
      [
        "Dusk.\n\n      NELL  \n   Over here.",
        [
          ["action", "Dusk."],
          ["character", "NELL"],
          ["dialogue", "Over here."],
        ],
      ],
      // Two extensions, a typographic apostrophe; a mixed-case name needs @ even with an extension (FT).
      [
        "NELL (V.O.) (CONT’D)\nStill here.",
        [
          ["character", "NELL (V.O.) (CONT’D)"],
          ["dialogue", "Still here."],
        ],
      ],
      ["Nell (O.S.)\nNot a cue.", [["action", "Nell (O.S.)\nNot a cue."]]],
      [
        "@Nell (O.S.)\nA cue.",
        [
          ["character", "Nell (O.S.)"],
          ["dialogue", "A cue."],
        ],
      ],
      // Digits alone make no cue (SP); a caps line with a blank line after it, or ending the script, is action (FIO, FT).
      ["1984\nA year.", [["action", "1984\nA year."]]],
      [
        "BANG\n\nThe door gives.",
        [
          ["action", "BANG"],
          ["action", "The door gives."],
        ],
      ],
      [
        "The door gives.\n\nBANG",
        [
          ["action", "The door gives."],
          ["action", "BANG"],
        ],
      ],
      // Upper case inside a paragraph is action (AW).
      ["She stops.\nSTOP.\nShe goes.", [["action", "She stops.\nSTOP.\nShe goes."]]],
    ]);
  });

  it("dialogue and parentheticals: lines kept, blanks around them dropped, a line of two spaces kept (SP, JV, AW, FT)", () => {
    check([
      [
        "NELL\n(shivering)\nIt's late.\n  Later than you think.  ",
        [
          ["character", "NELL"],
          ["parenthetical", "(shivering)"],
          ["dialogue", "It's late.\nLater than you think."],
        ],
      ],
      [
        "NELL\nFirst.\n  \nSecond.",
        [
          ["character", "NELL"],
          ["dialogue", "First.\n\nSecond."],
        ],
      ],
      [
        "NELL\nWe *go*.\n_Now_.",
        [
          ["character", "NELL"],
          ["dialogue", "We go.\nNow."],
        ],
      ],
      // A parenthetical may be indented or end in blanks, between two lines of a speech (FT).
      [
        "NELL\nWait.\n    (listening)  \nThere.",
        [
          ["character", "NELL"],
          ["dialogue", "Wait."],
          ["parenthetical", "(listening)"],
          ["dialogue", "There."],
        ],
      ],
      // A blank line ends the speech; a parenthetical with no cue above it is action (FT).
      [
        "NELL\nFirst.\n\nShe turns.",
        [
          ["character", "NELL"],
          ["dialogue", "First."],
          ["action", "She turns."],
        ],
      ],
      ["(to herself)\nNothing.", [["action", "(to herself)\nNothing."]]],
    ]);
  });

  it("dual dialogue: ^ on the second cue, after its extension; with no speech before it the ^ is ignored (SP, AW, FJS, FT, FIO)", () => {
    check([
      [
        "NELL\nLeft.\n\nTOM ^\nRight.",
        [
          ["character", "NELL", "left"],
          ["dialogue", "Left.", "left"],
          ["character", "TOM", "right"],
          ["dialogue", "Right.", "right"],
        ],
      ],
      [
        "NELL\nLeft.\n\nTOM (O.S.) ^\nRight.",
        [
          ["character", "NELL", "left"],
          ["dialogue", "Left.", "left"],
          ["character", "TOM (O.S.)", "right"],
          ["dialogue", "Right.", "right"],
        ],
      ],
      [
        "Tom waits.\n\nTOM ^\nAlone.",
        [
          ["action", "Tom waits."],
          ["character", "TOM"],
          ["dialogue", "Alone."],
        ],
      ],
    ]);
  });

  it("transitions: upper case ending exactly in TO:, or forced with > in any case, indented or not (SP, JV, AW, FT, FIO)", () => {
    check([
      [
        "She waves.\n\nMATCH CUT TO:\n\nEXT. SEA",
        [
          ["action", "She waves."],
          ["transition", "MATCH CUT TO:"],
          ["scene_heading", "EXT. SEA"],
        ],
      ],
      [
        "DISSOLVE TO:\n\nSomeone sweeps.",
        [
          ["transition", "DISSOLVE TO:"],
          ["action", "Someone sweeps."],
        ],
      ],
      ["dissolve to:", [["action", "dissolve to:"]]],
      ["CUT TOWARD:", [["action", "CUT TOWARD:"]]],
      // Blanks after the colon: the line no longer ends in TO: (SP, JV).
      ["CUT TO: ", [["action", "CUT TO:"]]],
      [
        "HARD CUT TO:  \n\nNext.",
        [
          ["action", "HARD CUT TO:"],
          ["action", "Next."],
        ],
      ],
      ["> Iris out.", [["transition", "Iris out."]]],
      [">BURN TO WHITE.", [["transition", "BURN TO WHITE."]]],
      [
        "      JUMP TO:\n\n   >Iris in.",
        [
          ["transition", "JUMP TO:"],
          ["transition", "Iris in."],
        ],
      ],
    ]);
  });

  it("centered text: > … < on every line, indented or not, not a transition (SP, JV, AW, FJS, FT, FIO)", () => {
    check([
      ["> THE END <", [["centered", "THE END"]]],
      [">**FIN**<", [["centered", "FIN"]]],
      ["> one <\n  > two   <\n> three< ", [["centered", "one\ntwo\nthree"]]],
      ["    > Not a cut<", [["centered", "Not a cut"]]],
      ["Top.\n> middle <\nBottom.", [["action", "Top.\n> middle <\nBottom."]]],
    ]);
  });

  it("action: ! forces it, indents are kept, lines are kept (SP, JV, AW, FJS, FT, FIO)", () => {
    check([
      ["!EXT. NOT A PLACE", [["action", "EXT. NOT A PLACE"]]],
      ["!NELL\nis not speaking.", [["action", "NELL\nis not speaking."]]],
      [
        "Before.\n\n  Indented by two.\n    By four.",
        [
          ["action", "Before."],
          ["action", "  Indented by two.\n    By four."],
        ],
      ],
      ["\tA tab.", [["action", "    A tab."]]],
      ["One line\nand the next.", [["action", "One line\nand the next."]]],
    ]);
  });

  it("lyrics: ~ on every line, the blank after it not sung (JV, FJS, FIO)", () => {
    check([
      ["~ Row, row, row\n~Gently down", [["lyrics", "Row, row, row\nGently down"]]],
      ["~Sung\nSpoken", [["action", "~Sung\nSpoken"]]],
    ]);
  });

  it("lyrics inside a speech: a ~ line right after a cue or after spoken lines, indented or not (FT, FIO)", () => {
    check([
      [
        "NELL\nListen.\n    ~ Row, row, row",
        [
          ["character", "NELL"],
          ["dialogue", "Listen."],
          ["lyrics", "Row, row, row"],
        ],
      ],
      [
        "    NELL\n    ~ Gently down",
        [
          ["character", "NELL"],
          ["lyrics", "Gently down"],
        ],
      ],
    ]);
  });

  it("sections and synopses: # by depth, = a synopsis, === a page break (SP, AW, FT, FIO)", () => {
    check([
      [
        "# Act one\n\n## The storm",
        [
          ["section", "Act one", 1],
          ["section", "The storm", 2],
        ],
      ],
      [
        "# Act two\n= They part.",
        [
          ["section", "Act two", 1],
          ["synopsis", "They part."],
        ],
      ],
      [
        "Calm.\n\n===\n\nStorm.",
        [
          ["action", "Calm."],
          ["page_break", ""],
          ["action", "Storm."],
        ],
      ],
      [
        "### Scene\n\n###### Beat\n\nINT. BARN - DAY\n\n= Rain.",
        [
          ["section", "Scene", 3],
          ["section", "Beat", 6],
          ["scene_heading", "INT. BARN - DAY"],
          ["synopsis", "Rain."],
        ],
      ],
      // An indented === still breaks the page, and two in a row are two breaks (FT).
      [
        "Calm.\n\n===\n   ===\n\nStorm.",
        [
          ["action", "Calm."],
          ["page_break", ""],
          ["page_break", ""],
          ["action", "Storm."],
        ],
      ],
      [
        "===\nStorm.",
        [
          ["page_break", ""],
          ["action", "Storm."],
        ],
      ],
    ]);
  });

  it("notes and boneyard: [[…]] over lines (a line of two spaces inside) and /* … */ over paragraphs print nothing (SP, JV, FT, FIO)", () => {
    check([
      ["The gate [[check the\nlocation]] creaks.", [["action", "The gate  creaks."]]],
      ["[[only a note]]\n\nAfter.", [["action", "After."]]],
      ["The gate[[one\n  \ntwo]] creaks.", [["action", "The gate creaks."]]],
      [
        "Kept.\n\n/* Cut:\n\nNELL\nGone. */\n\nAlso kept.",
        [
          ["action", "Kept."],
          ["action", "Also kept."],
        ],
      ],
    ]);
  });

  it("emphasis: * ** *** _ read, escaped with \\, not carried over a line break (SP, FT, FIO)", () => {
    expect(parseFountain("A *soft* and **hard** and ***both*** and _under_.").elements[0]!.marks).toHaveLength(4);
    check([
      ["Price: 5\\*3\\* stars.", [["action", "Price: 5*3* stars."]]],
      ["An *open\nstar* stays.", [["action", "An *open\nstar* stays."]]],
    ]);
    // A closing mark needs no blank before it; escaped stars inside bold are kept as stars (FT, FIO).
    const marksOf = (source: string) => {
      const [e] = parseFountain(source).elements;
      return [e!.text, e!.marks];
    };
    expect(marksOf("Call *12 and *34 now")).toEqual(["Call *12 and *34 now", undefined]);
    expect(marksOf("Call *12 and 34* now")).toEqual(["Call 12 and 34 now", [{ start: 5, end: 14, italic: true }]]);
    expect(marksOf("Call _12 and 34 _ now")).toEqual(["Call _12 and 34 _ now", undefined]);
    expect(marksOf("Call *12 and 34\\* now")).toEqual(["Call *12 and 34* now", undefined]);
    expect(marksOf("Code **\\*42\\***.")).toEqual(["Code *42*.", [{ start: 5, end: 9, bold: true }]]);
  });

  it("emphasis combined: underline around bold and italic, in either order (FJS, FIO)", () => {
    const marks = parseFountain("_***all three***_ and _**bu**_ and _*iu*_ and *_ui_*").elements[0]!.marks;
    expect(marks).toEqual([
      { start: 0, end: 9, bold: true, italic: true, underline: true },
      { start: 14, end: 16, bold: true, underline: true },
      { start: 21, end: 23, italic: true, underline: true },
      { start: 28, end: 30, italic: true, underline: true },
    ]);
    // Italic inside a longer underline: the syntax page's own example reads both (FT leaves the stars).
    expect(parseFountain("_a *b* c_").elements[0]!.marks).toEqual([
      { start: 0, end: 2, underline: true },
      { start: 2, end: 3, italic: true, underline: true },
      { start: 3, end: 5, underline: true },
    ]);
  });

  it("title page: key: value, indented lines, after blank lines or a note; the script after it (SP, JV, AW, FT, FIO)", () => {
    const p = parseFountain("\n\n[[draft]]\nTitle:\n    _**LOW TIDE**_\nAuthor: Ana Ruiz\n\nWaves.");
    expect(p.titlePage).toEqual([
      {
        key: "title",
        text: "LOW TIDE",
        marks: [{ start: 0, end: 8, bold: true, underline: true }],
      },
      { key: "author", text: "Ana Ruiz" },
    ]);
    expect(read("Title: Only this\n\nAction after.")).toEqual([["action", "Action after."]]);
    // A line that is neither key: value nor indented ends the title page, even with no blank line (FT).
    const ended = parseFountain("Title: Low Tide\nAuthor: Ana Ruiz\nNo key here.\nLater: not a key.");
    expect(ended.titlePage.map((t) => t.key)).toEqual(["title", "author"]);
    expect(read("Title: Low Tide\nAuthor: Ana Ruiz\nNo key here.\nLater: not a key.")).toEqual([
      ["action", "No key here.\nLater: not a key."],
    ]);
  });
});

/**
 * fountain.io's own sample script ("Brick & Steel", on the syntax page and in several parsers' test folders) is
 * a short film that uses most of the syntax at once. This script is ours, built to the sample's shape: the same
 * title page keys with an indented, emphasised title and a contact over several lines, eight scenes of which two
 * are forced, a cue with three parentheticals inside one speech, a dual-dialogue pair, two kinds of cut, a
 * centred title card over two paragraphs and a forced transition before a centred THE END.
 */
const SAMPLE_SHAPED = `Title:
    _**LOW TIDE**_
    _**A FERRY STORY**_
Credit: Written by
Author: Ana Ruiz
Source: Story by the FILM-201 class
Draft date: 1/20/2032
Contact:
    Harbour Film School
    1 Quay Road
    Seestadt

EXT. FERRY DECK - DAWN

Mist on the water. INES, seventeen, coils a rope.

Her father TOMAS steps out of the wheelhouse with two mugs.

TOMAS
Coffee's up!

INES
Is it hot?

TOMAS
(mug raised)
To the last crossing.

INES ^
To the last crossing.

SMASH CUT TO:

INT. TICKET OFFICE - DAY

A CLERK counts the takings. *Coins everywhere.*

CLERK
(on the phone, annoyed)
_Nobody_ told me.

CUT TO:

EXT. PIER - DAY

Tomas, in the middle of a call:

TOMAS
They moved the timetable!
(pause)
No, the whole winter!
(pause)
Who signed that?

.BINOCULARS POV

The ferry, far away, very small.

CUT TO:

.OPENING TITLES

> THE HARBOUR FILM SCHOOL <
> PRESENTS <

> LOW TIDE <

SMASH CUT TO:

EXT. CAR PARK - DAY

Ines runs past the barrier.

CUT TO:

INT. WHEELHOUSE - DAY

Tomas starts the engine. A beat.

CUT TO:

EXT. OPEN LAKE - DAY

The ferry turns for home.

> FADE TO GREY.

> THE END <
`;

describe("a whole script shaped like fountain.io's sample", () => {
  const parsed = parseFountain(SAMPLE_SHAPED);
  const of = (type: string) => parsed.elements.filter((e) => e.type === type).map((e) => e.text);

  it("reads the title page's keys (a draft date as the date), the indented title without its marks and the contact's lines", () => {
    expect(parsed.titlePage.map((t) => t.key)).toEqual(["title", "credit", "author", "source", "date", "contact"]);
    expect(parsed.titlePage[0]!.text).toBe("LOW TIDE\nA FERRY STORY");
    expect(parsed.titlePage.at(-1)!.text).toBe("Harbour Film School\n1 Quay Road\nSeestadt");
  });

  it("finds the sample's eight scenes, two of them forced, numbered in order", () => {
    expect(of("scene_heading")).toEqual([
      "EXT. FERRY DECK - DAWN",
      "INT. TICKET OFFICE - DAY",
      "EXT. PIER - DAY",
      "BINOCULARS POV",
      "OPENING TITLES",
      "EXT. CAR PARK - DAY",
      "INT. WHEELHOUSE - DAY",
      "EXT. OPEN LAKE - DAY",
    ]);
  });

  it("keeps the cuts and the forced transition, the centred card as two paragraphs and THE END", () => {
    expect(of("transition")).toEqual([
      "SMASH CUT TO:",
      "CUT TO:",
      "CUT TO:",
      "SMASH CUT TO:",
      "CUT TO:",
      "CUT TO:",
      "FADE TO GREY.",
    ]);
    expect(of("centered")).toEqual(["THE HARBOUR FILM SCHOOL\nPRESENTS", "LOW TIDE", "THE END"]);
  });

  it("reads one speech with parentheticals inside it, and the toast as a dual-dialogue pair", () => {
    expect(of("parenthetical")).toEqual(["(mug raised)", "(on the phone, annoyed)", "(pause)", "(pause)"]);
    expect(of("character")).toEqual(["TOMAS", "INES", "TOMAS", "INES", "CLERK", "TOMAS"]);
    expect(parsed.elements.filter((e) => e.dual).map((e) => [e.type, e.text, e.dual])).toEqual([
      ["character", "TOMAS", "left"],
      ["parenthetical", "(mug raised)", "left"],
      ["dialogue", "To the last crossing.", "left"],
      ["character", "INES", "right"],
      ["dialogue", "To the last crossing.", "right"],
    ]);
  });
});
