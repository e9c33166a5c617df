import { createHash } from "node:crypto";
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { TEMPLATE_INFO, type SignerRole, type TemplateKey } from "../../../common/documents.ts";
import { AppError } from "../../lib/errors.ts";
import { pdfText, stringsIn, type FontStyle, type PdfText } from "../../lib/pdf-fonts.ts";
import { wrap } from "../../lib/pdf-table.ts";
import { saveSigned, type PdfSigner } from "./pades.ts";
import { drawFields, type SealField } from "./pdf-fields.ts";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/** Writes top-down on pages of one document, adding a page when the current one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    readonly fonts: PdfText,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  need(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  text(text: string, opts: { size?: number; style?: FontStyle; color?: typeof INK; gap?: number } = {}) {
    const size = opts.size ?? 10.5;
    const style = opts.style ?? "regular";
    const width = A4.width - 2 * MARGIN;
    for (const l of wrap((t) => this.fonts.width(t, size, style), text.replace(/[\r\t]/g, " "), width)) {
      this.need(size * 1.4);
      this.fonts.draw(this.page, l, { x: MARGIN, y: this.y - size, size, style, color: opts.color ?? INK });
      this.y -= size * 1.4;
    }
    this.y -= opts.gap ?? 6;
  }
  rule() {
    this.need(12);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 12;
  }
}

const STYLES: FontStyle[] = ["regular", "bold", "italic"];

/** A new document with fonts for every character of what it will print. */
async function newDocument(title: string, prints: unknown) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("The Portal");
  doc.setCreator("The Portal");
  const fonts = await pdfText(doc, "sans", STYLES, stringsIn([title, prints]));
  return { doc, fonts };
}

// ── Templates ────────────────────────────────────────────────────────────────────────────────────

export interface TemplateData {
  schoolName: string;
  projectTitle: string;
  producers: string[];
  directors: string[];
  supervisor: string | null;
  shootStart: string | null;
  shootEnd: string | null;
  locations: string[];
  party: string;
  detail: string;
  date: string;
}

const blank = (v: string) => v || "______________________________";
const list = (v: string[]) => (v.length ? v.join(", ") : "______________________________");
const shootDates = (d: TemplateData) =>
  d.shootStart
    ? d.shootEnd && d.shootEnd !== d.shootStart
      ? `${d.shootStart} to ${d.shootEnd}`
      : d.shootStart
    : "to be scheduled";

