import { AlertOctagon, AlertTriangle } from "lucide-react";
import type { DayCheck } from "../../../common/day-checks.ts";
import { cn } from "../../lib/cn.ts";

/**
 * A shoot day's checks (common/day-checks.ts) where the day is shown: on its stripboard column, compact, and on
 * its call sheet. Blocking ones first, in red; warnings in amber.
 */
export function DayChecks({ checks, compact = false }: { checks: readonly DayCheck[]; compact?: boolean }) {
  if (checks.length === 0) return null;
  const ordered = [...checks].sort((a, b) => (a.level === b.level ? 0 : a.level === "blocking" ? -1 : 1));
  return (
    <ul aria-label="Checks for this day" className={cn("flex flex-col", compact ? "mt-1 gap-0.5" : "gap-1")}>
      {ordered.map((c, i) => {
        const Icon = c.level === "blocking" ? AlertOctagon : AlertTriangle;
        return (
          <li
            key={i}
            data-check={c.source}
            data-level={c.level}
            className={cn(
              "flex items-start gap-1.5",
              compact ? "text-xs" : "rounded-md px-2 py-1 text-sm",
              c.level === "blocking" ? "text-red-800 dark:text-red-300" : "text-amber-900 dark:text-amber-200",
              !compact &&
                (c.level === "blocking" ? "bg-red-50 dark:bg-red-950/40" : "bg-amber-50 dark:bg-amber-950/40"),
            )}
          >
            <Icon aria-hidden className={cn("mt-0.5 flex-none", compact ? "size-3" : "size-4")} />
            <span>{c.message}</span>
          </li>
        );
      })}
    </ul>
  );
}
