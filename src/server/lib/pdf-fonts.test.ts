import fc from "fast-check";
import { PDFDocument, PDFName, PDFDict } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseFountain } from "../../common/screenplay/fountain.ts";
import { layoutScript } from "../../common/screenplay/layout.ts";
import { pdfText as fontsFor } from "./pdf-fonts.ts";
import { renderPdf } from "./pdf-table.ts";
import { renderPlainDocument, sealDocument } from "../features/documents/pdf.ts";
import { testSealer } from "../features/documents/test-sealer.ts";
import { screenplayPdf } from "../features/screenplays/pdf.ts";
import { pdfText } from "../test/pdf-text.ts";

const TYPED = "日本語 Ωμέγα Müller Łukasz Анна 🎬";
const WORDS = TYPED.split(" ");

/** The printed text without spaces: a reader splits a word where its letters change font. */
const text = async (bytes: Uint8Array) => (await pdfText(bytes)).join("").replace(/\s+/g, "");

/** The fonts a PDF embeds, without the subset's tag (ABCDEF+NotoSans → NotoSans). */
async function fontsOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const page of doc.getPages()) {
    const dict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    for (const k of dict?.keys() ?? [])
      names.add(
        String(dict!.lookup(k, PDFDict).get(PDFName.of("BaseFont")))
          .replace(/^\/(?:[A-Z]{6}\+)?/, "")
          .replace(/-\d+$/, ""),
      );
  }
  return [...names].sort();
}

describe("PDFs print what was typed", () => {
  it("a call sheet (the table renderer) keeps Japanese, Greek, Latin letters beyond Latin-1, Cyrillic and emoji", async () => {
    const bytes = await renderPdf({
      title: `Call sheet — ${TYPED}`,
      facts: [["Location", TYPED]],
      sections: [{ heading: "Cast", rows: [{ cells: ["Role", "Name"], bold: true }, { cells: ["黒澤", TYPED] }] }],
    });
    const got = await text(bytes);
    for (const w of [...WORDS, "黒澤"]) expect(got).toContain(w);
    expect(got).not.toContain("?");
    expect(await fontsOf(bytes)).toEqual([
      "NotoEmoji-Bold",
      "NotoEmoji-Regular",
      "NotoSans-Bold",
      "NotoSans-Regular",
      "NotoSansJP-Bold",
      "NotoSansJP-Regular",
    ]);
    // Subset: the Japanese font file alone is 5 MB.
    expect(bytes.byteLength).toBeLessThan(300_000);
  });

  it("embeds the large fonts only when the text needs them", async () => {
    const bytes = await renderPdf({ title: "Call sheet", facts: [["Location", "Müller's yard"]], sections: [] });
    expect(await fontsOf(bytes)).toEqual(["NotoSans-Bold", "NotoSans-Regular"]);
    expect(await text(bytes)).toContain("Müller'syard");
  });

  it("a screenplay keeps Courier for Latin text and prints the rest with the fallback fonts", async () => {
    const source = `INT. KITCHEN - NIGHT\n\n${TYPED}\n\n@黒澤\nこんにちは、Müller.\n`;
    const bytes = await screenplayPdf(layoutScript(parseFountain(source)), { title: "T" });
    const got = await text(bytes);
    for (const w of [...WORDS, "黒澤", "こんにちは"]) expect(got).toContain(w);
    const fonts = await fontsOf(bytes);
    expect(fonts).toEqual(
      expect.arrayContaining([
        "CourierPrime-Regular",
        "CourierPrime-Bold",
        "NotoSans-Regular",
        "NotoSansJP-Regular",
        "NotoEmoji-Regular",
      ]),
    );
  });

  it("documents and their sealing certificate print names in any script", async () => {
    const original = await renderPlainDocument({
      schoolName: "École",
      title: `Release — ${TYPED}`,
      paragraphs: [TYPED],
    });
    expect(await text(original)).toContain("Ωμέγα");
    const sealed = await sealDocument({
      original,
      title: "Release",
      submissionId: "s1",
      senderName: "Łukasz Müller",
      sentAt: new Date(0),
      signers: [
        {
          name: "黒澤 明",
          email: "a@b.test",
          role: "signer",
          signatureKind: "typed",
          signatureValue: "Ωμέγα 🎬",
          ip: null,
          userAgent: null,
          viewedAt: null,
          signedAt: new Date(0),
        },
      ],
      sealer: testSealer(),
      sealedAt: new Date(0),
    });
    const got = await text(sealed.bytes);
    for (const w of ["黒澤", "Łukasz", "Ωμέγα", "🎬"]) expect(got).toContain(w);
  });

  it("reads back a letter a document of the same process used only as part of an accented one", async () => {
    // Subsetting "ó" asks the shared font for its "o" with no characters; a later "o" must still read as "o".
    const one = async (typed: string) => {
      const doc = await PDFDocument.create();
      const fonts = await fontsFor(doc, "sans", ["regular"], [typed]);
      fonts.draw(doc.addPage(), typed, { x: 50, y: 600, size: 12 });
      return (await pdfText(await doc.save())).join("");
    };
    expect(await one("Wójcik ŕ ñ")).toBe("Wójcik ŕ ñ");
    expect(await one("Wojcik r n")).toBe("Wojcik r n");
  });

  it("measures a line word by word as wide as it is drawn shaped whole, in any script", async () => {
    const word = fc.constantFrom(
      "AVATAR",
      "To",
      "Wave",
      "office",
      "ffl",
      "Müller",
      "Ωμέγα",
      "日本語",
      "Анна",
      "🎬",
      "yes,",
      "(V.O.)",
    );
    const line = fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(" "));
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    const fonts = await fontsFor(
      doc,
      "sans",
      ["regular", "bold"],
      ["AVATAR To Wave office ffl Müller Ωμέγα 日本語 Анна 🎬 yes, (V.O.)"],
    );
    fc.assert(
      fc.property(line, fc.constantFrom<"regular" | "bold">("regular", "bold"), (t, style) => {
        const drawn = fonts.draw(page, t, { x: 0, y: 0, size: 10.5, style });
        expect(Math.abs(fonts.width(t, 10.5, style) - drawn)).toBeLessThan(0.01);
      }),
      { numRuns: 200 },
    );
  });
});
