/** The day's paperwork on paper: the daily production report, the script supervisor's notes, the camera and sound reports. */
import {
  SCENE_STATUS_LABELS,
  TAKE_MARK_LABELS,
  type DailyReportDto,
  type RollLine,
} from "../../../common/daily-reports.ts";
import { formatDate, formatDateTime, formatTime, type DateFormats } from "../../../common/datetime.ts";
import { formatPages } from "../../../common/eighths.ts";
import { formatEighths } from "../../../common/eighths.ts";
import type { Caller } from "../../auth/caller.ts";
import { renderPdf, type PdfSection } from "../../lib/pdf-table.ts";
import { getSchoolSettings } from "../school/service.ts";
import { getReport } from "./reports.ts";
import type { S } from "./shared.ts";

export const REPORT_PDFS = ["report", "script-notes", "camera", "sound"] as const;
export type ReportPdf = (typeof REPORT_PDFS)[number];

export const REPORT_PDF_TITLES: Record<ReportPdf, string> = {
  report: "Daily production report",
  "script-notes": "Script supervisor's notes",
  camera: "Camera report",
  sound: "Sound report",
};

const time = (t: string, f: DateFormats) => (t ? formatTime(t, f) : "Not given");
const lines = (text: string) => text.split("\n").map((line) => ({ cells: [line] }));
const textSection = (heading: string, text: string): PdfSection[] =>
  text.trim() ? [{ heading, widths: [1], rows: lines(text.trim()) }] : [];

function rollSection(heading: string, rolls: RollLine[]): PdfSection {
  return {
    heading,
    widths: [1.2, 1, 1, 6],
    rows: [
      { cells: ["Roll", "Scene", "Take", "Notes"], bold: true },
      ...rolls.map((r) => ({ cells: [r.roll, r.scene, r.take, r.notes] })),
    ],
  };
}

/** The body of each paper: the report has the day; the others their list, behind the same heading facts. */
function sections(kind: ReportPdf, r: DailyReportDto, f: DateFormats): PdfSection[] {
  const x = r.fields;
  if (kind === "camera") return [rollSection("Camera rolls", x.cameraRolls)];
  if (kind === "sound") return [rollSection("Sound rolls", x.soundRolls)];
  const takes: PdfSection = {
    heading: "Takes",
    widths: [1, 1, 1.2, 6],
    rows: [
      { cells: ["Scene", "Take", "Mark", "Notes"], bold: true },
      ...x.takeNotes.map((t) => ({ cells: [t.scene, t.take, TAKE_MARK_LABELS[t.mark], t.notes] })),
    ],
  };
  if (kind === "script-notes") return [takes];
  const eighths = new Map(r.planned.map((p) => [p.number, p.eighths]));
  const heading = new Map(r.planned.map((p) => [p.number, p.heading]));
  return [
    {
      heading: "Scenes",
      widths: [1, 6, 1.5, 1.5],
      rows: [
        { cells: ["Scene", "Heading", "Pages", "Status"], bold: true },
        ...x.scenes.map((sc) => ({
          cells: [
            sc.number,
            heading.get(sc.number) ?? "Not on the call sheet",
            eighths.has(sc.number) ? formatPages(eighths.get(sc.number)!).replace(/ pages?$/, "") : "",
            sc.status === "part" && sc.shotEighths !== null
              ? `${SCENE_STATUS_LABELS.part}, ${formatEighths(sc.shotEighths)}`
              : SCENE_STATUS_LABELS[sc.status],
          ],
        })),
      ],
    },
    ...(x.shotsDone.length
      ? [
          {
            heading: "Shots taken",
            widths: [1, 1, 7],
            rows: [
              { cells: ["Scene", "Shot", "Description"], bold: true },
              ...r.plannedShots
                .filter((shot) => x.shotsDone.includes(shot.id))
                .map((shot) => ({ cells: [shot.sceneNumber, shot.number, shot.description] })),
            ],
          },
        ]
      : []),
    ...(x.meals.length
      ? [
          {
            heading: "Meals",
            widths: [1, 1],
            rows: [
              { cells: ["Start", "End"], bold: true },
              ...x.meals.map((m) => ({ cells: [time(m.start, f), time(m.end, f)] })),
            ],
          },
        ]
      : []),
    ...textSection("Delays", x.delays),
    ...textSection("Incidents", x.incidents),
    ...textSection("Injury or accident report", x.injury),
    ...textSection("Notes", x.notes),
  ];
}

/** One of the day's four papers, as the caller may read the report. */
export async function reportPdf(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string; dayId: string; kind: ReportPdf },
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const r = await getReport(s, opts);
  const f = await getSchoolSettings(s.db);
  return { fileName: `${opts.kind}-${r.date}.pdf`, bytes: await renderReportPdf(opts.kind, r, f) };
}

export function renderReportPdf(kind: ReportPdf, r: DailyReportDto, f: DateFormats): Promise<Uint8Array> {
  const x = r.fields;
  const day = `${formatDate(r.date, f, { style: "long", weekday: true })} (day ${r.dayNumber})`;
  const report: [string, string][] =
    kind === "report"
      ? [
          ["Call", `${time(x.actualCall, f)} (called for ${formatTime(r.generalCall, f)})`],
          ["First shot", time(x.firstShot, f)],
          ["Wrap", time(x.wrap, f)],
          ["Pages shot", `${formatPages(r.shotEighths)} of ${formatPages(r.plannedEighths)} planned`],
          ["Setups", x.setups === null ? "Not given" : String(x.setups)],
          ...(r.plannedShots.length
            ? [["Shots", `${x.shotsDone.length} of ${r.plannedShots.length} on the shot list`] as [string, string]]
            : []),
          ["Takes", x.takes === null ? "Not given" : String(x.takes)],
          [
            "Signed",
            r.signedAt
              ? `${r.signedByName ?? ""}, ${formatDateTime(r.signedAt, f, { timeZone: "UTC" })} UTC`
              : "Not yet",
          ],
        ]
      : [];
  return renderPdf({
    title: `${REPORT_PDF_TITLES[kind]}: ${r.projectTitle}`,
    facts: [["Date", day], ...report],
    sections: sections(kind, r, f),
  });
}
