import { SlidersHorizontal } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Button } from "./Button.tsx";

/**
 * Filters that fold behind a "Filters" button below the md breakpoint, so on a phone the list starts on
 * the first screen; from md up they are always shown. The button carries the count of active filters,
 * so folded filters never hide that the list is filtered.
 */
export function FilterPanel({
  active,
  label = "Filters",
  className,
  children,
}: {
  active: number;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <Button
        variant="secondary"
        className="self-start md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        Filters
        {active > 0 && (
          <span className="rounded-full bg-zinc-900 px-2 text-xs leading-5 text-white dark:bg-amber-400 dark:text-zinc-950">
            {active}
            <span className="sr-only"> active</span>
          </span>
        )}
      </Button>
      <div id={id} className={cn(open ? "grid" : "hidden", "md:grid", className)}>
        {children}
      </div>
    </section>
  );
}