function templateBody(key: TemplateKey, d: TemplateData): { intro: string[]; clauses: string[]; signers: string[] } {
  const production = `“${d.projectTitle}”, a student production of ${d.schoolName}`;
  switch (key) {
    case "location_release":
      return {
        intro: [
          `Location: ${blank(d.detail)}`,
          `Owner or authorised person: ${blank(d.party)}`,
          `Shoot dates: ${shootDates(d)}`,
          `Producer(s): ${list(d.producers)}`,
        ],
        clauses: [
          `1. The owner grants the production ${production}, permission to enter the location above with cast, crew and equipment on the shoot dates, and to photograph and record it.`,
          "2. The production may use the recordings in the film, its promotion and the school's teaching and festival submissions, in any medium, without time limit.",
          "3. The production will leave the location as it found it and is responsible for any damage it causes; the school's insurance covers its students' productions.",
          "4. The owner confirms that they have the right to grant this permission.",
        ],
        signers: [`Owner: ${blank(d.party)}`, `Producer: ${list(d.producers)}`],
      };
    case "talent_release":
      return {
        intro: [
          `Performer: ${blank(d.party)}`,
          `Role: ${blank(d.detail)}`,
          `Director(s): ${list(d.directors)}`,
          `Shoot dates: ${shootDates(d)}`,
        ],
        clauses: [
          `1. The performer agrees to be filmed and recorded for ${production}, and grants the production the right to use their image, voice and performance in the film.`,
          "2. The film may be shown at festivals, in the school's teaching and showcases, online and in its promotion, without time limit and without further payment.",
          "3. The performer will be credited by the name above unless they ask otherwise in writing.",
          "4. The performer may ask for a copy of the finished film.",
        ],
        signers: [`Performer: ${blank(d.party)}`, `Producer: ${list(d.producers)}`],
      };
    case "minor_consent":
      return {
        intro: [
          `Minor: ${blank(d.detail)}`,
          `Parent or legal guardian: ${blank(d.party)}`,
          `Shoot dates: ${shootDates(d)}`,
          `Supervisor: ${d.supervisor ?? "to be named"}`,
        ],
        clauses: [
          `1. As the parent or legal guardian of the minor named above, I consent to their taking part in ${production}.`,
          "2. I grant the production the right to use the minor's image, voice and performance in the film, its festival and teaching screenings and its promotion, without time limit.",
          "3. A parent, guardian or a chaperone named by me will be present whenever the minor is on set; working hours follow the law that applies to minors.",
          "4. I may withdraw this consent for future shoot days at any time by telling the producer in writing.",
        ],
        signers: [`Parent or guardian: ${blank(d.party)}`, `Producer: ${list(d.producers)}`],
      };
    case "crew_deal_memo":
      return {
        intro: [
          `Crew member: ${blank(d.party)}`,
          `Position and fee: ${blank(d.detail)}`,
          `Shoot dates: ${shootDates(d)}`,
          `Locations: ${list(d.locations)}`,
        ],
        clauses: [
          `1. The crew member will work on ${production}, in the position above, on the shoot dates and the preparation days agreed with the producer.`,
          "2. The fee, if any, is paid within 30 days of the last shoot day; expenses are paid only when agreed in advance.",
          "3. The crew member will be credited in the film in the position above.",
          "4. The production owns the results of the work for use in the film, its festival and teaching screenings and its promotion.",
        ],
        signers: [`Crew member: ${blank(d.party)}`, `Producer: ${list(d.producers)}`],
      };
  }
}

/** A release or deal memo filled from the project's data, ready to be sent for signature. */
export async function renderTemplate(key: TemplateKey, d: TemplateData): Promise<Uint8Array> {
  const label = TEMPLATE_INFO[key].label;
  const { doc, fonts } = await newDocument(`${label} — ${d.projectTitle}`, [d, templateBody(key, d)]);
  const w = new Writer(doc, fonts);
  w.text(d.schoolName, { size: 10, color: MUTED });
  w.text(label, { size: 20, style: "bold", gap: 4 });
  w.text(`Production: ${d.projectTitle}`, { size: 12, gap: 14 });
  for (const line of templateBody(key, d).intro) w.text(line);
  w.rule();
  for (const clause of templateBody(key, d).clauses) w.text(clause, { gap: 10 });
  w.y -= 10;
  w.text(`Date: ${d.date}`, { color: MUTED, gap: 16 });
  for (const s of templateBody(key, d).signers) {
    w.need(60);
    w.y -= 30;
    w.rule();
    w.text(s, { size: 9.5, color: MUTED });
  }
  w.text(
    "Signed electronically through The Portal; the signatures and an audit certificate are added to this document when everyone has signed.",
    { size: 8.5, color: MUTED },
  );
  return doc.save();
}

/** A plain document of headed paragraphs (the demo school's call sheets, permits and the like). */
export async function renderPlainDocument(opts: {
  schoolName: string;
  title: string;
  paragraphs: string[];
}): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(opts.title, opts);
  const w = new Writer(doc, fonts);
  w.text(opts.schoolName, { size: 10, color: MUTED });
  w.text(opts.title, { size: 18, style: "bold", gap: 12 });
  for (const p of opts.paragraphs) w.text(p, { gap: 10 });
  return doc.save();
}

// ── Sealing ──────────────────────────────────────────────────────────────────────────────────────

