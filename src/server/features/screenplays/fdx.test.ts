import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain, type ParsedScript } from "../../../common/screenplay/fountain.ts";
import { EVERY_ELEMENT } from "../../../common/screenplay/test-scripts.ts";
import { FINAL_DRAFT_FILE } from "./fdx-fixtures.ts";
import { fountainToFdx } from "./fdx-export.ts";
import { fdxToFountain, readFdx } from "./fdx.ts";

/**
 * What Final Draft prints of a script: its title page and every element but Fountain's outline. A page break
 * that starts or ends the script, or follows another, breaks no page, and Final Draft has no place for it.
 */
const printed = (s: ParsedScript) => {
  const shown = s.elements.filter((e) => e.type !== "section" && e.type !== "synopsis");
  return {
    titlePage: s.titlePage.filter((t) => ["title", "credit", "author", "source", "date", "contact"].includes(t.key)),
    elements: shown
      .filter(
        (e, i) =>
          e.type !== "page_break" ||
          (i > 0 && shown[i - 1]!.type !== "page_break" && shown.slice(i).some((x) => x.type !== "page_break")),
      )
      .map(({ line: _line, ...e }) => e),
  };
};
const roundTrip = (fountain: string) => parseFountain(fdxToFountain(fountainToFdx(parseFountain(fountain))));

describe("Final Draft export", () => {
  it("reads back every printed element of a script: emphasis, dual dialogue, lyrics, centred lines, page breaks, numbers", () => {
    const fdx = fountainToFdx(parseFountain(EVERY_ELEMENT));
    expect(fdx).toContain(
      '<Paragraph Type="Scene Heading" Number="7A"><Text>EXT. SALT FLATS - DAWN</Text></Paragraph>',
    );
    expect(fdx).toContain('<Text Style="Italic">Slowly</Text>');
    expect(fdx).toContain("<DualDialogue>");
    expect(fdx).toContain('StartsNewPage="Yes"');
    expect(fdx).not.toContain("Act One");
    const back = roundTrip(EVERY_ELEMENT);
    // The title page's first lines only: Final Draft's title page has no draft date field of its own.
    expect(printed(back).elements).toEqual(printed(parseFountain(EVERY_ELEMENT)).elements);
    expect(back.titlePage.slice(0, 3)).toEqual(parseFountain(EVERY_ELEMENT).titlePage.slice(0, 3));
  });

  it("keeps text that looks like markup as text, and escapes what XML must", () => {
    const source = 'INT. LAB - DAY\n\nThe sign reads \\*WET\\* & <DANGER> "now".\n\nANNA\nIt\'s 5 \\_ 3.\n';
    expect(printed(roundTrip(source))).toEqual(printed(parseFountain(source)));
  });

  it("reads back any script made of the elements writers use", () => {
    const paragraph = fc.constantFrom(
      "INT. HOUSE - DAY",
      "EXT. ROAD - NIGHT #12#",
      "She **runs** to the _door_.",
      "A long beat.\nThen another.",
      "ANNA\n(whispering)\nCome *here*.",
      "BOB (O.S.)\nNo.\n\nCARL ^\nYes.",
      "JOHN\n~La la la",
      "> INTERMISSION <",
      "CUT TO:",
      "===",
      "@McCLANE\nYippee.",
    );
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 1, maxLength: 12 }), (paras) => {
        const source = `INT. START - DAY\n\n${paras.join("\n\n")}\n`;
        expect(printed(roundTrip(source)).elements).toEqual(printed(parseFountain(source)).elements);
      }),
      { numRuns: 200 },
    );
  });
});

describe("Final Draft import keeps what the file holds", () => {
  it("reads the title page from its content, scene summaries as synopses, notes where they were, and the revision", () => {
    const { body, revision } = readFdx(FINAL_DRAFT_FILE);
    expect(body).toBe(
      [
        "Title: _TIDE WATER_",
        "Credit: Written by",
        "Author: Ines Marlow",
        "Source: Based on the novel by Per Holm",
        "Draft date: Revised draft 2 March 2031",
        "Contact: ines@example.org",
        "",
        "EXT. FERRY DOCK - DUSK #1#",
        "",
        "= The Crossing",
        "= The ferry leaves without her.",
        "",
        "The gulls scatter.",
        "",
        "[[Check the tide tables]]",
        "",
        "IDA",
        "Wait for me! [[Too long? & too loud] ] ]]",
        "",
        "> THE END <",
        "",
      ].join("\n"),
    );
    // The action written in the active Pink set is marked; the Blue line is not, as the file shows only active marks.
    expect(revision).toEqual({ name: "Pink Rev.", colour: "pink", marked: [12] });
    const parsed = parseFountain(body);
    expect(parsed.titlePage.find((t) => t.key === "title")?.text).toBe("TIDE WATER");
    expect(parsed.elements.map((e) => e.type)).toEqual([
      "scene_heading",
      "synopsis",
      "synopsis",
      "action",
      "character",
      "dialogue",
      "centered",
    ]);
    expect(parsed.elements.find((e) => e.type === "dialogue")?.text).toBe("Wait for me!");
  });

  it("takes a title page's credit and name from one line, and reads no revision from an unmarked file", () => {
    const file = FINAL_DRAFT_FILE.replace(
      /<Paragraph Alignment="Center" Type="Text"><Text>Written by<\/Text><\/Paragraph>\s*<Paragraph Alignment="Center" Type="Text"><Text>Ines Marlow<\/Text><\/Paragraph>/,
      '<Paragraph Alignment="Center" Type="Text"><Text>Screenplay by Ines Marlow</Text></Paragraph>',
    ).replace(/ RevisionID="[12]"/g, "");
    const { body, revision } = readFdx(file);
    expect(body).toContain("Credit: Screenplay by\nAuthor: Ines Marlow\n");
    expect(revision).toBeNull();
  });

  it("names a revision set by its colour, or by its place after the white original", () => {
    const only = (sets: string) =>
      readFdx(FINAL_DRAFT_FILE.replace(/<Revisions[\s\S]*<\/Revisions>/, sets).replace(/ RevisionID="1"/, "")).revision;
    expect(only('<Revisions ActiveSet="2"><Revision ID="2" Name="Second" Color="#FFFF00"/></Revisions>')).toEqual({
      name: "Second",
      colour: "yellow",
      marked: [12],
    });
    expect(only('<Revisions ActiveSet="2"><Revision ID="2" Name=""/></Revisions>')).toEqual({
      name: "Pink revision",
      colour: "pink",
      marked: [12],
    });
  });
});

