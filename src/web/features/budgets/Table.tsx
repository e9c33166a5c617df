import type { ReactNode, Ref, TableHTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";

export const cell = "px-3 py-1.5 text-left align-top";
export const num = "px-3 py-1.5 text-right tabular-nums whitespace-nowrap";
const frame =
  "relative overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";

export interface Column {
  /** What the header says; a column of buttons can give a label only screen readers read. */
  label: ReactNode;
  numeric?: boolean;
  className?: string;
}

/**
 * The budget's tables (the sheet, the top sheet, the approver's lines, the variance tables): one frame, one
 * caption style and one header row, so the budget tab and the approval page read alike.
 */
export function DataTable({
  caption,
  columns,
  children,
  className,
  tableRef,
  ...rest
}: {
  caption?: ReactNode;
  columns: Column[];
  children: ReactNode;
  tableRef?: Ref<HTMLTableElement>;
} & TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div className={frame}>
      <table ref={tableRef} className={cn("w-full text-sm", className)} {...rest}>
        {caption && <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>}
        <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={cn(c.numeric ? num : cell, c.className)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
