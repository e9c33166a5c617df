import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { moveScene } from "./reorder.ts";

const headingLines = (text: string) =>
  parseFountain(text)
    .elements.filter((e) => e.type === "scene_heading")
    .map((e) => e.line);
const headings = (text: string) =>
  parseFountain(text)
    .elements.filter((e) => e.type === "scene_heading")
    .map((e) => e.text);

const SCRIPT = [
  "Title: Night Bus",
  "",
  "INT. BUS - NIGHT",
  "",
  "Empty seats.",
  "",
  "EXT. STATION - DAY",
  "",
  "ANNA",
  "Late again.",
  "",
  "INT. DEPOT - DAWN",
  "",
  "The last bus parks.",
].join("\n");

describe("moving a scene in the text", () => {
  it("moves a scene with all its lines and keeps the title page first", () => {
    const moved = moveScene(SCRIPT, headingLines(SCRIPT), 2, 0);
    expect(headings(moved)).toEqual(["INT. DEPOT - DAWN", "INT. BUS - NIGHT", "EXT. STATION - DAY"]);
    expect(moved.startsWith("Title: Night Bus\n\nINT. DEPOT - DAWN\n\nThe last bus parks.\n\nINT. BUS")).toBe(true);
    // The scene that is now last ends the text as the script did, with no blank line added.
    expect(moved.endsWith("Late again.")).toBe(true);
    expect(parseFountain(moved).titlePage).toEqual([{ key: "title", text: "Night Bus" }]);
  });

  it("keeps every line, puts the scene where it was dropped, and moving it back gives the script again", () => {
    const scene = fc
      .tuple(
        fc.constantFrom("INT. BUS - NIGHT", "EXT. PARK - DAY", "INT. FLAT - DAWN", "EXT. ROOF - DUSK"),
        fc.array(fc.constantFrom("She waits.", "ANNA\nLate again.", "[[a note]]", "# Act two", "Rain."), {
          maxLength: 4,
        }),
      )
      .map(([h, body]) => [h, "", ...body.flatMap((b) => [b, ""])].join("\n"));
    fc.assert(
      fc.property(
        fc.array(scene, { minLength: 2, maxLength: 7 }),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        (scenes, newline, a, b) => {
          const text = `Opening words.\n\n${scenes.join("\n").trimEnd()}${newline ? "\n" : ""}`;
          const at = headingLines(text);
          const from = a % at.length;
          const to = b % at.length;
          const moved = moveScene(text, at, from, to);
          const want = headings(text);
          const [h] = want.splice(from, 1);
          want.splice(to, 0, h!);
          expect(headings(moved)).toEqual(want);
          const words = (t: string) =>
            t
              .split("\n")
              .filter((l) => l.trim() !== "")
              .sort();
          expect(words(moved)).toEqual(words(text));
          expect(moved.endsWith("\n")).toBe(newline);
          expect(moveScene(moved, headingLines(moved), to, from)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
