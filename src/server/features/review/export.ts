/**
 * A version's notes for the editing room (issue 21): a PDF to read, a CSV for a spreadsheet, and an EDL of
 * markers that DaVinci Resolve ("Timeline Markers from EDL"), Avid Media Composer (its `* LOC:` locators) and
 * Premiere read. Every timecode goes through `common/timecode.ts`, so a note sits on the same frame in the
 * portal and in the editing software. The builders are pure; `exportNotes` reads the notes and calls one.
 */
import type { ReviewNote } from "../../../common/review.ts";
import { rateOf, timecodeAt, timebase, type FrameRate } from "../../../common/timecode.ts";
import type { Caller } from "../../auth/caller.ts";
import { csvDocument } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { renderPdf, type PdfRow } from "../../lib/pdf-table.ts";
import { versionFor, type S } from "./review-shared.ts";
import { listNotes } from "./notes.ts";

export interface ExportContext {
  projectTitle: string;
  cutTitle: string;
  versionNumber: number;
  fileName: string;
  rate: FrameRate;
  startTimecode: string | null;
}

export const EXPORT_FORMATS = ["pdf", "csv", "edl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const tc = (ms: number, ctx: ExportContext) => timecodeAt(ms, ctx.rate, ctx.startTimecode);
const status = (n: ReviewNote) => (n.resolvedAt ? "Resolved" : "Open");
const author = (n: ReviewNote) => (n.guest ? `${n.authorName} (guest)` : n.authorName);

/** One line of text: no line break, tab or other control character can start a new line or field of a file. */
export const oneLine = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

export const CSV_HEADER = ["Timecode in", "Timecode out", "Author", "Note", "Status", "Replies"];

export function notesCsv(notes: ReviewNote[], ctx: ExportContext): string {
  return csvDocument([
    CSV_HEADER,
    ...notes.map((n) => [
      tc(n.atMs, ctx),
      tc(n.endMs ?? n.atMs, ctx),
      author(n),
      n.body,
      status(n),
      n.replies.map((r) => `${author(r)}: ${r.body}`).join("\n"),
    ]),
  ]);
}

/** Resolve's marker colours and Avid's locator colours, by the note's state: open notes stand out in red. */
const COLOURS = { open: ["ResolveColorRed", "RED"], resolved: ["ResolveColorGreen", "GREEN"] } as const;

/** The marker's text: who, what, and the replies, on one line; `|` would end Resolve's field, so it is a slash. */
export const markerText = (n: ReviewNote) =>
  oneLine(
    [`${author(n)}: ${n.body}`, ...n.replies.map((r) => `Reply from ${author(r)}: ${r.body}`)].join(" / "),
  ).replace(/\|/g, "/");

/**
 * A CMX3600 EDL with one event per note: the event's record in and out are the note's frame (or range), and the
 * marker lines after it are Resolve's (`|C: |M: |D:`, as Resolve writes its own marker EDLs) and Avid's locator.
 */
export function notesEdl(notes: ReviewNote[], ctx: ExportContext): string {
  const frameMs = (1000 * ctx.rate.den) / ctx.rate.num;
  const lines = [
    `TITLE: ${oneLine(`${ctx.projectTitle} - ${ctx.cutTitle} v${ctx.versionNumber}`).slice(0, 70)}`,
    "FCM: NON-DROP FRAME",
    "",
  ];
  notes.forEach((n, i) => {
    const inTc = tc(n.atMs, ctx);
    const frames = Math.max(1, n.endMs === null ? 1 : Math.round((n.endMs - n.atMs) / frameMs));
    const outTc = tc(n.atMs + frames * frameMs, ctx);
    const [resolveColour, avidColour] = COLOURS[n.resolvedAt ? "resolved" : "open"];
    const text = markerText(n);
    lines.push(
      `${String(i + 1).padStart(3, "0")}  001      V     C        ${inTc} ${outTc} ${inTc} ${outTc}`,
      ` |C:${resolveColour} |M:${text} |D:${frames}`,
      `* LOC: ${inTc} ${avidColour.padEnd(7)} ${text}`,
      "",
    );
  });
  return lines.join("\r\n");
}

export async function notesPdf(notes: ReviewNote[], ctx: ExportContext): Promise<Uint8Array> {
  const open = notes.filter((n) => !n.resolvedAt).length;
  const rows: PdfRow[] = [{ cells: ["Timecode", "Author", "Note", "Status"], bold: true }];
  for (const n of notes) {
    const at = n.endMs === null ? tc(n.atMs, ctx) : `${tc(n.atMs, ctx)} to ${tc(n.endMs, ctx)}`;
    rows.push({ cells: [at, author(n), n.body, status(n)] });
    for (const r of n.replies) rows.push({ cells: ["", `Reply: ${author(r)}`, r.body, ""] });
  }
  return renderPdf({
    title: `Notes on ${ctx.cutTitle}, version ${ctx.versionNumber}`,
    facts: [
      ["Project", ctx.projectTitle],
      ["Cut", ctx.cutTitle],
      ["Version", `v${ctx.versionNumber} (${ctx.fileName})`],
      ["Frame rate", `${timebase(ctx.rate)} frames to the timecode second`],
      ["Notes", `${notes.length} (${open} open, ${notes.length - open} resolved)`],
    ],
    sections: [{ heading: "Notes", widths: [1.4, 1.6, 5, 1], rows }],
  });
}

const slug = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .toLowerCase()
    .slice(0, 60) || "cut";

/** A version's notes in one format, for anyone who may read the project. */
export async function exportNotes(
  s: S,
  opts: { caller: Caller; versionId: string; format: string },
): Promise<{ fileName: string; contentType: string; body: string | Uint8Array }> {
  const format = opts.format as ExportFormat;
  if (!EXPORT_FORMATS.includes(format))
    throw new AppError("not_found", "Notes export as notes.pdf, notes.csv or notes.edl.");
  const { version, cut, access } = await versionFor(s.db, opts.caller, opts.versionId);
  const notes = await listNotes(s, version.id);
  const ctx: ExportContext = {
    projectTitle: access.project.title,
    cutTitle: cut.title,
    versionNumber: version.number,
    fileName: version.fileName,
    rate: rateOf(version),
    startTimecode: version.startTimecode,
  };
  const base = `${slug(cut.title)}-v${version.number}-notes`;
  if (format === "csv")
    return { fileName: `${base}.csv`, contentType: "text/csv; charset=utf-8", body: notesCsv(notes, ctx) };
  if (format === "edl")
    return { fileName: `${base}.edl`, contentType: "text/plain; charset=utf-8", body: notesEdl(notes, ctx) };
  return { fileName: `${base}.pdf`, contentType: "application/pdf", body: await notesPdf(notes, ctx) };
}
