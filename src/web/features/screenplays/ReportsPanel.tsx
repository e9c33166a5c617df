import { formatEighths } from "../../../common/eighths.ts";
import type { ScriptReport } from "../../../common/screenplay/report.ts";

const th = "px-2 py-1.5 text-left font-medium";
const td = "px-2 py-1.5 align-top";

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-sm">
        <caption className="px-2 py-2 text-left font-semibold">{caption}</caption>
        <thead className="border-y border-zinc-200 bg-zinc-50 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
              {r.map((c, k) => (
                <td key={k} className={td}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Scene, character and location reports of the text being edited, recomputed as it changes. */
export function ReportsPanel({ report }: { report: ScriptReport }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Pages", String(report.pages)],
          ["Length", `${formatEighths(report.lengthEighths)} pages`],
          ["Scenes", String(report.scenes.filter((s) => !s.omitted).length)],
          ["Running time", `about ${report.runtimeMinutes} min`],
        ].map(([k, v]) => (
          <div key={k} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{k}</dt>
            <dd className="text-lg font-semibold">{v}</dd>
          </div>
        ))}
      </dl>
      <Table
        caption="Scenes"
        head={["#", "I/E", "Location", "Time", "Page", "Length", "Characters"]}
        rows={report.scenes.map((s) =>
          s.omitted
            ? [s.number, "", "OMITTED", "", "", "", ""]
            : [
                s.number,
                s.intExt || "—",
                s.location,
                s.timeOfDay || "—",
                s.page,
                `${formatEighths(s.eighths)}`,
                s.characters.join(", "),
              ],
        )}
      />
      <Table
        caption="Characters"
        head={["Character", "Scenes", "Speeches", "Dialogue lines"]}
        rows={report.characters.map((c) => [
          c.name,
          `${c.scenes.length} (${c.scenes.join(", ")})`,
          c.speeches,
          c.dialogueLines,
        ])}
      />
      <Table
        caption="Locations"
        head={["Location", "I/E", "Scenes", "Length"]}
        rows={report.locations.map((l) => [
          l.location,
          l.intExt.join(", "),
          `${l.scenes.length} (${l.scenes.join(", ")})`,
          formatEighths(l.eighths),
        ])}
      />
    </div>
  );
}
