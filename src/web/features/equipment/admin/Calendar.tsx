import { useFormats } from "../../../lib/format.ts";
import { useState } from "react";
import { type CalendarEntryDto } from "../../../../common/equipment.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { StateBadge, rangeText } from "../shared.tsx";
import { useCalendar } from "../api.ts";

export function Calendar({ itemId }: { itemId?: string }) {
  const fmt = useFormats();
  const [start, setStart] = useState(() => new Date().toISOString().slice(0, 10));
  const entries = useCalendar(itemId, start);
  const days = new Map<string, CalendarEntryDto[]>();
  for (const e of entries.data ?? []) {
    const day = e.startsAt.slice(0, 10) < start ? start : e.startsAt.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return (
    <div className="flex flex-col gap-3">
      <Field
        label="Two weeks from"
        type="date"
        className="max-w-xs"
        value={start}
        onChange={(e) => setStart(e.target.value)}
      />
      {entries.data?.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing booked in these two weeks.</p>
      )}
      <ol className="flex flex-col gap-3">
        {[...days.entries()].sort().map(([day, list]) => (
          <li key={day}>
            <h3 className="text-sm font-semibold">{fmt.date(day, { style: "long", weekday: true })}</h3>
            <ul className="mt-1 divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
              {list.map((e) => (
                <li key={`${e.reservationId}-${e.itemId}`} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>
                    {!itemId && (
                      <>
                        <span className="font-mono">{e.assetTag}</span> {e.itemName} ·{" "}
                      </>
                    )}
                    {e.projectTitle} ({e.requesterName})
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {rangeText(fmt, e.startsAt, e.endsAt)} · <StateBadge r={{ state: e.state, overdue: false }} />
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
