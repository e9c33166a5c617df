import { useState } from "react";
import { DESK_LISTS, DESK_LIST_LABELS, type DeskList, type ReservationDto } from "../../../../common/equipment.ts";
import { Card } from "../../../components/ui/Card.tsx";
import { LoadError } from "../../../components/LoadError.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { useFormats } from "../../../lib/format.ts";
import { useDeskList } from "../api.ts";
import { GateNote, ReservationItems, StateBadge, rangeText } from "../shared.tsx";

const PAGE = 10;

const EMPTY: Record<DeskList, string> = {
  due_today: "Nothing more to hand out today.",
  out_now: "Nothing is out.",
  late: "Nothing is late.",
};

/** The end of today in the desk's own time zone, as an instant: what "due today" runs to. */
function endOfToday() {
  const d = new Date();
  d.setHours(23, 59, 59, 999);
  return d.toISOString();
}

/**
 * The desk's three lists side by side: what to hand out today, what is out, and what is late. Each refetches when a
 * booking changes (the reservations' key) and once a minute, since time alone moves gear into "late".
 */
export function DeskLists({ onPick }: { onPick(list: DeskList, tags: string[]): void }) {
  const dayEnd = endOfToday();
  return (
    <div className="grid gap-4 lg:col-span-2 xl:grid-cols-3">
      {DESK_LISTS.map((list) => (
        <DeskListCard key={list} list={list} dayEnd={dayEnd} onPick={onPick} />
      ))}
    </div>
  );
}

function DeskListCard({
  list,
  dayEnd,
  onPick,
}: {
  list: DeskList;
  dayEnd: string;
  onPick(list: DeskList, tags: string[]): void;
}) {
  const [page, setPage] = useState(0);
  const q = useDeskList(list, dayEnd, page, PAGE);
  const headingId = `desk-list-${list}`;
  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h2 id={headingId} className="flex items-baseline justify-between text-lg font-semibold">
          {DESK_LIST_LABELS[list]}
          {q.data && <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">{q.data.total}</span>}
        </h2>
        {q.isError && (
          <LoadError
            what={`The ${DESK_LIST_LABELS[list].toLowerCase()} list`}
            error={q.error}
            onRetry={() => void q.refetch()}
          />
        )}
        {q.data?.items.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{EMPTY[list]}</p>}
        <ul className="flex flex-col gap-2" aria-label={DESK_LIST_LABELS[list]}>
          {(q.data?.items ?? []).map((r) => (
            <DeskRow key={r.id} r={r} list={list} onPick={onPick} />
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={PAGE}
          total={q.data?.total ?? 0}
          onPage={setPage}
          label={`${DESK_LIST_LABELS[list]} pages`}
        />
      </section>
    </Card>
  );
}

function DeskRow({
  r,
  list,
  onPick,
}: {
  r: ReservationDto;
  list: DeskList;
  onPick(list: DeskList, tags: string[]): void;
}) {
  const fmt = useFormats();
  // The tags the desk would type next: still to hand out, or still out.
  const next = r.items.filter((i) => (list === "due_today" ? !i.checkedOutAt : i.checkedOutAt && !i.returnedAt));
  return (
    <li className="rounded-lg border border-zinc-200 p-2 text-sm dark:border-zinc-800">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{r.requester.name}</p>
          <p className="text-zinc-600 dark:text-zinc-400">{r.project.title}</p>
          <p className="text-zinc-600 dark:text-zinc-400">{rangeText(fmt, r.startsAt, r.endsAt)}</p>
        </div>
        <StateBadge r={r} />
      </div>
      <GateNote r={r} />
      <ReservationItems r={r} />
      {next.length > 0 && (
        <div className="mt-1 flex flex-wrap gap-1">
          {next.map((i) => (
            <button
              key={i.itemId}
              type="button"
              className="rounded border border-zinc-300 px-1.5 py-0.5 font-mono text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              onClick={() => onPick(list, [i.assetTag])}
            >
              {list === "due_today" ? "Out" : "In"}: {i.assetTag}
              <span className="sr-only">
                {" "}
                ({i.name}): put the tag on the check-{list === "due_today" ? "out" : "in"} list
              </span>
            </button>
          ))}
          {next.length > 1 && (
            <button
              type="button"
              className="rounded border border-zinc-400 px-1.5 py-0.5 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
              onClick={() =>
                onPick(
                  list,
                  next.map((i) => i.assetTag),
                )
              }
            >
              All {list === "due_today" ? "out" : "in"} ({next.length})
              <span className="sr-only">
                : put every tag of {r.project.title} on the check-{list === "due_today" ? "out" : "in"} list
              </span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
