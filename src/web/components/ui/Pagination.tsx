import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./Button.tsx";

/** Previous/next paging for a list whose total the server reports. `page` counts from 0. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 0) return null;
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {from}–{to} of {total} · page {page + 1} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page === 0}>
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Button>
        <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page + 1 >= pages}>
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
