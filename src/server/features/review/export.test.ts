import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewNote } from "../../../common/review.ts";
import { parseTimecode, timebase, timecodeAt, type FrameRate } from "../../../common/timecode.ts";
import { reviewNotes } from "../../db/schema/index.ts";
import { unguardCell } from "../../lib/csv.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { signInAll } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { CSV_HEADER, markerText, notesCsv, notesEdl, notesPdf, oneLine, type ExportContext } from "./export.ts";
import { cutFixture } from "./test-fixture.ts";

/** An EDL's marker events read back as Resolve and Avid read them: one per event, with its two marker lines. */
function readEdl(text: string) {
  const lines = text.split("\r\n");
  const events: { n: number; in: string; out: string; colour: string; text: string; frames: number; loc: string }[] =
    [];
  for (let i = 0; i < lines.length; i++) {
    const e = /^(\d{3,})  001 {6}V {5}C {8}(\S+) (\S+) (\S+) (\S+)$/.exec(lines[i]!);
    if (!e) continue;
    const m = /^ \|C:(\S+) \|M:(.*) \|D:(\d+)$/.exec(lines[i + 1] ?? "");
    const loc = /^\* LOC: (\S+) (\S+) +(.*)$/.exec(lines[i + 2] ?? "");
    if (!m || !loc) throw new Error(`event ${e[1]} without its marker lines`);
    expect(e[2]).toBe(e[4]);
    expect(e[3]).toBe(e[5]);
    expect(loc[1]).toBe(e[2]);
    expect(loc[3]).toBe(m[2]);
    events.push({
      n: Number(e[1]),
      in: e[2]!,
      out: e[3]!,
      colour: m[1]!,
      text: m[2]!,
      frames: Number(m[3]),
      loc: loc[2]!,
    });
  }
  return { lines, events };
}

const RATES: FrameRate[] = [
  { num: 24, den: 1 },
  { num: 25, den: 1 },
  { num: 30, den: 1 },
  { num: 24000, den: 1001 },
  { num: 30000, den: 1001 },
  { num: 50, den: 1 },
];

// Bodies and names with what could break a line-based file: line breaks of every kind, tabs, pipes, quotes.
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\n", "\r", "\r\n", "\t", "|", '"', ",", ";", "=", "-", "\u2028", " ", "é", "ß", "🎬"),
    fc.string({ minLength: 1, maxLength: 3 }),
  ),
  maxLength: 60,
});
const noteArb = (withReplies: boolean): fc.Arbitrary<ReviewNote> =>
  fc
    .record({
      atMs: fc.integer({ min: 0, max: 3 * 3_600_000 }),
      span: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null }),
      authorName: text,
      guest: fc.boolean(),
      body: text,
      resolved: fc.boolean(),
      replies: withReplies ? fc.array(noteArb(false), { maxLength: 2 }) : fc.constant<ReviewNote[]>([]),
    })
    .map((r) => ({
      id: "00000000-0000-4000-8000-000000000000",
      versionId: "v",
      parentId: null,
      authorId: null,
      authorName: r.authorName,
      guest: r.guest,
      atMs: r.atMs,
      endMs: r.span === null ? null : r.atMs + r.span,
      body: r.body,
      drawing: null,
      resolvedAt: r.resolved ? "2026-01-01T00:00:00.000Z" : null,
      resolvedByName: null,
      carriedFromId: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      replies: r.replies,
    }));
const ctxArb: fc.Arbitrary<ExportContext> = fc.record({
  projectTitle: text,
  cutTitle: text,
  versionNumber: fc.integer({ min: 1, max: 99 }),
  fileName: fc.constant("cut.mp4"),
  rate: fc.constantFrom(...RATES),
  startTimecode: fc.constantFrom(null, "00:00:00:00", "01:00:00:00", "10:59:50:00"),
});
const notesArb = fc.array(noteArb(true), { maxLength: 12 });

