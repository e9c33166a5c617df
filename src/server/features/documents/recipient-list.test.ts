import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRow } from "../../lib/csv.ts";
import { parseRecipients } from "./recipient-list.ts";

const name = fc
  .string({ minLength: 2, maxLength: 40 })
  .map((s) => s.replace(/[\r\n"@]/g, "x").trim())
  .filter((s) => s.length >= 2);
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9_-]{1,5})?$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/),
    fc.constantFrom("org", "test", "com", "de"),
  )
  .map(([local, domain, top]) => `${local}@${domain}.${top}`);

describe("a pasted list of people", () => {
  it("reads every written line back in order, with a name holding a comma or a semicolon", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, email), { minLength: 1, maxLength: 20, selector: ([, e]) => e.toLowerCase() }),
        (people) => {
          const text = people.map(([n, e]) => csvRow([n, e]).trimEnd()).join("\n");
          const lines = parseRecipients(text);
          expect(lines.map((l) => [l.name, l.email])).toEqual(people.map(([n, e]) => [n, e.toLowerCase()]));
          expect(lines.every((l) => l.error === null && l.state === "ready")).toBe(true);
          expect(lines.map((l) => l.line)).toEqual(people.map((_, i) => i + 1));
        },
      ),
    );
  });

  it("flags a repeated address on its later line only, whatever its case", () => {
    fc.assert(
      fc.property(name, name, email, (a, b, e) => {
        const lines = parseRecipients(`${csvRow([a, e])}${csvRow([b, e.toUpperCase()])}`);
        expect(lines[0]!.error).toBeNull();
        expect(lines[1]!.error).toBe("Already on line 1.");
      }),
    );
  });

  it("names what is wrong on each line", () => {
    const lines = parseRecipients(
      ["Ada Obi, ada@example.org", "", "Bo Li; bo@", "carl@example.org", "Dee Ray", "Eve Ng, ADA@example.org"].join(
        "\n",
      ),
    );
    expect(lines.map((l) => [l.line, l.error])).toEqual([
      [1, null],
      [3, "“bo@” is not an e-mail address."],
      [4, "Give the person's full name before the e-mail address."],
      [5, "No e-mail address on this line."],
      [6, "Already on line 1."],
    ]);
  });

  it("accepts semicolons and refuses an empty list", () => {
    expect(parseRecipients("Ada Obi; ada@example.org\nBo Li; bo@example.org").map((l) => l.email)).toEqual([
      "ada@example.org",
      "bo@example.org",
    ]);
    expect(() => parseRecipients(" \n ")).toThrow(/at least one line/);
  });
});
