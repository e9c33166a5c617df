import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain, type ParsedScript } from "../../../common/screenplay/fountain.ts";
import { EVERY_ELEMENT } from "../../../common/screenplay/test-scripts.ts";
import { fdxToFountain, fountainToFdx } from "./fdx.ts";

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
