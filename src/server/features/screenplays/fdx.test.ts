import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain, type ParsedScript } from "../../../common/screenplay/fountain.ts";
import { EVERY_ELEMENT } from "../../../common/screenplay/test-scripts.ts";
import { fdxToFountain, fountainToFdx, readFdx } from "./fdx.ts";

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

/**
 * Shaped as Final Draft 10–12 writes a file (its attributes, a scene's properties inside the heading, notes inline
 * and in <ScriptNotes>, revision sets, the page header's "." on the title page); the words are the project's own.
 */
const FINAL_DRAFT_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  <Content>
    <Paragraph Number="1" Type="Scene Heading">
      <SceneProperties Length="1 2/8" Page="1" Title="The Crossing">
        <SetList><Set ID="1"/></SetList>
        <Summary>
          <Paragraph Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="1.00" RightIndent="7.50" SpaceBefore="0" Spacing="1" StartsNewPage="No">
            <Text AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12" Style="">The ferry leaves without her.</Text>
          </Paragraph>
        </Summary>
      </SceneProperties>
      <Text>EXT. FERRY DOCK - DUSK</Text>
    </Paragraph>
    <Paragraph Type="Action">
      <ScriptNote Color="#FFFF00" DateTime="2031-03-02T10:00:00Z" ID="3" MarkerType="Icon" Writer="IM">
        <Paragraph Alignment="Left"><Text>Check the tide tables</Text></Paragraph>
      </ScriptNote>
      <Text RevisionID="2">The gulls scatter.</Text>
    </Paragraph>
    <Paragraph Type="Character"><Text>IDA</Text></Paragraph>
    <Paragraph Type="Dialogue"><Text RevisionID="1">Wait for me!</Text></Paragraph>
    <Paragraph Type="Action" Alignment="Center"><Text>THE END</Text></Paragraph>
  </Content>
  <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">
    <Header><Paragraph Alignment="Right" Type="Header"><DynamicLabel Type="Page #"/><Text>.</Text></Paragraph></Header>
  </HeaderAndFooter>
  <TitlePage>
    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">
      <Header><Paragraph Alignment="Right" Type="Header"><DynamicLabel Type="Page #"/><Text>.</Text></Paragraph></Header>
    </HeaderAndFooter>
    <Content>
      <Paragraph Alignment="Center" Type="Text"><Text></Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text Style="Underline">TIDE WATER</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text>Written by</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text>Ines Marlow</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text>Based on the novel by Per Holm</Text></Paragraph>
      <Paragraph Alignment="Left" Type="Text"><Text>Revised draft 2 March 2031</Text></Paragraph>
      <Paragraph Alignment="Left" Type="Text"><Text>ines@example.org</Text></Paragraph>
    </Content>
  </TitlePage>
  <ScriptNotes>
    <ScriptNote Color="#FFFF00" ID="7" MarkerType="Icon" Range="47,58" Writer="IM">
      <Paragraph><Text>Too long? &amp; too loud]]</Text></Paragraph>
    </ScriptNote>
  </ScriptNotes>
  <Revisions ActiveSet="2" Location="7.75" RevisionMode="Yes" RevisionsShown="Active" ShowAllMarks="No" ShowAllSets="No">
    <Revision Color="#000000" FullRevision="No" ID="1" Mark="*" Name="Blue Rev." Style=""/>
    <Revision Color="#000000" FullRevision="No" ID="2" Mark="*" Name="Pink Rev." Style=""/>
  </Revisions>
</FinalDraft>`;

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
    expect(revision).toEqual({ name: "Pink Rev.", colour: "pink" });
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
    });
    expect(only('<Revisions ActiveSet="2"><Revision ID="2" Name=""/></Revisions>')).toEqual({
      name: "Pink revision",
      colour: "pink",
    });
  });
});