describe("Final Draft revision marks", () => {
  const linesOf = (xml: string) => {
    const { body, revision } = readFdx(xml);
    const lines = body.split("\n");
    return (revision?.marked ?? []).map((l) => lines[l]);
  };

  it("marks every set's text when the file shows all marks, and a paragraph marked as a whole", () => {
    const all = FINAL_DRAFT_FILE.replace('ShowAllMarks="No"', 'ShowAllMarks="Yes"');
    expect(linesOf(all)).toEqual(["The gulls scatter.", "Wait for me! [[Too long? & too loud] ] ]]"]);
    const whole = FINAL_DRAFT_FILE.replace(
      '<Paragraph Type="Character">',
      '<Paragraph Type="Character" RevisionID="2">',
    );
    expect(linesOf(whole)).toEqual(["The gulls scatter.", "IDA"]);
  });

  it("does not mark a paragraph for a revised run of blanks, nor a file with no revised text", () => {
    const blank = FINAL_DRAFT_FILE.replace(
      '<Paragraph Type="Character"><Text>IDA</Text>',
      '<Paragraph Type="Character"><Text>IDA</Text><Text RevisionID="2">  </Text>',
    );
    expect(linesOf(blank)).toEqual(["The gulls scatter."]);
    expect(readFdx(FINAL_DRAFT_FILE.replace(/ RevisionID="[12]"/g, "")).revision).toBeNull();
  });

  it("writes a revision as a revision set the import reads back, its colour and its marked elements", () => {
    const parsed = parseFountain("INT. HALL - DAY\n\nRain.\n\nANNA\nStay.\n\nBOB\nGo.\n");
    const at = (text: string) => parsed.elements.find((e) => e.text === text)!.line;
    for (const colour of ["white", "blue", "cherry"] as const) {
      const fdx = fountainToFdx(parsed, { name: "Table read", colour, marked: new Set([at("Rain."), at("Go.")]) });
      expect(readFdx(fdx).revision).toEqual({
        name: "Table read",
        colour,
        marked: [at("Rain."), at("Go.")],
      });
    }
  });

  it("marks exactly the elements whose text the file wrote in the revision, in any script", () => {
    const block = fc.record({
      kind: fc.constantFrom("heading", "action", "speech"),
      word: fc.constantFrom("rain", "door", "salt", "lamp", "dust"),
      n: fc.integer({ min: 1, max: 99 }),
      marked: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 15 }), fc.boolean(), (blocks, titled) => {
        const run = (text: string, marked: boolean) => `<Text${marked ? ' RevisionID="1"' : ""}>${text}</Text>`;
        const expected: string[] = [];
        const paras = blocks.map((b, i) => {
          const p = (type: string, text: string) => {
            if (b.marked) expected.push(text);
            return `<Paragraph Type="${type}">${run(text, b.marked)}</Paragraph>`;
          };
          if (b.kind === "heading") return p("Scene Heading", `INT. ROOM ${b.n} - DAY`);
          if (b.kind === "action") return p("Action", `The ${b.word} moves ${i} times.`);
          return p("Character", `ANNA${b.n}`) + p("Dialogue", `A ${b.word} for ${i}.`);
        });
        const title = titled
          ? '<TitlePage><Content><Paragraph Alignment="Center"><Text>Salt</Text></Paragraph></Content></TitlePage>'
          : "";
        const xml = `<FinalDraft><Content>${paras.join("")}</Content>${title}<Revisions ActiveSet="1"><Revision ID="1" Name="Blue Rev."/></Revisions></FinalDraft>`;
        const { body, revision } = readFdx(xml);
        const texts = new Map(parseFountain(body).elements.map((e) => [e.line, e.text]));
        expect(revision === null).toBe(expected.length === 0);
        expect((revision?.marked ?? []).map((l) => texts.get(l))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
