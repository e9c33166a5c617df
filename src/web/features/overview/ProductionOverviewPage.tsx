import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useFormats } from "../../lib/format.ts";
import { AlertOctagon, AlertTriangle, Download } from "lucide-react";
import { memo, useDeferredValue, useEffect, useState, type DragEvent } from "react";
import { Link, useSearchParams } from "react-router";
import type { BoardColumn, BoardDto, OverviewCard } from "../../../common/overview-api.ts";
import { formatPages } from "../../../common/eighths.ts";
import { BOARD_COLUMN_DEFAULT } from "../../../common/overview.ts";
import { PHASES, PHASE_LABELS, PROJECT_TYPES, PROJECT_TYPE_LABELS, type Phase } from "../../../common/projects.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { SearchField } from "../../components/ui/Field.tsx";
import { FilterPanel } from "../../components/ui/FilterPanel.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { courseOptionLabel, useFilterOptions } from "./api.ts";
import { IcalFeedButton } from "./IcalFeedButton.tsx";
import { MoveDialog, type MoveRequest } from "./MoveDialog.tsx";
import { Timeline } from "./Timeline.tsx";

const FILTER_KEYS = ["search", "type", "courseId", "term", "supervisorId", "phase"] as const;

/** The filters as the URL holds them, in the query string the API takes. */
function filterQuery(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const v = params.get(key)?.trim();
    if (v) out.set(key, v);
  }
  return out;
}

