import type { DiffLine } from "../../../common/screenplay/diff.ts";
import { cn } from "../../lib/cn.ts";

/** Changed lines marked, unchanged runs folded to a few lines of context around each change. */
export function DiffView({ lines, label, context = 2 }: { lines: DiffLine[]; label: string; context?: number }) {
  const keep = new Set<number>();
  lines.forEach((l, i) => {
    if (l.kind === "same") return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep.add(k);
  });
  if (keep.size === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">No lines differ.</p>;
  const out: React.ReactNode[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (!keep.has(i)) {
      skipped++;
      return;
    }
    if (skipped)
      out.push(
        <li key={`skip-${i}`} className="px-2 text-zinc-500 italic">
          … {skipped} unchanged {skipped === 1 ? "line" : "lines"}
        </li>,
      );
    skipped = 0;
    out.push(
      <li
        key={i}
        className={cn(
          "px-2 whitespace-pre-wrap",
          l.kind === "added" && "bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100",
          l.kind === "removed" &&
            "bg-red-100 text-red-950 line-through decoration-red-700/50 dark:bg-red-950 dark:text-red-100",
        )}
      >
        <span className="sr-only">{l.kind === "added" ? "Added: " : l.kind === "removed" ? "Removed: " : ""}</span>
        <span aria-hidden className="mr-2 inline-block w-3 select-none">
          {l.kind === "added" ? "+" : l.kind === "removed" ? "−" : " "}
        </span>
        {l.text || " "}
      </li>,
    );
  });
  if (skipped)
    out.push(
      <li key="skip-end" className="px-2 text-zinc-500 italic">
        … {skipped} unchanged {skipped === 1 ? "line" : "lines"}
      </li>,
    );
  return (
    <ol
      aria-label={label}
      className="max-h-96 overflow-auto rounded-md border border-zinc-200 bg-white py-1 font-mono text-sm dark:border-zinc-800 dark:bg-zinc-950"
    >
      {out}
    </ol>
  );
}
