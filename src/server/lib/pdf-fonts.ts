/**
 * The fonts of every PDF the portal makes, so each prints what was typed: pdf-lib's standard fonts are
 * WinAnsi only, and turned "日本語", "Ωμέγα", "Łukasz" and "🎬" into "?". A family is a chain of embedded
 * TrueType fonts, each subset to the glyphs used; a character is drawn with the first font of the chain
 * that has it. The large CJK and emoji fonts are embedded only when the text needs them.
 *
 * - "sans" (tables, certificates, labels): Noto Sans (Latin, Greek, Cyrillic, Vietnamese), then Noto Sans
 *   JP (kana and kanji), then Noto Emoji (monochrome, so an emoji prints as its outline).
 * - "mono" (the screenplay): Courier Prime first, a Courier made for screenplays with the same 7.2 pt
 *   advance at 12 pt and the Latin letters the standard Courier lacks (ł, ő, ș…), then the sans chain.
 * A character none of them has (Hangul, Arabic script…) prints as U+FFFD, a visible replacement.
 */
import * as fontkitModule from "@pdf-lib/fontkit";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";

export type FontStyle = "regular" | "bold" | "italic" | "boldItalic";
export type FontFamily = "sans" | "mono";

type Face = "courier" | "sans" | "cjk" | "emoji";

const FILES: Record<Face, Record<FontStyle, string>> = {
  courier: {
    regular: "courier-prime/400Regular/CourierPrime_400Regular.ttf",
    bold: "courier-prime/700Bold/CourierPrime_700Bold.ttf",
    italic: "courier-prime/400Regular_Italic/CourierPrime_400Regular_Italic.ttf",
    boldItalic: "courier-prime/700Bold_Italic/CourierPrime_700Bold_Italic.ttf",
  },
  sans: {
    regular: "noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "noto-sans/700Bold/NotoSans_700Bold.ttf",
    italic: "noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf",
    boldItalic: "noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf",
  },
  // Japanese has no italic: the upright face stands in, as word processors do.
  cjk: {
    regular: "noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
    bold: "noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
    italic: "noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
    boldItalic: "noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
  },
  emoji: {
    regular: "noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
    bold: "noto-emoji/700Bold/NotoEmoji_700Bold.ttf",
    italic: "noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
    boldItalic: "noto-emoji/700Bold/NotoEmoji_700Bold.ttf",
  },
};

const CHAINS: Record<FontFamily, Face[]> = {
  sans: ["sans", "cjk", "emoji"],
  mono: ["courier", "sans", "cjk", "emoji"],
};
const REPLACEMENT = "\uFFFD";
/** Characters that draw nothing of their own (joiners, variation selectors, other format characters). */
const INVISIBLE = /^[\p{Cf}\p{Cc}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]$/u;

// The package's ES build has only a default export, its CommonJS build only named ones (tsx loads the
// one, the esbuild bundle the other).
const fontkit = (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;
const require = createRequire(import.meta.url);
// Font files are read and parsed once while documents are being made; they never change while the process runs.
const files = new Map<string, Uint8Array>();
const parsed = new WeakMap<Uint8Array, fontkit.Font>();

/**
 * Parsed, the fonts hold 20–30 MB, which a school's server needs only now and then (a call sheet, a signed
 * release): they are let go this long after the last document, and read again by the next one. A first start
 * kept them from making the demo's PDFs for the whole life of the process.
 */
export const FONTS_KEPT_IDLE_MS = 60_000;
const letGo = setTimeout(() => files.clear(), FONTS_KEPT_IDLE_MS).unref();
/** How many font files are held now. */
export const keptFontFiles = () => files.size;

function parse(bytes: Uint8Array): fontkit.Font {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes);
    keepCodePoints(font);
    keepLayouts(font);
    parsed.set(bytes, font);
  }
  return font;
}

type GlyphOf = (id: number, codePoints?: number[]) => { codePoints: number[] };

/**
 * fontkit keeps each glyph it has made, with the characters of its first request. Subsetting an accented letter
 * asks for its parts (the "o" of "ó") with no characters; a later document of the process then drew "o" with
 * that kept glyph, and its text read back as "\u0001" (copying, searching and screen readers saw garbage). A
 * glyph asked for again with its characters gets them.
 */
