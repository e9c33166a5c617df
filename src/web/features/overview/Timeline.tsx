import { useFormats } from "../../lib/format.ts";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PHASE_LABELS } from "../../../common/projects.ts";
import { Card } from "../../components/ui/Card.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { addDays, dayIndex } from "./format.ts";
import { useTimeline } from "./api.ts";

const PAGE = 50;
const WEEKS = 6;
const DAYS = WEEKS * 7;

/** Planned shoots of the coming six weeks: a row per production, a bar per shoot, today marked. */
export function Timeline({ qs }: { qs: string }) {
  const fmt = useFormats();
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [qs]);
  const params = new URLSearchParams(qs);
  params.set("weeks", String(WEEKS));
  params.set("limit", String(PAGE));
  params.set("offset", String(page * PAGE));
  const timeline = useTimeline(params);
  const t = timeline.data;

  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="mb-1 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Shoots in the coming {WEEKS} weeks
      </h2>
      {t && (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          {fmt.date(t.from)} to {fmt.date(t.to)}.{" "}
          {t.total === 1 ? "1 production shoots" : `${t.total} productions shoot`} in this time.
        </p>
      )}
      {timeline.isError ? (
        <Card role="alert">
          <p className="text-sm text-red-800 dark:text-red-300">{timeline.error.message}</p>
        </Card>
      ) : !t ? (
        <Skeleton className="h-48" />
      ) : t.items.length === 0 ? (
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No shoot is planned in these weeks for the productions shown. Shoot dates are set on each project's page.
          </p>
        </Card>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <div className="min-w-[56rem]" role="table" aria-label="Planned shoots">
            <div
              role="row"
              className="flex border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
            >
              <div
                role="columnheader"
                className="sticky left-0 w-48 flex-none bg-white px-3 py-2 font-medium dark:bg-zinc-900"
              >
                Production
              </div>
              <div role="columnheader" className="relative flex flex-1">
                {Array.from({ length: WEEKS }, (_, w) => (
                  <div key={w} className="flex-1 border-l border-zinc-200 px-2 py-2 dark:border-zinc-800">
                    Week of {fmt.date(addDays(t.from, w * 7), { year: false })}
                  </div>
                ))}
              </div>
            </div>
            {t.items.map((item) => {
              const start = Math.max(0, dayIndex(t.from, item.shootStart));
              const end = Math.min(DAYS - 1, dayIndex(t.from, item.shootEnd));
              const today = dayIndex(t.from, t.today);
              const range =
                item.shootStart === item.shootEnd
                  ? fmt.date(item.shootStart)
                  : `${fmt.date(item.shootStart)} to ${fmt.date(item.shootEnd)}`;
              return (
                <div
                  role="row"
                  key={item.id}
                  className="flex border-b border-zinc-100 last:border-0 dark:border-zinc-800"
                >
                  <div
                    role="rowheader"
                    className="sticky left-0 z-10 w-48 flex-none truncate bg-white px-3 py-2 text-sm dark:bg-zinc-900"
                  >
                    <Link
                      to={`/project/${item.id}`}
                      className="font-medium text-zinc-900 hover:underline dark:text-zinc-100"
                      title={item.title}
                    >
                      {item.title}
                    </Link>
                    <div className="text-xs text-zinc-600 dark:text-zinc-400">{PHASE_LABELS[item.phase]}</div>
                  </div>
                  <div role="cell" className="relative flex-1">
                    {Array.from({ length: WEEKS - 1 }, (_, w) => (
                      <div
                        key={w}
                        aria-hidden
                        className="absolute inset-y-0 border-l border-zinc-100 dark:border-zinc-800"
                        style={{ left: `${((w + 1) * 100) / WEEKS}%` }}
                      />
                    ))}
                    {today >= 0 && today < DAYS && (
                      <div
                        aria-hidden
                        className="absolute inset-y-0 w-0.5 bg-red-500"
                        style={{ left: `${(today * 100) / DAYS}%` }}
                      />
                    )}
                    <div
                      className="absolute top-1/2 h-5 -translate-y-1/2 rounded bg-amber-500 dark:bg-amber-400"
                      style={{
                        left: `${(start * 100) / DAYS}%`,
                        width: `max(0.5rem, ${((end - start + 1) * 100) / DAYS}%)`,
                      }}
                      title={range}
                    />
                    {item.shootDays.map((d) => (
                      <div
                        key={d}
                        aria-hidden
                        data-shoot-day={d}
                        className="absolute top-1/2 h-3 w-1.5 -translate-y-1/2 rounded-sm bg-zinc-900 dark:bg-zinc-50"
                        style={{ left: `calc(${((dayIndex(t.from, d) + 0.5) * 100) / DAYS}% - 3px)` }}
                        title={`Shoot day ${fmt.date(d)}`}
                      />
                    ))}
                    <span className="sr-only">
                      Shoot {range}
                      {item.shootDays.length > 0 &&
                        `; scheduled shoot days: ${item.shootDays.map((d) => fmt.date(d)).join(", ")}`}
                    </span>
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      )}
      {t && t.total > PAGE && (
        <Pagination label="Timeline pages" page={page} pageSize={PAGE} total={t.total} onPage={setPage} />
      )}
      {t && (
        <p className="mt-2 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span aria-hidden className="inline-block h-3 w-0.5 bg-red-500" /> Today
          <span aria-hidden className="ml-3 inline-block h-3 w-1.5 rounded-sm bg-zinc-900 dark:bg-zinc-50" /> Scheduled
          shoot day
        </p>
      )}
    </section>
  );
}
