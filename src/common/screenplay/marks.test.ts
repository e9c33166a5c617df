import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markElements } from "./marks.ts";

const marked = (text: string, elements: { name: string; category: string }[]) =>
  markElements(text, elements)
    .filter((s) => s.category)
    .map((s) => `${s.category}:${s.text}`);

describe("markElements", () => {
  it("marks whole words in any case, across line breaks, the longer name first", () => {
    const text = "ANNA drives the old\ncar past the Cart. Anna's car stalls.";
    expect(
      marked(text, [
        { name: "car", category: "props" },
        { name: "Old Car", category: "vehicles" },
        { name: "anna", category: "cast" },
      ]),
    ).toEqual(["cast:ANNA", "vehicles:old\ncar", "cast:Anna", "props:car"]);
  });

  it("leaves names with regular-expression characters and empty names harmless", () => {
    expect(
      marked("A (toy) gun? Yes.", [
        { name: "(toy) gun?", category: "props" },
        { name: "  ", category: "x" },
      ]),
    ).toEqual(["props:(toy) gun?"]);
  });

  it("gives the text back unchanged and marks only what matches a name, for any text and names", () => {
    const word = fc.stringMatching(/^[A-Za-zé'.()]{1,6}$/);
    const text = fc
      .array(fc.oneof(word, fc.constantFrom(" ", "\n", ", ", "  ")), { maxLength: 40 })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(
        text,
        fc.array(
          fc.record({
            name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
            category: fc.constantFrom("cast", "props"),
          }),
          { maxLength: 5 },
        ),
        (t, elements) => {
          const spans = markElements(t, elements);
          expect(spans.map((s) => s.text).join("")).toBe(t);
          const names = elements.map((e) => e.name.toLowerCase().split(/\s+/).join(" "));
          for (const s of spans.filter((x) => x.category)) {
            // A mark is one name, or names of one category side by side.
            const words = s.text.toLowerCase().split(/\s+/).join(" ");
            expect(names.some((n) => words === n || words.startsWith(n) || words.endsWith(n))).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