function keepCodePoints(font: fontkit.Font) {
  const target = font as unknown as { getGlyph: GlyphOf };
  const glyphOf = target.getGlyph.bind(font);
  target.getGlyph = (id, codePoints = []) => {
    const glyph = glyphOf(id, codePoints);
    if (codePoints.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = codePoints;
    return glyph;
  };
}

/** How many laid-out strings a font keeps; a document's words and lines repeat across the documents of a day. */
const KEPT_LAYOUTS = 4000;

/**
 * Shaping a string (OpenType lookups for kerning and ligatures) was most of the time of making a PDF, and
 * pdf-lib shapes every string twice, to measure and to draw it; the same names, headings and words come back in
 * document after document (a first start's demo PDFs shaped for over a second). A font keeps its latest layouts,
 * oldest forgotten first. pdf-lib reads only a layout's glyphs, which the font itself keeps and never changes.
 */
function keepLayouts(font: fontkit.Font) {
  const kept = new Map<string, ReturnType<fontkit.Font["layout"]>>();
  const layout = font.layout.bind(font);
  (font as { layout: unknown }).layout = (text: string, features?: unknown) => {
    const key = features === undefined ? text : `${text}\u0000${JSON.stringify(features)}`;
    let run = kept.get(key);
    if (!run) {
      run = layout(text, features as never);
      if (kept.size >= KEPT_LAYOUTS) kept.delete(kept.keys().next().value!);
      kept.set(key, run);
    }
    return run;
  };
}

/**
 * pdf-lib parses a font anew for every document it is embedded in, and fontkit reads a font's layout tables
 * (Noto Sans's are large) on its first text: most of a short PDF's time (a page of equipment labels took
 * seconds). Handing pdf-lib the one parsed font of the process keeps that to once; each document still makes
 * its own subset of it, and nothing in a parsed font changes when text is laid out with it.
 */
const sharedFontkit = { create: (bytes: Uint8Array) => parse(bytes) } as unknown as typeof fontkit;

/** Text that needs shaping to print right: combining marks, joiners, variation selectors, emoji sequences. */
const NEEDS_SHAPING = /[\p{M}\u200c\u200d\u{FE00}-\u{FE0F}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;
const unshapedFonts = new WeakMap<fontkit.Font, fontkit.Font>();

/**
 * The parsed font with a layout that maps plain text straight to glyphs (the font's character map), without
 * OpenType shaping: about 200 times faster per string, at the cost of kerning. Text that needs shaping
 * still gets it. pdf-lib reads only the glyphs of a layout (to encode and to measure text).
 */
function unshaped(font: fontkit.Font): fontkit.Font {
  let plain = unshapedFonts.get(font);
  if (!plain) {
    plain = Object.create(font) as fontkit.Font;
    const layout = font.layout.bind(font);
    (plain as { layout: unknown }).layout = (text: string, features?: unknown) =>
      NEEDS_SHAPING.test(text)
        ? layout(text, features as never)
        : { glyphs: font.glyphsForString(text), positions: [] };
    unshapedFonts.set(font, plain);
  }
  return plain;
}
const unshapedFontkit = { create: (bytes: Uint8Array) => unshaped(parse(bytes)) } as unknown as typeof fontkit;

function fileOf(face: Face, style: FontStyle): Uint8Array {
  const name = FILES[face][style];
  let bytes = files.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(`@expo-google-fonts/${name}`));
    files.set(name, bytes);
  }
  return bytes;
}

/** Which characters a face has; read from its regular style (the styles of one family cover the same). */
function has(face: Face, codePoint: number): boolean {
  return parse(fileOf(face, "regular")).hasGlyphForCodePoint(codePoint);
}

interface Run {
  face: Face;
  text: string;
}

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  style?: FontStyle;
  color?: Color;
}

export interface PdfTextOptions {
  /**
   * False for documents of many short strings where speed matters more than fine typography (label sheets):
   * plain text is drawn without kerning or other OpenType shaping; text with marks, joiners or emoji sequences is still shaped.
   */
  kerning?: boolean;
}

