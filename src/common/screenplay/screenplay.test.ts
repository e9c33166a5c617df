import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, diffStats } from "./diff.ts";
import { characterName, clearParseCache, headingParts, parseFountain, plainText } from "./fountain.ts";
import { formatEighths } from "../eighths.ts";
import { LINES_PER_PAGE, layoutScript, wrap } from "./layout.ts";
import { numberScenes, stampSceneNumbers } from "./numbering.ts";
import { scriptReport } from "./report.ts";
import { EVERY_ELEMENT } from "./test-scripts.ts";

describe("parsing Fountain", () => {
  it("knows every element, where it is in the source, and the title page", () => {
    const p = parseFountain(EVERY_ELEMENT);
    expect(p.titlePage).toEqual([
      { key: "title", text: "The Salt Road" },
      { key: "credit", text: "Written by" },
      { key: "author", text: "Lena Fischer" },
      { key: "date", text: "1 March 2031" },
    ]);
    const types = p.elements.map((e) => e.type);
    expect(types).toEqual([
      "section",
      "synopsis",
      "scene_heading",
      "action",
      "character",
      "parenthetical",
      "dialogue",
      "character",
      "dialogue",
      "character",
      "dialogue",
      "lyrics",
      "centered",
      "transition",
      "page_break",
      "scene_heading",
      "character",
      "dialogue",
      "scene_heading",
      "action",
    ]);
    const lines = EVERY_ELEMENT.split("\n");
    for (const e of p.elements.filter(
      (x) => x.type !== "page_break" && x.type !== "section" && x.type !== "synopsis",
    )) {
      expect(lines[e.line]!.toUpperCase()).toContain(e.text.split("\n")[0]!.slice(0, 4).toUpperCase());
    }
    expect(p.elements[3]!.text).toBe("Anna enters. Slowly she sits.");
    expect(p.elements.filter((e) => e.dual).map((e) => [e.text, e.dual])).toEqual([
      ["BOB", "left"],
      ["Hi.", "left"],
      ["CLARA", "right"],
      ["Hey.", "right"],
    ]);
    expect(p.elements.at(-2)).toMatchObject({ text: "EXT. SALT FLATS - DAWN", sceneNumber: "7A" });
  });

  it("splits headings and character cues", () => {
    expect(headingParts("INT. KITCHEN - NIGHT")).toEqual({ intExt: "INT", location: "KITCHEN", timeOfDay: "NIGHT" });
    expect(headingParts("int./ext. lena's car - moving - day")).toEqual({
      intExt: "INT/EXT",
      location: "LENA'S CAR - MOVING",
      timeOfDay: "DAY",
    });
    expect(headingParts("I/E BUS")).toEqual({ intExt: "INT/EXT", location: "BUS", timeOfDay: "" });
    expect(headingParts("FLASHBACK")).toEqual({ intExt: "", location: "FLASHBACK", timeOfDay: "" });
    expect(characterName("ANNA (V.O.)")).toBe("ANNA");
    expect(characterName("BOB (CONT'D)")).toBe("BOB");
    expect(plainText("**bold** and _under_ and \\*not\\*")).toBe("bold and under and *not*");
  });
});

