import { useState } from "react";
import {
  TIMELINE_BARS,
  TIMELINE_BAR_LABELS,
  type ModelDto,
  type TimelineBarDto,
  type TimelineBarKind,
} from "../../../../common/equipment.ts";
import { LoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { cn } from "../../../lib/cn.ts";
import { useFormats } from "../../../lib/format.ts";
import { useModelTimeline, useModels } from "../api.ts";
import { StatusBadge, rangeText } from "../shared.tsx";
import { ModelDayRate } from "./ModelDayRate.tsx";

const DAYS = 14;
const DAY_MS = 86_400_000;
const PAGE = 10;
const today = () => new Date().toISOString().slice(0, 10);
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Each kind of bar its own look, so a printout in grey still tells them apart (dashed, solid, hatched). */
const BAR_STYLES: Record<TimelineBarKind, string> = {
  requested: "border-2 border-dashed border-amber-600 bg-amber-50 text-amber-950",
  approved: "border border-emerald-700 bg-emerald-100 text-emerald-950",
  out: "bg-sky-700 text-white",
  late: "bg-red-700 text-white ring-2 ring-red-300",
  returned: "border border-zinc-400 bg-zinc-100 text-zinc-700",
  maintenance:
    "border border-amber-700 text-amber-950 bg-[repeating-linear-gradient(135deg,#fde68a_0_6px,#fef3c7_6px_12px)]",
};

/**
 * The office's view by model: the models of the inventory, and for the one chosen a timeline of its units over two
 * weeks (UTC days, as bookings are kept), moved a week at a time.
 */
export function ModelTimelines() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<ModelDto | null>(null);
  // The list does not depend on the range; one fixed at the first render keeps the answer's key still.
  const [hour] = useState(() => `${new Date().toISOString().slice(0, 13)}:00:00.000Z`);
  const qs = new URLSearchParams({
    from: hour,
    to: new Date(Date.parse(hour) + 3_600_000).toISOString(),
    limit: String(PAGE),
    offset: String(page * PAGE),
  });
  if (search.trim()) qs.set("search", search.trim());
  const models = useModels(qs);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="by-model-heading" className="flex flex-col gap-2">
        <h2 id="by-model-heading" className="text-lg font-semibold">
          By model
        </h2>
        <Field
          label="Search the models"
          type="search"
          className="max-w-sm"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
        {models.isError && <LoadError what="The models" error={models.error} onRetry={() => void models.refetch()} />}
        {models.data?.items.length === 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No model matches.</p>
        )}
        <ul aria-label="Models" className="flex flex-wrap gap-2">
          {(models.data?.items ?? []).map((m) => (
            <li key={m.name}>
              <Button
                variant={chosen?.name === m.name ? "primary" : "secondary"}
                aria-pressed={chosen?.name === m.name}
                onClick={() => setChosen(m)}
              >
                {m.name} <span className="font-normal">({m.units})</span>
              </Button>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageSize={PAGE} total={models.data?.total ?? 0} onPage={setPage} label="Model pages" />
      </section>
      {chosen ? (
        <Timeline model={chosen} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Choose a model to see its units over two weeks.</p>
      )}
    </div>
  );
}

/** Bars that overlap go on lanes of their own within the unit's row. */
function lanesOf(bars: TimelineBarDto[], end: number) {
  const laneEnds: number[] = [];
  return bars.map((b) => {
    const start = Date.parse(b.startsAt);
    let lane = laneEnds.findIndex((e) => e <= start);
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = b.endsAt ? Date.parse(b.endsAt) : end;
    return lane;
  });
}

function Timeline({ model }: { model: ModelDto }) {
  const fmt = useFormats();
  const [start, setStart] = useState(today);
  const q = useModelTimeline(model, start, DAYS);
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = from + DAYS * DAY_MS;
  const days = Array.from({ length: DAYS }, (_, i) => shiftDay(start, i));
  const pct = (t: number) => ((Math.min(Math.max(t, from), to) - from) / (to - from)) * 100;
  const headingId = "timeline-heading";
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Timeline of {model.name}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" onClick={() => setStart((d) => shiftDay(d, -7))}>
            Previous week
          </Button>
          <Field
            label="Two weeks from"
            type="date"
            value={start}
            onChange={(e) => e.target.value && setStart(e.target.value)}
          />
          <Button variant="secondary" onClick={() => setStart((d) => shiftDay(d, 7))}>
            Next week
          </Button>
        </div>
      </div>
      {q.isError && <LoadError what="The timeline" error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && <ModelDayRate timeline={q.data} />}
      {/* Only the timeline scrolls sideways on a phone; the page keeps its width. */}
      <div
        role="region"
        aria-label={`Timeline of ${model.name}, ${fmt.date(days[0]!)} to ${fmt.date(days.at(-1)!)}`}
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-zinc-200 bg-white focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="min-w-[56rem]">
          <div className="flex border-b border-zinc-200 text-xs dark:border-zinc-800" aria-hidden="true">
            <div className="sticky left-0 z-10 w-32 shrink-0 bg-white px-2 py-1 font-medium dark:bg-zinc-900">Unit</div>
            <div className="grid flex-1" style={{ gridTemplateColumns: `repeat(${DAYS}, minmax(0, 1fr))` }}>
              {days.map((d) => (
                <div
                  key={d}
                  className={cn(
                    "border-l border-zinc-200 px-1 py-1 dark:border-zinc-800",
                    d === today() && "bg-amber-50 font-semibold dark:bg-amber-950/40",
                  )}
                >
                  {fmt.date(d, { weekday: true, year: false })}
                </div>
              ))}
            </div>
          </div>
          <ul aria-label={`Units of ${model.name}`}>
            {(q.data?.units ?? []).map((u) => {
              const lanes = lanesOf(u.bars, to);
              const height = Math.max(1, ...lanes.map((l) => l + 1));
              return (
                <li key={u.itemId} className="flex border-b border-zinc-100 last:border-b-0 dark:border-zinc-800">
                  <div className="sticky left-0 z-10 flex w-32 shrink-0 flex-col justify-center gap-0.5 bg-white px-2 py-1 dark:bg-zinc-900">
                    <span className="font-mono text-xs font-medium">{u.assetTag}</span>
                    {u.status !== "available" && (
                      <span className="text-[0.7rem]">
                        <StatusBadge status={u.status} />
                      </span>
                    )}
                  </div>
                  <div className="relative flex-1" style={{ height: `${height * 1.9 + 0.5}rem` }}>
                    <div
                      aria-hidden="true"
                      className="absolute inset-0 grid"
                      style={{ gridTemplateColumns: `repeat(${DAYS}, minmax(0, 1fr))` }}
                    >
                      {days.map((d) => (
                        <div key={d} className="border-l border-zinc-100 dark:border-zinc-800" />
                      ))}
                    </div>
                    <ul aria-label={`Bookings of ${u.assetTag}`}>
                      {u.bars.map((b, i) => {
                        const left = pct(Date.parse(b.startsAt));
                        const right = pct(b.endsAt ? Date.parse(b.endsAt) : to);
                        const label = TIMELINE_BAR_LABELS[b.kind];
                        const who = b.requesterName ? ` (${b.requesterName})` : "";
                        const when = b.endsAt
                          ? rangeText(fmt, b.startsAt, b.endsAt)
                          : `since ${fmt.dateTime(b.startsAt)}`;
                        return (
                          <li
                            key={`${b.kind}-${b.reservationId ?? ""}-${b.startsAt}`}
                            title={`${label}: ${b.title}${who}, ${when}`}
                            className={cn(
                              "absolute flex h-7 items-center overflow-hidden rounded px-1.5 text-xs font-medium whitespace-nowrap",
                              BAR_STYLES[b.kind],
                            )}
                            style={{
                              left: `${left}%`,
                              width: `max(${right - left}%, 0.5rem)`,
                              top: `${lanes[i]! * 1.9 + 0.25}rem`,
                            }}
                          >
                            <span className="truncate">
                              {label} · {b.title}
                              <span className="sr-only">
                                {who}, {when}
                              </span>
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <ul aria-label="What the bars mean" className="flex flex-wrap gap-2 text-xs">
        {TIMELINE_BARS.map((k) => (
          <li key={k} className={cn("rounded px-1.5 py-0.5 font-medium", BAR_STYLES[k])}>
            {TIMELINE_BAR_LABELS[k]}
          </li>
        ))}
      </ul>
    </section>
  );
}
