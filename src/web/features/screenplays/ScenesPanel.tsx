import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useState } from "react";
import { formatEighths } from "../../../common/eighths.ts";
import type { LayoutScene } from "../../../common/screenplay/layout.ts";
import { Button } from "../../components/ui/Button.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The scene navigator: every scene with its page and length; a click goes to its heading in the text. In a draft
 * whose scene numbers are not locked, a scene is dragged (or moved with its arrows, from the keyboard and on a
 * phone) to another place, and the text is rewritten in the new order.
 */
export function ScenesPanel({
  scenes,
  cursorLine,
  onGoTo,
  onMove,
  moveBlocked,
}: {
  scenes: readonly LayoutScene[];
  cursorLine: number;
  onGoTo: (line: number) => void;
  /** Absent when the scenes may not move; `from` and `to` count the scenes that have a heading in the text. */
  onMove?: (from: number, to: number) => void;
  /** Why the scenes stay where they are, shown instead of the arrows. */
  moveBlocked?: string;
}) {
  const listed = scenes.filter((s) => s.line !== null) as (LayoutScene & { line: number })[];
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const current = listed.findLastIndex((s) => s.line <= cursorLine);
  if (listed.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No scenes yet.</p>;
  return (
    <div className="flex flex-col gap-2">
      {moveBlocked && <p className="text-xs text-zinc-600 dark:text-zinc-400">{moveBlocked}</p>}
      <ol
        aria-label="Scenes"
        className="flex flex-col divide-y divide-zinc-100 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {listed.map((s, i) => (
          <li
            key={`${s.number}-${s.line}`}
            draggable={!!onMove}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", String(i));
            }}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== i) onMove?.(dragging, i);
              setDragging(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            aria-current={i === current ? "location" : undefined}
            className={cn(
              "flex items-center gap-2 px-2 py-1.5 text-sm",
              i === current && "bg-amber-50 dark:bg-amber-950/40",
              over === i && dragging !== null && "outline-2 outline-amber-500",
              dragging === i && "opacity-50",
            )}
          >
            {onMove && <GripVertical aria-hidden className="size-4 flex-none cursor-grab text-zinc-400" />}
            <button
              type="button"
              onClick={() => onGoTo(s.line)}
              className="flex min-h-10 min-w-0 grow items-center gap-2 rounded text-left hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <span className="w-8 flex-none font-mono text-xs text-zinc-600 dark:text-zinc-400">{s.number}</span>
              <span className="truncate font-medium">{s.heading}</span>
              <span className="ml-auto flex-none text-xs text-zinc-600 dark:text-zinc-400">
                p. {s.page} · {formatEighths(s.eighths)}
              </span>
            </button>
            {onMove && (
              <span className="flex flex-none">
                <Button
                  variant="ghost"
                  className="px-2"
                  aria-label={`Move scene ${s.number} up`}
                  disabled={i === 0}
                  onClick={() => onMove(i, i - 1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  className="px-2"
                  aria-label={`Move scene ${s.number} down`}
                  disabled={i === listed.length - 1}
                  onClick={() => onMove(i, i + 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