export default function ProductionOverviewPage() {
  const [params, setParams] = useSearchParams();
  const filters = filterQuery(params);
  const qs = filters.toString();
  const [search, setSearch] = useState(params.get("search") ?? "");
  const [move, setMove] = useState<MoveRequest | null>(null);

  // The search box writes to the URL after a pause, so typing does not fetch per keystroke or flood the history.
  // Only a real change is written: a write on arrival would cancel a navigation the user starts meanwhile.
  const urlSearch = params.get("search") ?? "";
  useEffect(() => {
    if (search.trim() === urlSearch) return;
    const t = setTimeout(() => setFilter("search", search.trim()), 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, urlSearch]);

  function setFilter(key: (typeof FILTER_KEYS)[number], value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  const options = useFilterOptions();
  const board = useQuery({
    queryKey: ["overview", "board", qs],
    queryFn: ({ signal }) => api<BoardDto>(`/rest/v1/overview/board?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const anyFilter = FILTER_KEYS.some((k) => params.get(k));
  // The board is the page's biggest render; as a deferred value React renders it in slices between which
  // the page stays responsive, instead of one long task on a slow phone.
  const columns = useDeferredValue(board.data?.columns);

  return (
    <div>
      <PageHeader
        title="Production Overview"
        description="Every production of the school by phase, what holds each one up, and the shoots of the coming weeks."
        actions={
          <>
            <a
              href={`/rest/v1/overview/export.csv${qs ? `?${qs}` : ""}`}
              download
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 md:min-h-10 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
            >
              <Download aria-hidden className="size-4" />
              Export CSV
            </a>
            <IcalFeedButton />
          </>
        }
      />

      <div className="mb-6 flex flex-col gap-3">
        <SearchField
          className="md:max-w-xl"
          label="Search"
          placeholder="Title, logline or course"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <FilterPanel
          active={FILTER_KEYS.filter((k) => k !== "search" && params.get(k)).length}
          className="gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
        >
          <Select
            className="lg:w-40"
            label="Type"
            value={params.get("type") ?? ""}
            onChange={(e) => setFilter("type", e.target.value)}
            options={[
              { value: "", label: "All types" },
              ...PROJECT_TYPES.map((t) => ({ value: t, label: PROJECT_TYPE_LABELS[t] })),
            ]}
          />
          <Select
            className="lg:w-48"
            label="Course"
            value={params.get("courseId") ?? ""}
            onChange={(e) => setFilter("courseId", e.target.value)}
            options={[
              { value: "", label: "All courses" },
              ...(options.data?.courseList ?? []).map((c) => ({ value: c.id, label: courseOptionLabel(c) })),
            ]}
          />
          <Select
            className="lg:w-40"
            label="Term"
            value={params.get("term") ?? ""}
            onChange={(e) => setFilter("term", e.target.value)}
            options={[
              { value: "", label: "All terms" },
              ...(options.data?.terms ?? []).map((t) => ({ value: t, label: t })),
            ]}
          />
          <Select
            className="lg:w-48"
            label="Supervisor"
            value={params.get("supervisorId") ?? ""}
            onChange={(e) => setFilter("supervisorId", e.target.value)}
            options={[
              { value: "", label: "All supervisors" },
              ...(options.data?.supervisors ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          <Select
            className="lg:w-44"
            label="Phase"
            value={params.get("phase") ?? ""}
            onChange={(e) => setFilter("phase", e.target.value)}
            options={[{ value: "", label: "All phases" }, ...PHASES.map((p) => ({ value: p, label: PHASE_LABELS[p] }))]}
          />
          <Button
            variant="ghost"
            disabled={!anyFilter}
            onClick={() => {
              setSearch("");
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Clear filters
          </Button>
        </FilterPanel>
      </div>

      <section aria-labelledby="board-heading" className="mb-10">
        <h2 id="board-heading" className="mb-3 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          Board
        </h2>
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          Move a production with <strong>Move to…</strong> on its card, or drag the card to another column. You are
          asked why; moving into production needs the greenlight checklist complete.
        </p>
        {board.isError ? (
          <Card role="alert">
            <p className="text-sm text-red-800 dark:text-red-300">{board.error.message}</p>
          </Card>
        ) : !columns ? (
          // Keyed apart from the board and as tall as a column of a few cards: the board then takes the
          // skeleton's place as a new element, and what is below stays out of the first screen meanwhile,
          // instead of the same element moving (a layout shift of 0.39 on a phone).
          <div
            key="skeleton"
            role="status"
            aria-label="Loading the board"
            aria-busy="true"
            className="-mx-4 flex gap-3 overflow-hidden px-4 pb-2"
          >
            {PHASES.map((p) => (
              <Skeleton key={p} className="h-[36rem] w-72 flex-none" />
            ))}
          </div>
        ) : (
          // `relative`: the cards' visually hidden labels are positioned, and without a positioned scroller
          // they hang outside it at the far columns and widen the whole page. Focusable, so the arrow keys scroll it.
          <div
            key="board"
            role="region"
            aria-label="Board columns, scrolls sideways"
            tabIndex={0}
            className="relative -mx-4 overflow-x-auto px-4 pb-2 focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            <div className="flex gap-3">
              {columns.map((col) => (
                <Column key={col.phase} column={col} qs={qs} onMove={setMove} />
              ))}
            </div>
          </div>
        )}
      </section>

      <Timeline qs={qs} />
      <MoveDialog request={move} onClose={() => setMove(null)} />
    </div>
  );
}

const DRAG_TYPE = "application/x-portal-project";

/** Memoised, with the card: the page re-renders for each filter keystroke and each query that settles. */
const Column = memo(function Column({
  column,
  qs,
  onMove,
}: {
  column: BoardColumn;
  qs: string;
  onMove(m: MoveRequest): void;
}) {
  const [extraPages, setExtraPages] = useState(0);
  const [over, setOver] = useState(false);
  const shown = column.items.length + extraPages * BOARD_COLUMN_DEFAULT;
  useEffect(() => setExtraPages(0), [qs]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const raw = e.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    const card = JSON.parse(raw) as Pick<OverviewCard, "id" | "title" | "phase" | "greenlight">;
    if (card.phase !== column.phase) onMove({ card, to: column.phase });
  };

  return (
    <section
      aria-labelledby={`col-${column.phase}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        "flex w-72 flex-none flex-col gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-2 dark:border-zinc-800 dark:bg-zinc-950",
        over && "border-amber-500 bg-amber-50 dark:bg-amber-950/30",
      )}
    >
      <h3
        id={`col-${column.phase}`}
        className="flex items-center justify-between px-1 pt-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100"
      >
        {PHASE_LABELS[column.phase]}
        <span
          className="rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
          aria-label={`${column.total} productions`}
        >
          {column.total}
        </span>
      </h3>
      {column.total === 0 && (
        <p className="px-1 pb-2 text-xs text-zinc-600 dark:text-zinc-400">No production in this phase.</p>
      )}
      <ul className="flex flex-col gap-2">
        {column.items.map((card) => (
          <CardItem key={card.id} card={card} onMove={onMove} />
        ))}
        {Array.from({ length: extraPages }, (_, i) => (
          <MorePage key={i} phase={column.phase} qs={qs} offset={(i + 1) * BOARD_COLUMN_DEFAULT} onMove={onMove} />
        ))}
      </ul>
      {shown < column.total && (
        <Button variant="ghost" onClick={() => setExtraPages((n) => n + 1)}>
          Show more ({column.total - shown} not shown)
        </Button>
      )}
    </section>
  );
});

/** A further page of one column, fetched when asked for. */
function MorePage({
  phase,
  qs,
  offset,
  onMove,
}: {
  phase: Phase;
  qs: string;
  offset: number;
  onMove(m: MoveRequest): void;
}) {
  const params = new URLSearchParams(qs);
  params.set("phase", phase);
  params.set("offset", String(offset));
  const page = useQuery({
    queryKey: ["overview", "board", params.toString()],
    queryFn: ({ signal }) => api<BoardDto>(`/rest/v1/overview/board?${params}`, { signal }),
  });
  if (!page.data) return <Skeleton className="h-24" />;
  return page.data.columns[0]!.items.map((card) => <CardItem key={card.id} card={card} onMove={onMove} />);
}

const CardItem = memo(function CardItem({ card, onMove }: { card: OverviewCard; onMove(m: MoveRequest): void }) {
  const fmt = useFormats();
  const canMove = card.canEdit;
  const pct = card.greenlight.total ? Math.round((card.greenlight.done / card.greenlight.total) * 100) : 100;
  return (
    <li
      draggable={canMove}
      onDragStart={(e) => {
        e.dataTransfer.setData(
          DRAG_TYPE,
          JSON.stringify({ id: card.id, title: card.title, phase: card.phase, greenlight: card.greenlight }),
        );
        e.dataTransfer.effectAllowed = "move";
      }}
      className={cn(
        "rounded-md border border-zinc-200 bg-white p-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900",
        canMove && "cursor-grab active:cursor-grabbing",
      )}
    >
      <article aria-label={card.title} className="flex flex-col gap-1.5">
        <Link
          to={`/project/${card.id}`}
          className="font-semibold text-zinc-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-50"
        >
          {card.title}
        </Link>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {PROJECT_TYPE_LABELS[card.type]}
          {card.course && ` · ${card.course}`}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
          <dt className="text-zinc-600 dark:text-zinc-400">Supervisor</dt>
          <dd className="text-zinc-900 dark:text-zinc-100">{card.supervisor?.name ?? "None yet"}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">{card.leadNames.length > 1 ? "Leads" : "Lead"}</dt>
          <dd className="text-zinc-900 dark:text-zinc-100">{card.leadNames.join(", ") || "None"}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Next shoot</dt>
          <dd className="text-zinc-900 dark:text-zinc-100">
            {card.nextShoot ? fmt.date(card.nextShoot) : "None planned"}
          </dd>
          {card.shot && (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">Pages shot</dt>
              <dd className="text-zinc-900 dark:text-zinc-100">
                {formatPages(card.shot.shotEighths).replace(/ pages?$/, "")} of {formatPages(card.shot.plannedEighths)}{" "}
                planned ({card.shot.reports} {card.shot.reports === 1 ? "day" : "days"} reported)
              </dd>
            </>
          )}
        </dl>
        <div>
          <div className="flex justify-between text-xs text-zinc-600 dark:text-zinc-400">
            <span>Greenlight</span>
            <span>
              {card.greenlight.done} of {card.greenlight.total}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={`Greenlight of ${card.title}`}
            aria-valuemin={0}
            aria-valuemax={card.greenlight.total}
            aria-valuenow={card.greenlight.done}
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div
              className={cn("h-full rounded-full", pct === 100 ? "bg-emerald-600" : "bg-amber-500")}
              style={{ width: `${pct}%` }}
            />
          </div>
        </div>
        {card.blockedDays && (
          <p className="flex items-start gap-1 rounded-md bg-red-50 px-2 py-1 text-xs text-red-900 dark:bg-red-950/40 dark:text-red-200">
            <AlertOctagon aria-hidden className="mt-0.5 size-3.5 flex-none" />
            <span>
              <span className="font-medium">
                {card.blockedDays.days === 1 ? "1 shoot day" : `${card.blockedDays.days} shoot days`} from{" "}
                {fmt.date(card.blockedDays.first)}
              </span>{" "}
              {card.blockedDays.messages.join("; ")}
            </span>
          </p>
        )}
        {card.blockers.length > 0 && <Blockers blockers={card.blockers} />}
        {canMove && (
          <Select
            label={`Move ${card.title} to…`}
            hideLabel
            value=""
            onChange={(e) => e.target.value && onMove({ card, to: e.target.value as Phase })}
            options={[
              { value: "", label: "Move to…" },
              ...PHASES.filter((p) => p !== card.phase).map((p) => ({ value: p, label: PHASE_LABELS[p] })),
            ]}
          />
        )}
      </article>
    </li>
  );
});

/** The list is built when opened: most cards stay closed, and a board of closed cards is a lighter page. */
function Blockers({ blockers }: { blockers: OverviewCard["blockers"] }) {
  const fmt = useFormats();
  const [open, setOpen] = useState(false);
  return (
    <details
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-md bg-red-50 px-2 py-1 text-xs text-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <summary className="flex cursor-pointer items-center gap-1 font-medium">
        <AlertTriangle aria-hidden className="size-3.5" />
        {blockers.length === 1 ? "1 blocker" : `${blockers.length} blockers`}
      </summary>
      {open && (
        <ul className="mt-1 list-disc pl-4">
          {blockers.map((b) => (
            <li key={b.kind === "greenlight" ? `g-${b.key}` : `m-${b.id}`}>
              {b.kind === "greenlight" ? `Greenlight: ${b.label}` : `Overdue since ${fmt.date(b.dueDate)}: ${b.title}`}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