describe("notes as markers (EDL)", () => {
  it("writes every note once, in order, on its frame, with no line a note could add", () => {
    fc.assert(
      fc.property(notesArb, ctxArb, (notes, ctx) => {
        const { lines, events } = readEdl(notesEdl(notes, ctx));
        // Title, FCM, a blank line, then four lines an event: a note's text cannot add one.
        expect(lines).toHaveLength(3 + 4 * notes.length);
        expect(lines[0]).toMatch(/^TITLE: [^\r\n]*$/);
        expect(events.map((e) => e.n)).toEqual(notes.map((_, i) => i + 1));
        events.forEach((e, i) => {
          const n = notes[i]!;
          expect(e.in).toBe(timecodeAt(n.atMs, ctx.rate, ctx.startTimecode));
          expect(parseTimecode(e.in, ctx.rate)).not.toBeNull();
          const out = parseTimecode(e.out, ctx.rate)!;
          const start = parseTimecode(e.in, ctx.rate)!;
          // Past midnight a timecode wraps, as it does in the editing software.
          const day = 24 * 3600 * timebase(ctx.rate);
          expect((out - start + day) % day).toBe(e.frames);
          expect(e.text).toBe(markerText(n));
          expect(e.text).not.toMatch(/[\r\n\t\u2028|]/);
          expect(e.text).toContain(oneLine(n.body).replace(/\|/g, "/"));
          expect(e.colour).toBe(n.resolvedAt ? "ResolveColorGreen" : "ResolveColorRed");
          expect(e.loc).toBe(n.resolvedAt ? "GREEN" : "RED");
        });
      }),
    );
  });

  it("reads a note's range as the marker's duration in frames", () => {
    const ctx: ExportContext = {
      projectTitle: "Red Line",
      cutTitle: "Rough cut",
      versionNumber: 2,
      fileName: "c.mp4",
      rate: { num: 25, den: 1 },
      startTimecode: "01:00:00:00",
    };
    const base = { replies: [], guest: false, resolvedAt: null, authorName: "Daniel Reyes" } as unknown as ReviewNote;
    const edl = notesEdl(
      [
        { ...base, atMs: 4480, endMs: null, body: "Point" },
        { ...base, atMs: 3000, endMs: 4200, body: "Range" },
      ],
      ctx,
    );
    expect(edl).toContain("001  001      V     C        01:00:04:12 01:00:04:13 01:00:04:12 01:00:04:13");
    expect(edl).toContain(" |C:ResolveColorRed |M:Daniel Reyes: Point |D:1");
    expect(edl).toContain("* LOC: 01:00:04:12 RED     Daniel Reyes: Point");
    expect(edl).toContain("002  001      V     C        01:00:03:00 01:00:04:05 01:00:03:00 01:00:04:05");
    expect(edl).toContain("|D:30");
  });
});

