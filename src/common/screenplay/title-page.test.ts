import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { readTitlePage, TITLE_PAGE_FIELDS, writeTitlePage, type TitlePageFields } from "./title-page.ts";

const SCRIPT = "INT. FERRY - DAY\n\nWaves.\n\nANNA\nWe're late.\n";
const empty = () => Object.fromEntries(TITLE_PAGE_FIELDS.map((f) => [f.key, ""])) as TitlePageFields;
const elementsOf = (text: string) => parseFountain(text).elements.map((e) => [e.type, "text" in e ? e.text : ""]);

describe("the title page as a form", () => {
  it("writes a new title page above the script and reads it back, the parser agreeing", () => {
    const text = writeTitlePage(SCRIPT, {
      title: "The Weight\nof Water",
      credit: "Written by",
      author: "Lena Fischer",
    });
    expect(text).toBe("Title:\n    The Weight\n    of Water\nCredit: Written by\nAuthor: Lena Fischer\n\n" + SCRIPT);
    expect(readTitlePage(text)).toMatchObject({ title: "The Weight\nof Water", author: "Lena Fischer" });
    expect(parseFountain(text).titlePage.map((e) => [e.key, e.text])).toEqual([
      ["title", "The Weight\nof Water"],
      ["credit", "Written by"],
      ["author", "Lena Fischer"],
    ]);
  });

  it("keeps a leading note, the keys the form does not show, and emphasis as typed", () => {
    const text = "[[second pass]]\nTitle: **BIG FISH**\nNotes: for the class\nDraft date: 1 May\n\n" + SCRIPT;
    expect(readTitlePage(text)).toMatchObject({ title: "**BIG FISH**", draft_date: "1 May" });
    const next = writeTitlePage(text, { ...readTitlePage(text), contact: "lena@portal.test" });
    expect(next).toBe(
      "[[second pass]]\nTitle: **BIG FISH**\nDraft date: 1 May\nContact: lena@portal.test\nNotes: for the class\n\n" +
        SCRIPT,
    );
  });

  it("removes the block when every field is emptied, and leaves the script as it was", () => {
    const text = writeTitlePage(SCRIPT, { title: "Paper Moon" });
    expect(writeTitlePage(text, empty())).toBe(SCRIPT);
  });

  it("reads back what it writes and never changes the script, for any fields and script", () => {
    const line = fc.stringMatching(/^[A-Za-z0-9 .,'*_-]{0,20}$/).map((s) => s.trim());
    const value = fc.array(line, { maxLength: 3 }).map((ls) => ls.filter(Boolean).join("\n"));
    const fields = fc.record(
      Object.fromEntries(TITLE_PAGE_FIELDS.map((f) => [f.key, value])) as {
        [K in keyof TitlePageFields]: fc.Arbitrary<string>;
      },
    );
    const script = fc.constantFrom(SCRIPT, "", "EXT. ROOF - NIGHT\n\nRain.", "\n\nINT. BUS - DAY\nShe waits.");
    fc.assert(
      fc.property(fields, fields, script, (first, second, body) => {
        const once = writeTitlePage(body, first);
        const twice = writeTitlePage(once, second);
        expect(readTitlePage(twice)).toEqual(second);
        expect(elementsOf(twice)).toEqual(elementsOf(body));
        expect(writeTitlePage(twice, empty())).toBe(body);
      }),
      { numRuns: 300 },
    );
  });
});
