import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { layoutScript } from "../../../common/screenplay/layout.ts";
import { screenplayPdf } from "./pdf.ts";

/** The fonts the first script page draws with, and its drawing operators as text. */
async function firstPage(source: string) {
  const doc = await PDFDocument.load(await screenplayPdf(layoutScript(parseFountain(source)), { title: "T" }));
  const page = doc.getPages()[0]!;
  const fontDict = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
  const fonts = fontDict.keys().map((k) =>
    String(fontDict.lookup(k, PDFDict).get(PDFName.of("BaseFont")))
      .replace(/^\/(?:[A-Z]{6}\+)?/, "")
      .replace(/-\d+$/, ""),
  );
  const contents = page.node.get(PDFName.of("Contents"));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const ops = refs
    .map((r) => new TextDecoder().decode(decodePDFRawStream(doc.context.lookup(r as PDFRef) as PDFRawStream).decode()))
    .join("\n");
  return { fonts: [...new Set(fonts)].sort(), ops };
}

describe("screenplay PDF", () => {
  it("prints bold, italic and bold italic in Courier Prime's faces and underlines underlined text", async () => {
    const styled = await firstPage("INT. DECK - DAY\n\nA **loud** *soft* ***both*** _under_ \\*plain\\*.\n");
    expect(styled.fonts).toEqual([
      "CourierPrime-Bold",
      "CourierPrime-BoldItalic",
      "CourierPrime-Italic",
      "CourierPrime-Regular",
    ]);
    const plain = await firstPage("INT. DECK - DAY\n\nA loud soft both under \\*plain\\*.\n");
    expect(plain.fonts).toEqual(["CourierPrime-Bold", "CourierPrime-Regular"]);
    // One stroked line, under "under", and only in the styled script.
    const strokes = (ops: string) => ops.split("\n").filter((l) => /^\s*S\s*$/.test(l)).length;
    expect(strokes(styled.ops)).toBe(1);
    expect(strokes(plain.ops)).toBe(0);
  });

  it("styles the title page's emphasis the same way", async () => {
    const strokes = (ops: string) => ops.split("\n").filter((l) => /^\s*S\s*$/.test(l)).length;
    const styled = await firstPage(
      "Title: The *Salt* Road\nAuthor: *Ana* Ruiz\nContact: _Agent_ Smith\n\nINT. DECK - DAY\n\nA chair.\n",
    );
    // The title prints bold throughout, so its italic word is bold italic.
    expect(styled.fonts).toEqual([
      "CourierPrime-Bold",
      "CourierPrime-BoldItalic",
      "CourierPrime-Italic",
      "CourierPrime-Regular",
    ]);
    expect(strokes(styled.ops)).toBe(1);
    const plain = await firstPage(
      "Title: The Salt Road\nAuthor: Ana Ruiz\nContact: Agent Smith\n\nINT. DECK - DAY\n\nA chair.\n",
    );
    expect(plain.fonts).toEqual(["CourierPrime-Bold", "CourierPrime-Regular"]);
    expect(strokes(plain.ops)).toBe(0);
  });
});