describe("pages", () => {
  it("wraps at the element's width", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrap("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
  });

  it("lays out each element at its industry position, with a forced page break", () => {
    const layout = layoutScript(parseFountain(EVERY_ELEMENT));
    expect(layout.pages).toHaveLength(2);
    const cell = (type: string) =>
      layout.pages.flatMap((p) => p.rows.flatMap((r) => r.cells)).find((c) => c.type === type)!;
    expect(cell("scene_heading")).toMatchObject({ col: 0, text: "INT. KITCHEN - NIGHT" });
    expect(cell("character")).toMatchObject({ col: 22, text: "ANNA (V.O.)" });
    expect(cell("parenthetical")).toMatchObject({ col: 16 });
    expect(cell("dialogue")).toMatchObject({ col: 10 });
    expect(cell("transition")).toMatchObject({ col: 60 - "CUT TO:".length });
    const dualRow = layout.pages[0]!.rows.find((r) => r.cells.some((c) => c.text === "BOB"))!;
    expect(dualRow.cells.map((c) => c.text)).toEqual(["BOB", "CLARA"]);
    expect(layout.pages[1]!.rows[0]!.cells.map((c) => c.text)).toEqual(["2", "FLASHBACK", "2"]);
  });

  it("breaks pages at 54 lines, never leaving a heading alone and carrying a long speech with (MORE)/(CONT'D)", () => {
    // Final Draft's page: 54 lines, two blank lines above a heading (the scene's 43 rows, two blanks, the
    // heading, a blank and "She runs." leave room for the cue and three lines of speech).
    const action = Array.from({ length: 21 }, (_, i) => `Line ${i}.\n`).join("\n");
    const text = `INT. A - DAY\n\n${action}\nEXT. B - NIGHT\n\nShe runs.\n\nJOE\n${Array.from({ length: 40 }, (_, i) => `Word ${i}.`).join("\n")}\n`;
    const layout = layoutScript(parseFountain(text));
    for (const p of layout.pages) expect(p.rows.length).toBeLessThanOrEqual(LINES_PER_PAGE);
    const pageOf = (t: string) => layout.pages.findIndex((p) => p.rows.some((r) => r.cells.some((c) => c.text === t)));
    expect(pageOf("EXT. B - NIGHT")).toBe(pageOf("She runs."));
    expect(pageOf("(MORE)")).toBeGreaterThanOrEqual(0);
    expect(pageOf("JOE (CONT'D)")).toBe(pageOf("(MORE)") + 1);
    const report = scriptReport(text, null);
    expect(report.scenes.map((s) => [s.number, s.intExt, s.location, s.timeOfDay, s.night])).toEqual([
      ["1", "INT", "A", "DAY", false],
      ["2", "EXT", "B", "NIGHT", true],
    ]);
    expect(report.scenes[0]!.eighths).toBe(Math.round((43 * 8) / 54));
    expect(report.pages).toBe(layout.pages.length);
    expect(report.characters).toEqual([{ name: "JOE", scenes: ["2"], speeches: 1, dialogueLines: 40 }]);
    expect(report.runtimeMinutes).toBe(Math.round(report.lengthEighths / 8));
    expect(formatEighths(11)).toBe("1 3/8");
    expect(formatEighths(3)).toBe("3/8");
    expect(formatEighths(16)).toBe("2");
  });

  it("reports characters and locations across scenes", () => {
    const r = scriptReport(EVERY_ELEMENT, null);
    expect(r.characters.map((c) => c.name).sort()).toEqual(["ANNA", "BOB", "CLARA", "MCCLANE"]);
    expect(r.characters.find((c) => c.name === "ANNA")).toMatchObject({ scenes: ["1"], speeches: 1, dialogueLines: 1 });
    expect(r.locations.map((l) => l.location)).toEqual(["FLASHBACK", "KITCHEN", "SALT FLATS"]);
    expect(r.scenes.map((s) => s.number)).toEqual(["1", "2", "7A"]);
  });
});

describe("a speech over two pages, as Final Draft breaks it", () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i}.\n`).join("\n");
  const texts = (rows: { cells: { text: string }[] }[]) => rows.map((r) => r.cells.map((c) => c.text).join(" "));

  it("keeps the cue's extension on the next page and breaks after a sentence, not inside one", () => {
    // 23 action lines with their blanks leave room for the cue and a few lines of a long speech on page one.
    const speech = [
      "I was born on a Tuesday, in the middle of a flood",
      "that took the town's only bridge away with it. My",
      "father swam out to get the doctor. He came back",
      "without him. That is how it always went with us.",
      "Nobody ever believed a word of it.",
    ].join(" ");
    const text = `INT. HOSPITAL - DAY\n\n${filler(23)}\nEDWARD (V.O.)\n${speech} ${speech}\n`;
    const layout = layoutScript(parseFountain(text));
    expect(layout.pages.length).toBe(2);
    const first = texts(layout.pages[0]!.rows);
    const second = texts(layout.pages[1]!.rows);
    expect(first.at(-1)).toBe("(MORE)");
    expect(second[0]).toBe("EDWARD (V.O.) (CONT'D)");
    // The last line of speech on page one ends a sentence.
    expect(first.at(-2)).toMatch(/[.!?]$/);
  });

  it("moves a speech whole when no sentence ends in the room left", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const text = `INT. HOSPITAL - DAY\n\n${filler(24)}\nEDWARD\n${words}.\n`;
    const layout = layoutScript(parseFountain(text));
    const all = layout.pages.flatMap((p) => texts(p.rows));
    expect(all).not.toContain("(MORE)");
    expect(texts(layout.pages[1]!.rows)[0]).toBe("EDWARD");
  });

  it("never breaks a speech mid-sentence, whatever its length and place", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 27 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 14 }), fc.constantFrom(".", "!", "?", ",", "")), {
          minLength: 1,
          maxLength: 30,
        }),
        (actions, sentences) => {
          const speech = sentences.map(([n, end], k) => `${"blah ".repeat(n).trim()}${end || ` s${k}`}`).join(" ");
          const layout = layoutScript(parseFountain(`INT. A - DAY\n\n${filler(actions)}\nJOE (O.S.)\n${speech}\n`));
          layout.pages.forEach((page, i) => {
            const rows = texts(page.rows);
            expect(rows.length).toBeLessThanOrEqual(LINES_PER_PAGE);
            if (rows.at(-1) !== "(MORE)") return;
            expect(rows.at(-2)).toMatch(/[.!?]$/);
            expect(texts(layout.pages[i + 1]!.rows)[0]).toBe("JOE (O.S.) (CONT'D)");
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("locked scene numbers", () => {
  it("numbers inserts as A-scenes and keeps removed numbers as OMITTED", () => {
    const text = "INT. ONE - DAY\n\nA.\n\nINT. TWO - DAY\n\nB.\n\nINT. THREE - DAY\n\nC.\n";
    const locked = stampSceneNumbers(text, parseFountain(text), null);
    expect(locked.numbers).toEqual(["1", "2", "3"]);
    expect(locked.text).toContain("INT. TWO - DAY #2#");
    const edited = locked.text
      .replace("INT. TWO - DAY #2#\n\nB.\n\n", "")
      .replace("INT. THREE - DAY #3#", "INT. NEW - DAY\n\nN.\n\nINT. NEWER - DAY\n\nM.\n\nINT. THREE - DAY #3#");
    const headings = parseFountain(edited).elements.filter((e) => e.type === "scene_heading");
    expect(numberScenes(headings, locked.numbers)).toEqual({
      numbers: ["1", "1A", "1B", "3"],
      omitted: [{ number: "2", before: 3 }],
      provisional: ["1A", "1B"],
    });
    const report = scriptReport(edited, locked.numbers);
    expect(report.scenes.map((s) => `${s.number}${s.omitted ? " OMITTED" : ""}`)).toEqual([
      "1",
      "1A",
      "1B",
      "2 OMITTED",
      "3",
    ]);
    expect(numberScenes([{}, { sceneNumber: "1" }], ["1"]).numbers).toEqual(["A1", "1"]);
  });
});

describe("line diff", () => {
  it("marks the changed lines between two texts", () => {
    const d = diffLines("a\nb\nc\nd", "a\nB\nc\nd\ne");
    expect(d.map((l) => `${l.kind[0]}${l.text}`)).toEqual(["sa", "rb", "aB", "sc", "sd", "ae"]);
    expect(diffStats(d)).toEqual({ added: 2, removed: 1 });
    expect(diffLines("same", "same")).toEqual([{ kind: "same", text: "same", oldLine: 1, newLine: 1 }]);
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i}`);
    const changed = big.map((l, i) => (i % 100 === 0 ? `${l} changed` : l));
    expect(diffStats(diffLines(big.join("\n"), changed.join("\n")))).toEqual({ added: 30, removed: 30 });
  });
});

