import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { carryChanged, changedLines, revisionMarks } from "./revision-marks.ts";

/** A letter name for a number, so every cue is a different name in capitals. */
const letters = (n: number) => {
  let s = "";
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
};

/** Blocks of a script, every line of them unique (a line written twice could be matched either way). */
const block = fc.oneof(
  fc.constant("heading" as const),
  fc.integer({ min: 1, max: 3 }).map((n) => ({ action: n })),
  fc.constant("speech" as const),
);

function script(blocks: (typeof block extends fc.Arbitrary<infer T> ? T : never)[]): string[] {
  let id = 0;
  const out: string[] = [];
  for (const b of blocks) {
    id++;
    if (out.length) out.push("");
    if (b === "heading") out.push(`INT. ROOM ${id} - DAY`);
    else if (b === "speech") out.push(`NURIA ${letters(id)}`, `we say line ${id}.`);
    else for (let k = 0; k < b.action; k++) out.push(`the rain falls on roof ${id} and ${k}.`);
  }
  return out;
}

type Op = { at: number; kind: "keep" | "rewrite" | "insert" | "delete" };
const op = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("keep", "keep", "rewrite", "insert", "delete") as fc.Arbitrary<Op["kind"]>,
});

/** Applies one edit to numbered lines; a new line is text the revision before never had. */
function apply(lines: { text: string; fresh: boolean }[], o: Op, serial: number) {
  if (lines.length === 0 || o.kind === "keep") return lines;
  const at = o.at % lines.length;
  const fresh = { text: `a line written later, number ${serial}.`, fresh: true };
  if (o.kind === "rewrite") return lines.map((l, i) => (i === at ? fresh : l));
  if (o.kind === "insert") return [...lines.slice(0, at + 1), fresh, ...lines.slice(at + 1)];
  return lines.filter((_, i) => i !== at);
}

/** The elements holding a line the generator wrote anew: what the rule should mark. */
function expected(lines: { text: string; fresh: boolean }[]): number[] {
  const starts = parseFountain(lines.map((l) => l.text).join("\n")).elements.map((e) => e.line);
  return starts
    .filter((s, k) => lines.some((l, i) => l.fresh && i >= s && i < (starts[k + 1] ?? lines.length)))
    .sort((a, b) => a - b);
}

const edited = fc.record({
  blocks: fc.array(block, { minLength: 1, maxLength: 25 }),
  ops: fc.array(op, { maxLength: 12 }),
});

function build({ blocks, ops }: { blocks: Parameters<typeof script>[0]; ops: Op[] }) {
  const before = script(blocks);
  const steps = [before.map((text) => ({ text, fresh: false }))];
  ops.forEach((o, n) => steps.push(apply(steps[steps.length - 1]!, o, n)));
  return { before: before.join("\n"), steps };
}

describe("revision marks", () => {
  it("marks an element exactly when one of its lines differs from the revision before", () => {
    fc.assert(
      fc.property(edited, (e) => {
        const { before, steps } = build(e);
        const after = steps[steps.length - 1]!;
        const text = after.map((l) => l.text).join("\n");
        const lines = parseFountain(text).elements.map((x) => x.line);
        const marked = [...revisionMarks(before, text, lines)].sort((a, b) => a - b);
        expect(marked).toEqual(expected(after));
      }),
      { numRuns: 300 },
    );
  });

  it("carries the marks over each edit while typing to what the diff of the whole script gives", () => {
    fc.assert(
      fc.property(edited, (e) => {
        const { before, steps } = build(e);
        // As the editor splits its text: an empty text is one empty line.
        const texts = steps.map((s) => s.map((l) => l.text).join("\n"));
        let changed = changedLines(before, before);
        for (let i = 1; i < texts.length; i++)
          changed = carryChanged(changed, texts[i - 1]!.split("\n"), texts[i]!.split("\n"));
        const text = texts[texts.length - 1]!;
        expect(changed).toEqual(changedLines(before, text));
      }),
      { numRuns: 300 },
    );
  });

  it("marks nothing without a revision before, and adds the marks an imported file stored", () => {
    const text = "INT. DECK - NIGHT\n\nRain.\n\nMARA\nHello.";
    const lines = parseFountain(text).elements.map((e) => e.line);
    expect([...revisionMarks(null, text, lines)]).toEqual([]);
    expect([...revisionMarks(null, text, lines, [2])]).toEqual([2]);
    const before = "INT. DECK - NIGHT\n\nSnow.\n\nMARA\nHello.";
    expect([...revisionMarks(before, text, lines, [4])].sort()).toEqual([2, 4]);
  });

  it("marks every element a changed line belongs to, and nothing for blank lines or the title page", () => {
    const before = "Title: Ferry\n\nINT. DECK - NIGHT\n\nRain sweeps the deck.\nMara grips the rail.\n\nMARA\nHello?";
    const after =
      "Title: Ferry Two\n\n\nINT. DECK - NIGHT\n\nRain sweeps the deck.\nMara lets go of the rail.\n\nMARA\nHello?";
    const lines = parseFountain(after).elements.map((e) => e.line);
    // The action starting at line 5 holds the rewritten second line; the title and the added blank mark nothing.
    expect([...revisionMarks(before, after, lines)]).toEqual([5]);
  });
});
