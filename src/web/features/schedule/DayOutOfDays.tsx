import type { ScheduleDto } from "../../../common/schedule.ts";
import { Card } from "../../components/ui/Card.tsx";
import { useFormats } from "../../lib/format.ts";

const CODE_TITLE: Record<string, string> = {
  SW: "Start work",
  W: "Work",
  WF: "Work finish",
  SWF: "Start, work and finish",
  H: "Hold",
  D: "Drop",
  PW: "Pick up, work",
  PWF: "Pick up, work and finish",
};

/** Characters × shoot days with the standard codes, and each character's totals. */
export function DayOutOfDays({ schedule }: { schedule: ScheduleDto }) {
  const fmt = useFormats();
  const { dates, rows } = schedule.dood;
  if (dates.length === 0 || rows.length === 0) {
    return (
      <Card>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          The Day Out of Days fills in as scenes with speaking characters are scheduled into shoot days.
        </p>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Day Out of Days for the cast</caption>
          <thead className="bg-zinc-50 text-left text-xs text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            <tr>
              <th scope="col" className="sticky left-0 bg-zinc-50 px-3 py-2 dark:bg-zinc-900">
                Character
              </th>
              {dates.map((d, i) => (
                <th key={`${d}-${i}`} scope="col" className="px-2 py-2 text-center whitespace-nowrap">
                  Day {i + 1}
                  <span className="block font-normal">{fmt.date(d, { weekday: true, year: false })}</span>
                </th>
              ))}
              {["Work", "Hold", "Drop", "Total"].map((h) => (
                <th key={h} scope="col" className="px-2 py-2 text-right">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium dark:bg-zinc-950">
                  {schedule.castIds[r.name] !== undefined && (
                    <span className="mr-1.5 font-mono text-zinc-600 dark:text-zinc-400">
                      {schedule.castIds[r.name]}{" "}
                    </span>
                  )}
                  {r.name}
                  <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                    {r.actor ?? "Not cast yet"}
                  </span>
                </th>
                {r.codes.map((c, i) => (
                  <td
                    key={i}
                    className={`px-2 py-2 text-center font-mono ${c === "H" || c === "D" ? "text-zinc-500" : "font-semibold"}`}
                    title={CODE_TITLE[c]}
                  >
                    {c}
                  </td>
                ))}
                <td className="px-2 py-2 text-right tabular-nums">{r.work}</td>
                <td className="px-2 py-2 text-right tabular-nums">{r.hold}</td>
                <td className="px-2 py-2 text-right tabular-nums">{r.drop}</td>
                <td className="px-2 py-2 text-right font-semibold tabular-nums">{r.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
        {Object.entries(CODE_TITLE).map(([code, title]) => (
          <div key={code} className="flex gap-1">
            <dt className="font-mono font-semibold">{code}</dt>
            <dd>{title}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