/** The fonts of one PDF document. Make it with `pdfText`, which embeds what the given texts need. */
export class PdfText {
  private readonly embedded = new Map<string, PDFFont>();
  private readonly runs = new Map<string, Run[]>();
  /** Widths at size 1 of the words a document has measured, per style: wrapping measures each line word by word. */
  private readonly words = new Map<string, number>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly chain: Face[],
  ) {}

  static async create(
    doc: PDFDocument,
    family: FontFamily,
    styles: FontStyle[],
    texts: Iterable<string>,
    opts: PdfTextOptions = {},
  ): Promise<PdfText> {
    letGo.refresh();
    doc.registerFontkit(opts.kerning === false ? unshapedFontkit : sharedFontkit);
    const t = new PdfText(doc, CHAINS[family]);
    await t.ensure(texts, styles);
    return t;
  }

  /** Embeds the faces these texts need in these styles (the chain's first face always). */
  async ensure(texts: Iterable<string>, styles: FontStyle[]): Promise<void> {
    // The first face, and Noto Sans, which also draws the replacement character.
    const needed = new Set<Face>([this.chain[0]!, "sans"]);
    const seen = new Set<number>();
    for (const text of texts) {
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        if (seen.has(cp)) continue;
        seen.add(cp);
        const face = this.faceFor(cp);
        if (face) needed.add(face);
      }
    }
    for (const face of needed) {
      for (const style of styles) {
        const key = `${face}:${style}`;
        if (!this.embedded.has(key))
          this.embedded.set(key, await this.doc.embedFont(fileOf(face, style), { subset: true }));
      }
    }
  }

  private faceFor(codePoint: number): Face | undefined {
    return this.chain.find((f) => has(f, codePoint));
  }

  private font(face: Face, style: FontStyle): PDFFont | undefined {
    return this.embedded.get(`${face}:${style}`) ?? this.embedded.get(`${face}:regular`);
  }

  /** The text cut into runs of one face each; marks and joiners stay with the character before them. */
  private runsOf(text: string, style: FontStyle): { font: PDFFont; text: string }[] {
    const key = `${style}\u0000${text}`;
    let runs = this.runs.get(key);
    if (!runs) {
      runs = [];
      for (const ch of text.replace(/[\r\n\t]/g, " ").normalize("NFC")) {
        const cp = ch.codePointAt(0)!;
        const last = runs.at(-1);
        const attached = /\p{M}/u.test(ch) || INVISIBLE.test(ch);
        if (last && attached && has(last.face, cp)) {
          last.text += ch;
          continue;
        }
        const face = this.faceFor(cp);
        if (face && this.font(face, style)) {
          if (last?.face === face) last.text += ch;
          else runs.push({ face, text: ch });
        } else if (INVISIBLE.test(ch)) continue;
        else if (last?.face === "sans") last.text += REPLACEMENT;
        else runs.push({ face: "sans", text: REPLACEMENT });
      }
      this.runs.set(key, runs);
    }
    return runs.map((r) => ({ font: this.font(r.face, style)!, text: r.text }));
  }

  /**
   * The width of `text` as drawn. Shaping a string (kerning, ligatures) is the costly part of a PDF, and wrapping
   * measures a growing line once per word, so a line is measured as its words plus its spaces, each word shaped
   * once per document: nothing kerns or joins across a space.
   */
  width(text: string, size: number, style: FontStyle = "regular"): number {
    const parts = text.replace(/[\r\n\t]/g, " ").split(" ");
    let w = (parts.length - 1) * this.wordWidth(" ", style);
    for (const part of parts) if (part) w += this.wordWidth(part, style);
    return w * size;
  }

  private wordWidth(word: string, style: FontStyle): number {
    const key = `${style}\u0000${word}`;
    let w = this.words.get(key);
    if (w === undefined) {
      w = this.runsOf(word, style).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, 1), 0);
      this.words.set(key, w);
    }
    return w;
  }

  /** Draws one line of text from (x, y); returns its width, as `width` measures it (each word shaped once). */
  draw(page: PDFPage, text: string, opts: DrawOptions): number {
    let x = opts.x;
    const style = opts.style ?? "regular";
    for (const r of this.runsOf(text, style)) {
      page.drawText(r.text, {
        x,
        y: opts.y,
        size: opts.size,
        font: r.font,
        ...(opts.color ? { color: opts.color } : {}),
      });
      x += this.width(r.text, opts.size, style);
    }
    return x - opts.x;
  }
}

/** The fonts for one document, embedded for every character of `texts` in the given styles. */
export function pdfText(
  doc: PDFDocument,
  family: FontFamily,
  styles: FontStyle[],
  texts: Iterable<string>,
  opts?: PdfTextOptions,
): Promise<PdfText> {
  return PdfText.create(doc, family, styles, texts, opts);
}

/** Every string inside a value (objects, arrays), for `pdfText`'s list of what a document will print. */
export function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* stringsIn(v);
  else if (value && typeof value === "object" && !(value instanceof Uint8Array) && !(value instanceof Date))
    for (const v of Object.values(value)) yield* stringsIn(v);
}
