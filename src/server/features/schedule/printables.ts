/**
 * What a 1st AD prints from the schedule (issue 20): a breakdown sheet per scene, in the industry layout, and the
 * one-liner (the shoot by day, a strip a line). Neither prints a contact, so both read the same for every reader.
 */
import { asc, eq } from "drizzle-orm";
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { formatDate, type DateFormats } from "../../../common/datetime.ts";
import { castIds, castIdsOf, type StripDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { bannerLine, formatDuration, mergeLane } from "../../../common/banners.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { numberScenes } from "../../../common/screenplay/numbering.ts";
import { BREAKDOWN_CATEGORIES, CATEGORY_LABELS } from "../../../common/screenplay/breakdown.ts";
import type { SceneReport } from "../../../common/screenplay/report.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { breakdownElements } from "../../db/schema/index.ts";
import { pdfText, stringsIn, type PdfText } from "../../lib/pdf-fonts.ts";
import { renderPdf, wrap, type PdfSection } from "../../lib/pdf-table.ts";
import { getSchoolSettings } from "../school/service.ts";
import { assemble, boardRow, chosen, projectOf, projectScreenplays } from "./scenes.ts";
import type { S } from "./shared.ts";

type Opts = { caller: Caller; projectId: string };
export interface Printed {
  fileName: string;
  bytes: Uint8Array;
}

async function boardParts(db: DbOrTx, opts: Opts) {
  const project = await projectOf(db, opts.caller, opts.projectId);
  const [board, list] = await Promise.all([boardRow(db, project.id), projectScreenplays(db, project.id)]);
  const sp = chosen(list, board?.board.screenplayId);
  const { days, scenes, appearance } = await assemble(db, project.id, sp, board?.board.estimates);
  return { project, sp, days, scenes, ids: castIds(appearance, board?.board.castOrder ?? null) };
}

/** "1. ANNA": a character with the cast ID the stripboard prints, or the name alone without one. */
export const castLine = (name: string, ids: Record<string, number>) =>
  ids[name] !== undefined ? `${ids[name]}. ${name}` : name;

/** Each scene's synopsis (a Fountain "= …" line), else its first line of action: what a sheet's description says. */
export function sceneDescriptions(body: string, locked: string[] | null): Map<string, string> {
  const { elements } = parseFountain(body);
  const { numbers } = numberScenes(
    elements.filter((e) => e.type === "scene_heading"),
    locked,
  );
  const out = new Map<string, { synopsis?: string; action?: string }>();
  let k = -1;
  for (const e of elements) {
    if (e.type === "scene_heading") k++;
    const number = numbers[k];
    if (number === undefined) continue;
    const seen = out.get(number) ?? {};
    if (e.type === "synopsis" && !seen.synopsis) seen.synopsis = e.text.trim();
    if (e.type === "action" && !seen.action && e.text.trim()) seen.action = e.text.trim().split("\n")[0]!;
    out.set(number, seen);
  }
  return new Map([...out].map(([n, d]) => [n, d.synopsis || d.action || ""]));
}

// ── Breakdown sheets ─────────────────────────────────────────────────────────────────────────────

interface Sheet {
  scene: SceneReport;
  description: string;
  boxes: { title: string; items: string[] }[];
}

export async function breakdownSheetsPdf(s: Pick<S, "db">, opts: Opts): Promise<Printed> {
  const { project, sp, scenes, ids } = await boardParts(s.db, opts);
  const tags = sp
    ? await s.db
        .select()
        .from(breakdownElements)
        .where(eq(breakdownElements.screenplayId, sp.id))
        .orderBy(asc(breakdownElements.createdAt), asc(breakdownElements.id))
    : [];
  const descriptions = sp ? sceneDescriptions(sp.body, sp.lockedScenes ?? null) : new Map<string, string>();
  const sheets: Sheet[] = [...scenes.values()].map((scene) => {
    const mine = tags.filter((t) => t.sceneNumber === scene.number);
    const named = (category: string) => mine.filter((t) => t.category === category).map((t) => t.name);
    // The speaking characters by cast ID, then cast tagged by hand who do not speak (matched to an ID by name).
    const speaking = [...scene.characters].sort((a, b) => (ids[a] ?? Infinity) - (ids[b] ?? Infinity));
    const upper = new Set(speaking.map((n) => n.toUpperCase()));
    const tagged = named("cast").filter((n) => !upper.has(n.toUpperCase()));
    const byUpper = new Map(Object.keys(ids).map((n) => [n.toUpperCase(), n]));
    const cast = [
      ...speaking.map((n) => castLine(n, ids)),
      ...tagged.map((n) => castLine(byUpper.get(n.toUpperCase()) ?? n, ids)),
    ];
    return {
      scene,
      description: descriptions.get(scene.number) ?? "",
      boxes: BREAKDOWN_CATEGORIES.map((c) => ({
        title: CATEGORY_LABELS[c],
        items: c === "cast" ? cast : named(c),
      })),
    };
  });
  const bytes = await drawSheets(project.title, sheets);
  return { fileName: "breakdown-sheets.pdf", bytes };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const SIZE = 9;
const LINE = 12;
const INK = rgb(0.1, 0.1, 0.1);
const RULE = rgb(0.55, 0.55, 0.55);

async function drawSheets(projectTitle: string, sheets: Sheet[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Breakdown sheets: ${projectTitle}`);
  doc.setProducer("The Portal");
  const fonts = await pdfText(
    doc,
    "sans",
    ["regular", "bold"],
    [projectTitle, "Breakdown sheet", ...stringsIn(sheets)],
  );
  if (!sheets.length) {
    const page = doc.addPage(A4);
    fonts.draw(page, `Breakdown sheets: ${projectTitle}`, {
      x: MARGIN,
      y: A4[1] - MARGIN - 16,
      size: 16,
      style: "bold",
    });
    fonts.draw(page, "The schedule has no screenplay with scenes yet.", {
      x: MARGIN,
      y: A4[1] - MARGIN - 40,
      size: 11,
    });
  }
  sheets.forEach((sheet, i) => drawSheet(doc, fonts, projectTitle, sheet, `${i + 1} of ${sheets.length}`));
  return doc.save();
}

/** One scene's sheet: the header boxes, the description, then the category boxes two across. */
function drawSheet(doc: PDFDocument, fonts: PdfText, projectTitle: string, sheet: Sheet, of: string) {
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (s: string, x: number, at: number, bold = false, size = SIZE) =>
    fonts.draw(page, s, { x, y: at, size, style: bold ? "bold" : "regular", color: INK });
  const box = (x: number, top: number, w: number, h: number) =>
    page.drawRectangle({ x, y: top - h, width: w, height: h, borderColor: RULE, borderWidth: 0.75 });
  const head = () => {
    text(projectTitle, MARGIN, y - 10);
    const right = `Breakdown sheet ${of}`;
    text(right, MARGIN + width - fonts.width(right, SIZE), y - 10);
    y -= 22;
  };
  head();
  const { scene } = sheet;
  text(`Scene ${scene.number}`, MARGIN, y - 16, true, 18);
  y -= 30;
  const cells: [string, string, number][] = [
    ["Scene", scene.number, 1],
    ["INT/EXT", scene.intExt || "–", 1],
    ["Set", scene.location || scene.heading, 4],
    ["Day/Night", scene.timeOfDay || (scene.night ? "NIGHT" : "DAY"), 1.4],
    ["Pages", formatPages(scene.eighths).replace(/ pages?$/, ""), 1],
  ];
  const sum = cells.reduce((n, c) => n + c[2], 0);
  const lines = cells.map(([, v, w]) => wrap((t) => fonts.width(t, 11, "bold"), v, (w / sum) * width - 8));
  const h = 18 + 14 * Math.max(...lines.map((l) => l.length));
  let x = MARGIN;
  cells.forEach(([label, , w], i) => {
    const cw = (w / sum) * width;
    box(x, y, cw, h);
    text(label.toUpperCase(), x + 4, y - 10, false, 7);
    lines[i]!.forEach((l, j) => text(l, x + 4, y - 24 - 14 * j, true, 11));
    x += cw;
  });
  y -= h + 8;
  const desc = wrap((t) => fonts.width(t, SIZE), sheet.description || "No description in the script.", width - 8);
  const dh = 16 + LINE * desc.length;
  box(MARGIN, y, width, dh);
  text("DESCRIPTION", MARGIN + 4, y - 10, false, 7);
  desc.forEach((l, j) => text(l, MARGIN + 4, y - 22 - LINE * j));
  y -= dh + 8;
  const colW = (width - 8) / 2;
  const bodies = sheet.boxes.map((b) =>
    (b.items.length ? b.items : ["–"]).flatMap((item) => wrap((t) => fonts.width(t, SIZE), item, colW - 8)),
  );
  for (let k = 0; k < sheet.boxes.length; k += 2) {
    const pair = [k, k + 1].filter((j) => j < sheet.boxes.length);
    const bh = 20 + LINE * Math.max(2, ...pair.map((j) => bodies[j]!.length));
    // A box that no longer fits continues the sheet on another page, headed again, rather than being cut.
    if (y - bh < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      head();
      text(`Scene ${scene.number} (continued)`, MARGIN, y - 12, true, 12);
      y -= 24;
    }
    pair.forEach((j, col) => {
      const bx = MARGIN + col * (colW + 8);
      box(bx, y, colW, bh);
      text(sheet.boxes[j]!.title.toUpperCase(), bx + 4, y - 12, true, 8);
      bodies[j]!.forEach((l, n) => text(l, bx + 4, y - 26 - LINE * n));
    });
    y -= bh + 8;
  }
}

// ── The one-liner ────────────────────────────────────────────────────────────────────────────────

const pagesOf = (eighths: number) => formatPages(eighths).replace(/ pages?$/, "");

export async function oneLinerPdf(s: Pick<S, "db">, opts: Opts): Promise<Printed> {
  const { project, sp, days, ids } = await boardParts(s.db, opts);
  const f: DateFormats = await getSchoolSettings(s.db);
  const total = days.reduce((n, d) => n + d.eighths, 0);
  const sections: PdfSection[] = days.map((d) => ({
    heading: [`Day ${d.number}`, formatDate(d.date, f, { style: "long", weekday: true }), d.location]
      .filter(Boolean)
      .join(" · "),
    widths: [1, 1, 6, 1.5, 1.2, 1.6, 2.5],
    rows: [
      { cells: ["Scene", "I/E", "Set", "D/N", "Pages", "Est.", "Cast"], bold: true },
      // Banners (notes, company moves, meal breaks) print where they stand among the strips.
      ...mergeLane<StripDto, (typeof d.banners)[number]>(d.strips, d.banners).map((st) =>
        "kind" in st
          ? { cells: ["", "", bannerLine(st), "", "", st.minutes ? formatDuration(st.minutes) : "", ""], bold: true }
          : {
              cells: st.omitted
                ? [st.number, "", `${st.heading} (omitted)`, "", "", "", ""]
                : [
                    st.number,
                    st.intExt,
                    st.location || st.heading,
                    st.timeOfDay,
                    pagesOf(st.eighths),
                    formatDuration(st.minutes),
                    castIdsOf(st.cast, ids),
                  ],
            },
      ),
      {
        cells: [
          `End of day ${d.number}`,
          "",
          `${d.totals.scenes} ${d.totals.scenes === 1 ? "scene" : "scenes"}${
            d.totals.length !== null ? ` · call to wrap ${formatDuration(d.totals.length)}` : ""
          }`,
          "",
          pagesOf(d.eighths),
          formatDuration(d.totals.minutes),
          "",
        ],
        bold: true,
      },
    ],
  }));
  const legend = Object.entries(ids).sort((a, b) => a[1] - b[1]);
  const bytes = await renderPdf({
    title: `One-liner: ${project.title}`,
    facts: [
      ["Screenplay", sp?.title ?? "None attached"],
      ["Shoot days", String(days.length)],
      ["Pages scheduled", formatPages(total)],
    ],
    sections: [
      ...sections,
      ...(legend.length
        ? [
            {
              heading: "Cast IDs",
              widths: [1, 8],
              rows: legend.map(([name, id]) => ({ cells: [String(id), name] })),
            },
          ]
        : []),
    ],
  });
  return { fileName: "one-liner.pdf", bytes };
}