export interface SealSigner {
  name: string;
  email: string;
  role: SignerRole;
  signatureKind: "drawn" | "typed" | null;
  signatureValue: string | null;
  ip: string | null;
  userAgent: string | null;
  viewedAt: Date | null;
  signedAt: Date | null;
}

export interface SealInput {
  original: Uint8Array;
  title: string;
  submissionId: string;
  senderName: string;
  sentAt: Date;
  signers: SealSigner[];
  /** Fields placed on the pages: drawn where they were, instead of a signature page at the end. */
  fields?: SealField[];
  /** The school's certificate: the sealed file carries a PDF digital signature made with it. */
  sealer: PdfSigner & { fingerprint: string };
  /** When it was sealed: the signature's signing time. */
  sealedAt: Date;
}

export interface Sealed {
  bytes: Uint8Array;
  pages: number;
  originalSha256: string;
  /** The original with its signature page, before the certificate that names this hash. */
  signedSha256: string;
  /** SHA-256 of the delivered file's bytes (digitally signed): kept with the version, in the activity and the e-mail. */
  sha256: string;
}

const utc = (d: Date | null) => (d ? `${d.toISOString().replace("T", " ").slice(0, 19)} UTC` : "—");

/** How many pages a PDF has; a file pdf-lib cannot read is refused with a message, never a 500. */
export async function countPages(bytes: Uint8Array): Promise<number> {
  return (await loadPdf(bytes)).getPageCount();
}

/** Each page's size in points, for checking where fields were placed. */
export async function pageSizes(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  return (await loadPdf(bytes)).getPages().map((p) => p.getSize());
}

async function loadPdf(bytes: Uint8Array) {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    throw new AppError(
      "bad_request",
      "This PDF cannot be read (it may be damaged or password-protected), so it cannot be signed here.",
      undefined,
      { cause: err },
    );
  }
}

/**
 * The sealed PDF: the original pages with each field drawn where it was placed (or, with no fields, a
 * signature page with each signature), then an audit certificate
 * naming every signer's address, browser and times, the SHA-256 of the original and of the signed
 * document it certifies, and the sealing certificate's fingerprint; then the whole file is digitally signed
 * (PAdES baseline B-B: a `/ByteRange` and a detached CAdES CMS) with the school's certificate. The final file's own hash cannot be
 * printed inside it (printing it would change it); it is stored with the version, in the activity and sent in
 * the e-mail, and anyone recomputes it with `sha256sum` on the file as delivered.
 */
export async function sealDocument(input: SealInput): Promise<Sealed> {
  const originalSha256 = sha256(input.original);
  const doc = await loadPdf(input.original);
  const fields = input.fields ?? [];
  const texts = [...stringsIn([input.title, input.senderName, input.signers, fields.map((f) => f.value)])];
  const fonts = await pdfText(doc, "sans", STYLES, texts);
  const signing = input.signers.filter((s) => s.role !== "copy");

  if (fields.length > 0) await drawFields(doc, fonts, fields);
  else await signaturePage(doc, new Writer(doc, fonts), input.title, signing);
  const signed = await doc.save();
  const signedSha256 = sha256(signed);

  // Saving finalises a document's font subsets: text added afterwards with a letter outside Latin-1 (Kovač,
  // Łukasz) broke the second save. The certificate is written on the signed document as saved, with fonts of its
  // own, starting a page of its own.
  const sealed = await loadPdf(signed);
  const certificateFonts = await pdfText(sealed, "sans", STYLES, texts);
  return certify(sealed, new Writer(sealed, certificateFonts), input, { originalSha256, signedSha256 });
}

