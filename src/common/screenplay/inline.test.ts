import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { parseInline, styledLines } from "./inline.ts";
import { layoutScript } from "./layout.ts";

describe("Fountain emphasis", () => {
  it("reads bold, italic, bold italic and underline as styled spans", () => {
    expect(parseInline("a **b** *c* ***d*** _e_ f")).toEqual([
      { text: "a " },
      { text: "b", bold: true },
      { text: " " },
      { text: "c", italic: true },
      { text: " " },
      { text: "d", bold: true, italic: true },
      { text: " " },
      { text: "e", underline: true },
      { text: " f" },
    ]);
  });

  it("nests emphasis and keeps escaped or unmatched markers literal", () => {
    expect(parseInline("_*under italic*_ and **bold _and under_**")).toEqual([
      { text: "under italic", italic: true, underline: true },
      { text: " and " },
      { text: "bold ", bold: true },
      { text: "and under", bold: true, underline: true },
    ]);
    expect(parseInline("\\*not\\* 2 * 3 * 4 and snake\\_case a_b")).toEqual([
      { text: "*not* 2 * 3 * 4 and snake_case a_b" },
    ]);
    expect(parseInline("**across\nlines**")).toEqual([{ text: "**across\nlines**" }]);
  });

  it("carries the styles onto the printed rows, measured by the plain text", () => {
    const word = "rain ".repeat(11).trim();
    const script = `INT. FERRY - NIGHT\n\n${word} **the gun** and _the ${word}_ end.\n\nINES\nI *really* mean \\*it\\*.\n`;
    const plain = `INT. FERRY - NIGHT\n\n${word} the gun and the ${word} end.\n\nINES\nI really mean \\*it\\*.\n`;
    const styledLayout = layoutScript(parseFountain(script));
    const plainLayout = layoutScript(parseFountain(plain));
    const texts = (l: typeof plainLayout) =>
      l.pages.flatMap((p) => p.rows.map((r) => r.cells.map((c) => `${c.col}:${c.text}`).join("|")));
    expect(texts(styledLayout)).toEqual(texts(plainLayout));
    const cells = styledLayout.pages[0]!.rows.flatMap((r) => r.cells);
    for (const c of cells) if (c.spans) expect(c.spans.map((s) => s.text).join("")).toBe(c.text);
    const action = cells.filter((c) => c.type === "action");
    // "the gun" wraps: the bold goes with each half onto its own line, as does the underline.
    expect(action[0]!.spans?.at(-1)).toEqual({ text: "the", bold: true });
    expect(action[1]!.spans?.slice(0, 3)).toEqual([
      { text: "gun", bold: true },
      { text: " and " },
      { text: "the rain rain rain rain rain rain rain rain rain", underline: true },
    ]);
    expect(action[2]!.spans).toEqual([{ text: "rain rain", underline: true }, { text: " end." }]);
    const dialogue = cells.find((c) => c.type === "dialogue")!;
    expect(dialogue.text).toBe("I really mean *it*.");
    expect(dialogue.spans).toEqual([{ text: "I " }, { text: "really", italic: true }, { text: " mean *it*." }]);
  });

  it("styles the title page's entries too, line by line", () => {
    const { titlePage } = parseFountain(
      "Title: **The** _Salt_ Road\nCredit: written by\nAuthor: *Ana* Ruiz\nContact:\n    _Agent_ Smith\n    **555** 0100\n\nINT. ROOM - DAY\n\nA chair.\n",
    );
    const title = titlePage.find((e) => e.key === "title")!;
    expect(title.text).toBe("The Salt Road");
    expect(styledLines(title.text, title.marks)).toEqual([
      [{ text: "The", bold: true }, { text: " " }, { text: "Salt", underline: true }, { text: " Road" }],
    ]);
    expect(titlePage.find((e) => e.key === "credit")).toEqual({ key: "credit", text: "written by" });
    const contact = titlePage.find((e) => e.key === "contact")!;
    expect(contact.text).toBe("Agent Smith\n555 0100");
    expect(styledLines(contact.text, contact.marks)).toEqual([
      [{ text: "Agent", underline: true }, { text: " Smith" }],
      [{ text: "555", bold: true }, { text: " 0100" }],
    ]);
    expect(styledLines("", undefined)).toEqual([[]]);
  });
});