describe("parsing a long script scene by scene", () => {
  it("gives the same elements and lines as parsing it whole, and re-uses unchanged scenes", () => {
    const scenes = Array.from(
      { length: 60 },
      (_, i) =>
        `${i % 2 ? "EXT" : "INT"}. PLACE ${i} - DAY\n\nAction ${i} happens here.\n\nANNA\nLine ${i}.\n\nBOB ^\nReply ${i}.\n`,
    );
    const text = `Title: Long\n\n${scenes.join("\n")}`;
    expect(text.length).toBeGreaterThan(4000);
    const chunked = parseFountain(text);
    const whole = parseFountain(`${text}\n/* boneyard forces a whole parse */\n`);
    expect(chunked).toEqual(whole);
    const edited = parseFountain(text.replace("Action 30 happens", "Action 30 really happens"));
    expect(edited.elements.find((e) => e.text.startsWith("Action 30"))).toMatchObject({
      text: "Action 30 really happens here.",
      line: chunked.elements.find((e) => e.text.startsWith("Action 30"))!.line,
    });
  });

  it("lays out an edited script as it lays out the same text afresh (what the last layout built is reused)", () => {
    const scenes = Array.from(
      { length: 60 },
      (_, i) =>
        `${i % 2 ? "EXT" : "INT"}. PLACE ${i} - DAY\n\nAction ${i} happens here.\n\nANNA\nLine ${i}.\n\nBOB ^\nReply ${i}.\n`,
    );
    const text = `Title: Long\n\n${scenes.join("\n")}`;
    const edits = [
      text.replace(
        "Action 30 happens",
        "Action 30 happens, and the scene gets long enough to wrap onto a second printed line",
      ),
      text.replace("Action 3 happens", "Action 3\nhappens"),
      text.replace("INT. PLACE 10 - DAY\n\n", ""),
      text.replace("Action 40 happens here.\n", "Action 40 happens here.\n\nINT. NEW PLACE - NIGHT\n\nNew.\n"),
    ];
    for (const locked of [null, scenes.map((_, i) => String(i + 1))]) {
      layoutScript(parseFountain(text), { locked });
      for (const edited of edits) {
        const reused = layoutScript(parseFountain(edited), { locked });
        clearParseCache();
        expect(reused).toEqual(layoutScript(parseFountain(edited), { locked }));
      }
    }
  });
});
