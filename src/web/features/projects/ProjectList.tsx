import { useFormats } from "../../lib/format.ts";
import { AlertTriangle } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { DocumentaryListItem, ProjectListItem } from "../../../common/project-api.ts";
import {
  PHASE_LABELS,
  PHASES,
  PROJECT_SORTS,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  type ProjectSort,
} from "../../../common/projects.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { SearchField } from "../../components/ui/Field.tsx";
import { FilterPanel } from "../../components/ui/FilterPanel.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { PAGE_SIZE, PhaseBadge } from "./shared.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { LoadError } from "../../components/LoadError.tsx";
import { useReadyInSlices } from "../../lib/ready.ts";
import { useProjectList, useSupervisors, type ProjectListKind } from "./api.ts";
import { courseOptionLabel, useFilterOptions } from "../overview/api.ts";

const SORT_LABELS: Record<ProjectSort, string> = {
  updated: "Recently changed",
  title: "Title",
  shootStart: "Shoot date",
  phase: "Phase",
};
const SEARCH_DELAY_MS = 300;
/** The filters kept in the address, so a filtered list can be shared, bookmarked and gone back to. */
const FILTERS = ["type", "phase", "courseId", "term", "supervisorId", "academicYear"] as const;

export interface Column<T> {
  header: string;
  cell(p: T): ReactNode;
  /** Shown on the phone card, under this label; the title, type and phase are always there. */
  card?: boolean;
}