describe("notes as CSV", () => {
  it("writes a row a note, in order, that reads back to the same text and timecodes", () => {
    fc.assert(
      fc.property(notesArb, ctxArb, (notes, ctx) => {
        const rows = parse(notesCsv(notes, ctx), { bom: true, relax_column_count: false }) as string[][];
        expect(rows[0]).toEqual(CSV_HEADER);
        expect(rows).toHaveLength(notes.length + 1);
        rows.slice(1).forEach((row, i) => {
          const n = notes[i]!;
          const [tcIn, tcOut, author, body, status] = row.map(unguardCell);
          expect(tcIn).toBe(timecodeAt(n.atMs, ctx.rate, ctx.startTimecode));
          expect(tcOut).toBe(timecodeAt(n.endMs ?? n.atMs, ctx.rate, ctx.startTimecode));
          expect(parseTimecode(tcIn!, ctx.rate)).not.toBeNull();
          expect(author).toBe(n.guest ? `${n.authorName} (guest)` : n.authorName);
          expect(body).toBe(n.body);
          expect(status).toBe(n.resolvedAt ? "Resolved" : "Open");
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe("notes as PDF", () => {
  it("prints every note and reply", async () => {
    const ctx: ExportContext = {
      projectTitle: "Red Line",
      cutTitle: "Rough cut",
      versionNumber: 1,
      fileName: "c.mp4",
      rate: { num: 25, den: 1 },
      startTimecode: "01:00:00:00",
    };
    const base = { guest: false, resolvedAt: null, authorName: "Daniel Reyes", endMs: null } as unknown as ReviewNote;
    const pdf = await notesPdf(
      [
        {
          ...base,
          atMs: 1000,
          body: "Start on the hands.",
          replies: [{ ...base, authorName: "Lena Fischer", body: "Done in v2.", replies: [] }],
        },
        { ...base, atMs: 2000, body: "Müller's line is lost.", resolvedAt: "2026-01-01T00:00:00Z", replies: [] },
      ],
      ctx,
    );
    const text = (await pdfText(pdf)).join(" ");
    for (const s of ["Notes on Rough cut, version 1", "01:00:01:00", "Start on the hands.", "Reply: Lena Fischer"])
      expect(text).toContain(s);
    expect(text).toContain("Done in v2.");
    expect(text).toContain("Müller's line is lost.");
    expect(text).toContain("Resolved");
  });
});

describe.each(DB_KINDS)("notes exports through the API on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids } = await signInAll(p));
  });
  afterAll(() => p?.close());

  it("answers a version's notes as PDF, CSV and EDL that read back", async () => {
    const f = await cutFixture(p, ids.staff!);
    const [first] = await p.services.db
      .insert(reviewNotes)
      .values([
        { versionId: f.v1.id, authorId: ids.staff, authorName: "Daniel Reyes", atMs: 1000, body: "Start later." },
        {
          versionId: f.v1.id,
          authorName: "Ana Ruiz",
          atMs: 3000,
          endMs: 4200,
          body: "Music here,\nunder the bell | softly",
          resolvedAt: new Date(),
          resolvedByName: "Lena Fischer",
        },
      ])
      .returning();
    await p.services.db.insert(reviewNotes).values({
      versionId: f.v1.id,
      parentId: first!.id,
      authorId: ids.member,
      authorName: "Lena Fischer",
      atMs: 1000,
      body: "Trimmed.",
    });
    await p.services.db
      .insert(reviewNotes)
      .values({ versionId: f.v2.id, authorName: "Daniel Reyes", atMs: 500, body: "Only on v2." });

    const csv = await p.as("member").get(`/cut-versions/${f.v1.id}/notes.csv`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="rough-cut-v1-notes.csv"');
    const rows = parse(csv.text, { bom: true }) as string[][];
    expect(rows.slice(1)).toEqual([
      ["01:00:01:00", "01:00:01:00", "Daniel Reyes", "Start later.", "Open", "Lena Fischer: Trimmed."],
      ["01:00:03:00", "01:00:04:05", "Ana Ruiz", "Music here,\nunder the bell | softly", "Resolved", ""],
    ]);

    const edl = await p.as("outsider").get(`/cut-versions/${f.v1.id}/notes.edl`);
    expect(edl.status, edl.text).toBe(200);
    const { events } = readEdl(edl.text);
    expect(events.map((e) => [e.in, e.out, e.frames, e.text])).toEqual([
      ["01:00:01:00", "01:00:01:01", 1, "Daniel Reyes: Start later. / Reply from Lena Fischer: Trimmed."],
      ["01:00:03:00", "01:00:04:05", 30, "Ana Ruiz: Music here, under the bell / softly"],
    ]);
    expect(edl.text).not.toContain("Only on v2.");

    const pdf = await p.as("staff").get(`/cut-versions/${f.v1.id}/notes.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(pdf.bytes)).join(" ");
    for (const s of ["Rough cut", "01:00:01:00", "Start later.", "Trimmed.", "01:00:03:00 to 01:00:04:05", "Resolved"])
      expect(text).toContain(s);
  });
});
