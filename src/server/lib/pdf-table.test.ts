import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { wrap } from "./pdf-table.ts";

describe("a printed table cell", () => {
  it("wraps a long name onto more lines instead of cutting it off", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const name = "CAPTAIN HALVORSEN, MASTER OF THE MS HELVETIA";
    const lines = wrap((t) => font.widthOfTextAtSize(t, 9), name, 80);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe(name);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(80);
    const word = "Donaudampfschifffahrtsgesellschaftskapitän";
    expect(wrap((t) => font.widthOfTextAtSize(t, 9), word, 60).join("")).toBe(word);
  });
});