export function ProjectList<T extends ProjectListItem>({
  list: kind,
  columns,
  fixedType,
  label,
  emptyText,
}: {
  /** Which list of projects: its path and its query key are in `api.ts`. */
  list: ProjectListKind;
  columns: Column<T>[];
  /** The documentary list is of one type: its type filter is not offered. */
  fixedType?: boolean;
  label: string;
  emptyText: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get("search") ?? "";
  const [search, setSearch] = useState(urlSearch);
  const typing = useRef(false);
  const page = Math.max(0, Number(params.get("page") ?? "1") - 1) || 0;
  const sort = (PROJECT_SORTS as readonly string[]).includes(params.get("sort") ?? "")
    ? (params.get("sort") as ProjectSort)
    : "updated";
  const supervisors = useSupervisors();
  const filterOptions = useFilterOptions();

  // The address changed under the box (Back, a shared link): show its search unless the person is typing.
  useEffect(() => {
    if (!typing.current) setSearch(urlSearch);
  }, [urlSearch]);

  // Typing waits for a pause before it asks the server, and replaces the address rather than adding to history.
  useEffect(() => {
    if (search.trim() === urlSearch) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (search.trim()) next.set("search", search.trim());
          else next.delete("search");
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, urlSearch, setParams]);

  const setParam = (key: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== "page") next.delete("page");
      return next;
    });

  const apiParams = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE), sort });
  if (urlSearch) apiParams.set("search", urlSearch);
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v && !(fixedType && f === "type")) apiParams.set(f, v);
  }
  if (params.get("mine") === "true") apiParams.set("mine", "true");
  const list = useProjectList<T>(kind, apiParams);
  // The count, the list and the pagination come from one answer and are drawn together, in slices.
  const data = useReadyInSlices(!!list.data) ? list.data : undefined;
  const activeFilters =
    FILTERS.filter((f) => params.get(f) && !(fixedType && f === "type")).length +
    (params.get("mine") === "true" ? 1 : 0);
  const filtered = activeFilters > 0 || !!urlSearch;

  const withCurrent = (options: string[], current: string | null) =>
    current && !options.includes(current) ? [...options, current] : options;
  const currentSupervisor = params.get("supervisorId");
  const supervisorOptions = supervisors.map((s) => ({ value: s.id, label: s.name }));
  if (currentSupervisor && !supervisors.some((s) => s.id === currentSupervisor))
    supervisorOptions.push({ value: currentSupervisor, label: "The chosen supervisor" });

  return (
    <section aria-label={label} className="flex flex-col gap-4">
      <SearchField
        className="md:max-w-xl"
        onFocus={() => (typing.current = true)}
        onBlur={() => (typing.current = false)}
        label="Search"
        placeholder="Title, logline, course or crew"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <FilterPanel active={activeFilters} className="gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {!fixedType && (
          <Select
            label="Type"
            value={params.get("type") ?? ""}
            onChange={(e) => setParam("type", e.target.value)}
            options={[
              { value: "", label: "All types" },
              ...PROJECT_TYPES.map((t) => ({ value: t, label: PROJECT_TYPE_LABELS[t] })),
            ]}
          />
        )}
        <Select
          label="Phase"
          value={params.get("phase") ?? ""}
          onChange={(e) => setParam("phase", e.target.value)}
          options={[{ value: "", label: "All phases" }, ...PHASES.map((p) => ({ value: p, label: PHASE_LABELS[p] }))]}
        />
        <Select
          label="Course"
          value={params.get("courseId") ?? ""}
          onChange={(e) => setParam("courseId", e.target.value)}
          options={[
            { value: "", label: "All courses" },
            ...(filterOptions.data?.courseList ?? []).map((c) => ({ value: c.id, label: courseOptionLabel(c) })),
          ]}
        />
        <Select
          label="Term"
          value={params.get("term") ?? ""}
          onChange={(e) => setParam("term", e.target.value)}
          options={[
            { value: "", label: "All terms" },
            ...withCurrent(filterOptions.data?.terms ?? [], params.get("term")).map((t) => ({ value: t, label: t })),
          ]}
        />
        <Select
          label="Supervisor"
          value={currentSupervisor ?? ""}
          onChange={(e) => setParam("supervisorId", e.target.value)}
          options={[{ value: "", label: "All supervisors" }, ...supervisorOptions]}
        />
        <Select
          label="Academic year"
          value={params.get("academicYear") ?? ""}
          onChange={(e) => setParam("academicYear", e.target.value)}
          options={[
            { value: "", label: "All years" },
            ...withCurrent(filterOptions.data?.academicYears ?? [], params.get("academicYear")).map((y) => ({
              value: y,
              label: y,
            })),
          ]}
        />
        <Select
          label="Sort by"
          value={sort}
          onChange={(e) => setParam("sort", e.target.value === "updated" ? "" : e.target.value)}
          options={PROJECT_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-2 md:min-h-10">
          <input
            type="checkbox"
            className="size-5 accent-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:accent-amber-400"
            checked={params.get("mine") === "true"}
            onChange={(e) => setParam("mine", e.target.checked ? "true" : "")}
          />
          Only projects I am on or supervise
        </label>
      </FilterPanel>
      <div className="flex flex-wrap items-center justify-end gap-2 empty:hidden">
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch("");
              setParams(new URLSearchParams());
            }}
          >
            Clear filters
          </Button>
        )}
      </div>

      <p aria-live="polite" className="sr-only">
        {data ? `${data.total} ${data.total === 1 ? "project" : "projects"} found` : ""}
      </p>
      {list.isError && !list.data ? (
        <LoadError what="The projects" error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <div role="status" aria-label="Loading projects" aria-busy="true" className="flex flex-col gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {filtered ? "No project matches these filters. Clear the search or loosen a filter." : emptyText}
          </p>
        </Card>
      ) : (
        <div
          className={cn("transition-opacity", list.isPlaceholderData && "opacity-60")}
          aria-busy={list.isPlaceholderData || undefined}
        >
          <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white md:block dark:border-zinc-800 dark:bg-zinc-900">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <caption className="sr-only">
                {label}, {data.total} in all
              </caption>
              <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Project
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Phase
                  </th>
                  {columns.map((c) => (
                    <th key={c.header} scope="col" className="px-3 py-3 font-medium">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id} className="border-b border-zinc-100 align-top last:border-0 dark:border-zinc-800">
                    <td className="max-w-64 px-3 py-2">
                      <Link
                        to={`/project/${p.id}`}
                        className="font-medium text-zinc-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-50"
                      >
                        {p.title}
                      </Link>
                      <div className="text-xs text-zinc-600 dark:text-zinc-400">{PROJECT_TYPE_LABELS[p.type]}</div>
                    </td>
                    <td className="px-3 py-2">
                      <PhaseBadge phase={p.phase} />
                    </td>
                    {columns.map((c) => (
                      <td key={c.header} className="px-3 py-2">
                        {c.cell(p)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden" aria-label={label}>
            {data.items.map((p) => (
              <li
                key={p.id}
                className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
              >
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to={`/project/${p.id}`}
                    className="font-medium text-zinc-900 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-50"
                  >
                    {p.title}
                  </Link>
                  <PhaseBadge phase={p.phase} />
                </div>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{PROJECT_TYPE_LABELS[p.type]}</p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {columns
                    .filter((c) => c.card !== false)
                    .map((c) => (
                      <div key={c.header} className="contents">
                        <dt className="text-zinc-600 dark:text-zinc-400">{c.header}</dt>
                        <dd className="min-w-0">{c.cell(p)}</dd>
                      </div>
                    ))}
                </dl>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data && (
        <Pagination
          label={`${label} pages`}
          page={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          onPage={(n) => setParam("page", n === 0 ? "" : String(n + 1))}
        />
      )}
    </section>
  );
}

// ── Cells shared by both lists ───────────────────────────────────────────────────────────────────

export const courseCell = (p: ProjectListItem) => (
  <span>
    {p.course || "No course"} <span className="text-zinc-600 dark:text-zinc-400">· {p.academicYear}</span>
  </span>
);
export const supervisorCell = (p: ProjectListItem) =>
  p.supervisor?.name ?? <span className="text-zinc-600 dark:text-zinc-400">None yet</span>;
export const leadsCell = (p: ProjectListItem) =>
  p.leadNames.length ? p.leadNames.join(", ") : <span className="text-zinc-600 dark:text-zinc-400">No lead</span>;
function DueDate({ day }: { day: string }) {
  return <>{useFormats().date(day)}</>;
}
export const milestoneCell = (p: ProjectListItem) =>
  p.nextMilestone ? (
    <span className={cn(p.nextMilestone.overdue && "font-medium text-red-800 dark:text-red-300")}>
      {p.nextMilestone.title} · <DueDate day={p.nextMilestone.dueDate} />
      {p.nextMilestone.overdue && " (overdue)"}
    </span>
  ) : (
    <span className="text-zinc-600 dark:text-zinc-400">None open</span>
  );
export const greenlightCell = (p: ProjectListItem) => (
  <span className="whitespace-nowrap">
    <span aria-hidden>
      {p.greenlight.done}/{p.greenlight.total}
    </span>
    <span className="sr-only">
      {p.greenlight.done} of {p.greenlight.total} done
    </span>
  </span>
);
export const blockersCell = (p: ProjectListItem) =>
  p.blockers > 0 ? (
    <Badge tone="bad">
      <AlertTriangle aria-hidden className="mr-1 inline size-3" />
      {p.blockers} {p.blockers === 1 ? "blocker" : "blockers"}
    </Badge>
  ) : (
    <span className="text-zinc-600 dark:text-zinc-400">None</span>
  );

export const countCell = (n: number, tone: "warn" | "bad") =>
  n > 0 ? <Badge tone={tone}>{n}</Badge> : <span className="text-zinc-600 dark:text-zinc-400">0</span>;
export type { DocumentaryListItem };
