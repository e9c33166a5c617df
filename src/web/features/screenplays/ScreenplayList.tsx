import { useFormats } from "../../lib/format.ts";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ScreenplayScope } from "../../../common/screenplay-api.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { COLOUR_SWATCH } from "./shared.ts";
import { editorLink, useScreenplayList } from "./api.ts";

const PAGE_SIZE = 20;
const SCOPE_LABELS: Record<ScreenplayScope, string> = { all: "All I can read", mine: "Mine", projects: "My projects'" };

/** Screenplays the person may read, searched and paged by the server; `projectId` narrows it to one project. */
export function ScreenplayList({ projectId, emptyText }: { projectId?: string; emptyText: string }) {
  const fmt = useFormats();
  const [scope, setScope] = useState<ScreenplayScope>("all");
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [page, setPage] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => {
      setDebounced(search.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);
  const params = new URLSearchParams({ scope, limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  if (debounced) params.set("search", debounced);
  if (projectId) params.set("projectId", projectId);
  const list = useScreenplayList(params);

  return (
    <section aria-label="Screenplays" className="flex flex-col gap-4">
      {!projectId && (
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="relative sm:col-span-2">
            <Field
              label="Search screenplays"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Title"
            />
            <Search aria-hidden className="pointer-events-none absolute right-3 bottom-3 size-4 text-zinc-500" />
          </div>
          <Select
            label="Show"
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as ScreenplayScope);
              setPage(0);
            }}
            options={(Object.keys(SCOPE_LABELS) as ScreenplayScope[]).map((s) => ({
              value: s,
              label: SCOPE_LABELS[s],
            }))}
          />
        </div>
      )}
      {list.isError && !list.data ? (
        <LoadError what="The screenplays" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <div role="status" aria-label="Loading screenplays" aria-busy="true" className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : list.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {debounced ? "No screenplay matches this search." : emptyText}
          </p>
        </Card>
      ) : (
        <ul className={cn("flex flex-col gap-2", list.isPlaceholderData && "opacity-60")} aria-label="Screenplay list">
          {list.data.items.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="min-w-0">
                <Link
                  to={editorLink(s.id)}
                  className="font-medium text-zinc-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-50"
                >
                  {s.title}
                </Link>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {s.owner.name}
                  {s.project && !projectId ? ` · ${s.project.title}` : ""} · changed {fmt.dateTime(s.updatedAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-700 dark:text-zinc-300">
                <span>
                  {s.pages} {s.pages === 1 ? "page" : "pages"}
                </span>
                <span className="flex items-center gap-1">
                  {s.latestColour && (
                    <span
                      aria-hidden
                      className="inline-block size-3 rounded-full ring-1 ring-zinc-400"
                      style={{ background: COLOUR_SWATCH[s.latestColour] }}
                    />
                  )}
                  {s.revisionCount
                    ? `${s.revisionCount} ${s.revisionCount === 1 ? "revision" : "revisions"}${s.latestColour ? ` (latest ${s.latestColour})` : ""}`
                    : "No revisions"}
                </span>
                {s.openNotes > 0 && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
                    {s.openNotes} open {s.openNotes === 1 ? "note" : "notes"}
                  </span>
                )}
                {!s.canEdit && <span className="text-xs">Read only</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Pagination
          label="Screenplay pages"
          page={page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={setPage}
        />
      )}
    </section>
  );
}
