import { useState } from "react";
import type { ProjectDetail } from "../../../../common/project-api.ts";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { Skeleton } from "../../../components/ui/Skeleton.tsx";
import { useFormats } from "../../../lib/format.ts";
import { useActivity } from "../api.ts";

const SIZE = 20;

export function Activity({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const [page, setPage] = useState(0);
  const log = useActivity(project.id, page, SIZE);
  const items = log.data?.items ?? (page === 0 ? project.activity : null);
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-4">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Activity
      </h2>
      {!items ? (
        <Skeleton className="h-24" />
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing has happened on this project yet.</p>
      ) : (
        <ol className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {items.map((a) => (
            <li key={a.id} className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:justify-between sm:gap-4">
              <span>{a.summary}</span>
              <time dateTime={a.createdAt} className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                {fmt.dateTime(a.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {log.data && (
        <Pagination label="Activity pages" page={page} pageSize={SIZE} total={log.data.total} onPage={setPage} />
      )}
    </section>
  );
}