/** The signatures one under another on a page after the document's own, when no fields were placed. */
async function signaturePage(doc: PDFDocument, w: Writer, title: string, signing: SealSigner[]) {
  w.text("Signatures", { size: 18, style: "bold", gap: 4 });
  w.text(title, { size: 11, color: MUTED, gap: 16 });
  for (const s of signing) {
    w.need(120);
    const top = w.y;
    if (s.signatureKind === "drawn" && s.signatureValue) {
      const png = await doc.embedPng(Buffer.from(s.signatureValue.split(",")[1] ?? "", "base64"));
      const scale = Math.min(220 / png.width, 70 / png.height, 1);
      w.page.drawImage(png, { x: MARGIN, y: top - 72, width: png.width * scale, height: png.height * scale });
    } else if (s.signatureValue) {
      w.fonts.draw(w.page, s.signatureValue, { x: MARGIN, y: top - 48, size: 26, style: "italic", color: INK });
    }
    w.y = top - 78;
    w.rule();
    w.text(`${s.name} (${s.email}) — ${s.role === "approver" ? "approved" : "signed"} ${utc(s.signedAt)}`, {
      size: 9.5,
    });
    w.y -= 14;
  }
}

async function certify(
  doc: PDFDocument,
  w: Writer,
  input: SealInput,
  hashes: { originalSha256: string; signedSha256: string },
): Promise<Sealed> {
  const { originalSha256, signedSha256 } = hashes;
  w.text("Audit certificate", { size: 18, style: "bold", gap: 4 });
  w.text(input.title, { size: 11, color: MUTED, gap: 12 });
  w.text(`Signature request ${input.submissionId}, sent by ${input.senderName} on ${utc(input.sentAt)}.`);
  w.text(`SHA-256 of the original document: ${originalSha256}`, { size: 9 });
  w.text(`SHA-256 of the signed document (all pages before this certificate): ${signedSha256}`, { size: 9, gap: 12 });
  for (const s of input.signers) {
    w.need(90);
    w.rule();
    w.text(`${s.name} <${s.email}>`, { style: "bold", gap: 2 });
    if (s.role === "copy") {
      w.text("Received a copy; did not sign.", { size: 9.5 });
      continue;
    }
    w.text(
      `Role: ${s.role === "approver" ? "approver" : "signer"}; signature ${s.signatureKind === "drawn" ? "drawn on screen" : "typed"}`,
      { size: 9.5, gap: 2 },
    );
    w.text(`Viewed: ${utc(s.viewedAt)}   Signed: ${utc(s.signedAt)}`, { size: 9.5, gap: 2 });
    const placed = (input.fields ?? []).filter((f) => f.signer === s.email);
    if (placed.length)
      w.text(`Filled in place: ${placed.map((f) => `${f.kind} on page ${f.page}`).join(", ")}`, { size: 9.5, gap: 2 });
    w.text(`IP address: ${s.ip ?? "unknown"}`, { size: 9.5, gap: 2 });
    w.text(`Browser: ${s.userAgent ?? "unknown"}`, { size: 8.5 });
  }
  w.y -= 8;
  w.rule();
  w.text("How to check this document", { style: "bold", gap: 2 });
  w.text(
    `This file carries a PDF digital signature (PAdES baseline B-B, ETSI EN 319 142-1) made by ${input.sealer.name} with the certificate of SHA-256 fingerprint ${input.sealer.fingerprint}. A PDF reader shows it in its signature panel, and says whether the file changed after it was signed.`,
    { size: 8.5, gap: 4 },
  );
  w.text(
    "The SHA-256 of this whole file as delivered is recorded in the production's activity and in the e-mail that delivered it (a file cannot hold its own hash); recompute it with `sha256sum` or `shasum -a 256` and compare. The hashes above name the original and the signed pages before this certificate.",
    { size: 8.5, gap: 4 },
  );
  w.text(
    "Each signer opened the document through a personal link sent to their e-mail address (or shown to them in person), agreed to sign electronically, and signed.",
    { size: 8.5, color: MUTED },
  );
  doc.setSubject(`Sealed by The Portal; signed document SHA-256 ${signedSha256}`);
  const pages = doc.getPageCount();
  const bytes = await saveSigned(doc, input.sealer, input.sealedAt);
  return { bytes, pages, originalSha256, signedSha256, sha256: sha256(bytes) };
}
