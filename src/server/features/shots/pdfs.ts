import { eq } from "drizzle-orm";
import { PDFDocument, rgb, type PDFImage, type PDFPage } from "pdf-lib";
import {
  formatMinutes,
  SHOT_ANGLE_LABELS,
  SHOT_MOVEMENT_LABELS,
  shotCamera,
  type ShotDto,
  type ShotSceneDto,
} from "../../../common/shots.ts";
import type { Caller } from "../../auth/caller.ts";
import { pdfText, stringsIn } from "../../lib/pdf-fonts.ts";
import { renderPdf, wrap } from "../../lib/pdf-table.ts";
import { storageFor } from "../../lib/storage.ts";
import { readShots } from "./shots.ts";
import { type S } from "./shared.ts";
import { shots as shotsTable } from "../../db/schema/index.ts";

type Opts = { caller: Caller; projectId: string };

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "project";

/** The shot list as a table per scene, the way a first AD prints it for the day. */
export async function shotListPdf(s: Pick<S, "db">, opts: Opts) {
  const { title, shots: dto } = await readShots(s, opts);
  const scenes = dto.scenes.filter((sc) => sc.shots.length > 0);
  const bytes = await renderPdf({
    title: `Shot list: ${title}`,
    facts: [
      ["Screenplay", dto.screenplayTitle ?? "None yet"],
      ["Shots", String(scenes.reduce((n, sc) => n + sc.shots.length, 0))],
      ["Setup time", formatMinutes(scenes.reduce((n, sc) => n + sc.setupMinutes, 0))],
    ],
    sections: scenes.map((sc) => ({
      heading: `Scene ${sc.number}. ${sc.heading}`,
      widths: [1, 1.1, 1.5, 1.5, 0.8, 5, 1, 0.8],
      rows: [
        { cells: ["Shot", "Size", "Angle", "Movement", "Lens", "Description", "Setup", "Done"], bold: true },
        ...sc.shots.map((sh) => ({
          cells: [
            sh.number,
            sh.size,
            SHOT_ANGLE_LABELS[sh.angle],
            SHOT_MOVEMENT_LABELS[sh.movement],
            sh.lens ? `${sh.lens} mm` : "",
            sh.description,
            sh.setupMinutes === null ? "" : formatMinutes(sh.setupMinutes),
            sh.done ? "Yes" : "",
          ],
        })),
        { cells: ["", "", "", "", "", "Scene setup time", formatMinutes(sc.setupMinutes), ""], bold: true },
      ],
    })),
  });
  return { fileName: `shot-list-${slug(title)}.pdf`, bytes };
}

// A4 landscape, three frames across and two down: big enough to read a sketch, as StudioBinder prints six a page.
const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 36;
const COLS = 3;
const ROWS = 2;
const GAP = 18;
const CAPTION_LINES = 4;
const SIZE = 8.5;
const LINE = 11;

/** The storyboard: every shot in script order, its frame (or an empty box to sketch on) and its fields under it. */
export async function storyboardPdf(s: Pick<S, "db" | "config">, opts: Opts) {
  const { title, shots: dto } = await readShots(s, opts);
  const list = dto.scenes.flatMap((sc) => sc.shots.map((shot) => ({ scene: sc, shot })));
  const doc = await PDFDocument.create();
  doc.setTitle(`Storyboard: ${title}`);
  doc.setProducer("The Portal");
  const captions = list.map(({ scene, shot }) => caption(scene, shot));
  const fonts = await pdfText(doc, "sans", ["regular", "bold"], [title, "Storyboard", ...stringsIn(captions)]);
  const cellW = (PAGE[0] - 2 * MARGIN - (COLS - 1) * GAP) / COLS;
  const frameH = (cellW * 9) / 16;
  const cellH = frameH + 8 + CAPTION_LINES * LINE + 4;
  const images = await frameImages(
    s,
    doc,
    dto.projectId,
    list.map((x) => x.shot),
  );
  const perPage = COLS * ROWS;
  const pages = Math.max(1, Math.ceil(list.length / perPage));
  const grey = rgb(0.55, 0.55, 0.55);
  const ink = rgb(0.1, 0.1, 0.1);
  for (let p = 0; p < pages; p++) {
    const page: PDFPage = doc.addPage(PAGE);
    const top = PAGE[1] - MARGIN;
    fonts.draw(page, `Storyboard: ${title}`, { x: MARGIN, y: top - 14, size: 14, style: "bold", color: ink });
    fonts.draw(page, `Page ${p + 1} of ${pages}`, {
      x: PAGE[0] - MARGIN - fonts.width(`Page ${p + 1} of ${pages}`, 9),
      y: top - 12,
      size: 9,
      color: grey,
    });
    if (list.length === 0)
      fonts.draw(page, "No shots are planned yet.", { x: MARGIN, y: top - 50, size: 11, color: ink });
    for (let i = 0; i < perPage; i++) {
      const k = p * perPage + i;
      const item = list[k];
      if (!item) break;
      const x = MARGIN + (i % COLS) * (cellW + GAP);
      const yTop = top - 32 - Math.floor(i / COLS) * (cellH + GAP);
      page.drawRectangle({ x, y: yTop - frameH, width: cellW, height: frameH, borderColor: grey, borderWidth: 0.8 });
      const img = images.get(item.shot.id);
      if (img) {
        const scale = Math.min(cellW / img.width, frameH / img.height);
        const w = img.width * scale;
        const h = img.height * scale;
        page.drawImage(img, { x: x + (cellW - w) / 2, y: yTop - frameH + (frameH - h) / 2, width: w, height: h });
      }
      const [head, camera, description] = captions[k]!;
      let y = yTop - frameH - 8 - SIZE;
      fonts.draw(page, head, { x, y, size: SIZE + 1, style: "bold", color: ink });
      y -= LINE;
      fonts.draw(page, camera, { x, y, size: SIZE, color: ink });
      for (const line of wrap((t) => fonts.width(t, SIZE), description, cellW).slice(0, CAPTION_LINES - 2)) {
        y -= LINE;
        fonts.draw(page, line, { x, y, size: SIZE, color: ink });
      }
    }
  }
  return { fileName: `storyboard-${slug(title)}.pdf`, bytes: await doc.save() };
}

function caption(scene: ShotSceneDto, shot: ShotDto): [string, string, string] {
  const setup = shot.setupMinutes === null ? "" : ` · setup ${formatMinutes(shot.setupMinutes)}`;
  return [
    `Shot ${shot.number} · scene ${scene.number}${shot.done ? " · done" : ""}`,
    shotCamera(shot) + setup,
    shot.description,
  ];
}

/** The frames embedded once each; a frame missing from storage prints as an empty box rather than failing the print. */
async function frameImages(s: Pick<S, "db" | "config">, doc: PDFDocument, projectId: string, list: ShotDto[]) {
  const rows = await s.db
    .select({ id: shotsTable.id, key: shotsTable.frameKey, type: shotsTable.frameType })
    .from(shotsTable)
    .where(eq(shotsTable.projectId, projectId));
  const store = storageFor(s.config);
  const out = new Map<string, PDFImage>();
  const wanted = new Set(list.filter((x) => x.frame).map((x) => x.id));
  for (const r of rows) {
    if (!wanted.has(r.id) || !r.key) continue;
    const bytes = await store.get(r.key);
    if (!bytes) continue;
    try {
      out.set(r.id, r.type === "image/jpeg" ? await doc.embedJpg(bytes) : await doc.embedPng(bytes));
    } catch {
      // A picture pdf-lib cannot read (an unusual PNG variant) is left out; the shot's fields still print.
    }
  }
  return out;
}
