/**
 * Fountain as the public parsers' test suites read it, where they agree with the syntax page
 * (https://fountain.io/syntax). Each case is our own short text exercising one rule the suites test; the
 * comment names the suites holding it: SP screenplain (tests/fountain_test.py), JV Jouvence (tests/*.yaml),
 * AW afterwriting's parser (aw-parser test/parser.test.js), FJS fountain-js (jonnygreenwald/fountain-js
 * spec/fountain.spec.ts), FIO the syntax page. Where they disagree, the
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
  it("scene headings: INT/EXT/EST/I/E with a dot or a space, any case, forced with one dot (SP, JV, AW, FIO)", () => {
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
      [".under the pier", [["scene_heading", "under the pier"]]],
      // A forced heading wins over a transition's look (AW); two dots are an ellipsis, not a heading (FIO).
      [".SMASH CUT TO:", [["scene_heading", "SMASH CUT TO:"]]],
      ["...and then silence.", [["action", "...and then silence."]]],
      ["INTERIOR lights flicker.", [["action", "INTERIOR lights flicker."]]],
    ]);
  });

  it("scene numbers: the last #…# of a heading, letters, digits, dots and dashes (SP, AW, FIO)", () => {
    check([
      ["INT. DOCK - NIGHT #4B#", [["scene_heading", "INT. DOCK - NIGHT", "4B"]]],
      ["INT. FLAT #12 #7#", [["scene_heading", "INT. FLAT #12", "7"]]],
      ["EXT. QUAY #I-1-A#", [["scene_heading", "EXT. QUAY", "I-1-A"]]],
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

  it("characters: upper case with a letter, extensions of any case, @ keeps the case typed (SP, JV, AW, FJS, FIO)", () => {
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
      // Digits alone make no cue (SP); a caps line with a blank line after it is action (FIO).
      ["1984\nA year.", [["action", "1984\nA year."]]],
      [
        "BANG\n\nThe door gives.",
        [
          ["action", "BANG"],
          ["action", "The door gives."],
        ],
      ],
      // Upper case inside a paragraph is action (AW).
      ["She stops.\nSTOP.\nShe goes.", [["action", "She stops.\nSTOP.\nShe goes."]]],
    ]);
  });

  it("dialogue and parentheticals: lines kept, blanks around them dropped, a line of two spaces kept (SP, JV, AW)", () => {
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
    ]);
  });

  it("dual dialogue: ^ on the second cue; with no speech before it the ^ is ignored (SP, AW, FJS, FIO)", () => {
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
        "Tom waits.\n\nTOM ^\nAlone.",
        [
          ["action", "Tom waits."],
          ["character", "TOM"],
          ["dialogue", "Alone."],
        ],
      ],
    ]);
  });

  it("transitions: upper case ending exactly in TO:, or forced with > in any case (SP, JV, AW, FIO)", () => {
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
    ]);
  });

  it("centered text: > … < on every line, not a transition (SP, JV, AW, FJS, FIO)", () => {
    check([
      ["> THE END <", [["centered", "THE END"]]],
      [">**FIN**<", [["centered", "FIN"]]],
      ["> one <\n  > two   <\n> three< ", [["centered", "one\ntwo\nthree"]]],
      ["Top.\n> middle <\nBottom.", [["action", "Top.\n> middle <\nBottom."]]],
    ]);
  });

  it("action: ! forces it, indents are kept, lines are kept (SP, JV, AW, FJS, FIO)", () => {
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

  it("sections and synopses: # by depth, = a synopsis, === a page break (SP, AW, FIO)", () => {
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
        "===\nStorm.",
        [
          ["page_break", ""],
          ["action", "Storm."],
        ],
      ],
    ]);
  });

  it("notes and boneyard: [[…]] over lines and /* … */ over paragraphs print nothing (SP, JV, FIO)", () => {
    check([
      ["The gate [[check the\nlocation]] creaks.", [["action", "The gate  creaks."]]],
      ["[[only a note]]\n\nAfter.", [["action", "After."]]],
      [
        "Kept.\n\n/* Cut:\n\nNELL\nGone. */\n\nAlso kept.",
        [
          ["action", "Kept."],
          ["action", "Also kept."],
        ],
      ],
    ]);
  });

  it("emphasis: * ** *** _ read, escaped with \\, not carried over a line break (SP, FIO)", () => {
    expect(parseFountain("A *soft* and **hard** and ***both*** and _under_.").elements[0]!.marks).toHaveLength(4);
    check([
      ["Price: 5\\*3\\* stars.", [["action", "Price: 5*3* stars."]]],
      ["An *open\nstar* stays.", [["action", "An *open\nstar* stays."]]],
    ]);
  });

  it("emphasis combined: underline around bold and italic, in either order (FJS, FIO)", () => {
    const marks = parseFountain("_***all three***_ and _**bu**_ and _*iu*_ and *_ui_*").elements[0]!.marks;
    expect(marks).toEqual([
      { start: 0, end: 9, bold: true, italic: true, underline: true },
      { start: 14, end: 16, bold: true, underline: true },
      { start: 21, end: 23, italic: true, underline: true },
      { start: 28, end: 30, italic: true, underline: true },
    ]);
  });

  it("title page: key: value, indented lines, after blank lines or a note; the script after it (SP, JV, AW, FIO)", () => {
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
