import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the tab order. */
export function Tabs({ tabs, selected, onSelect, label }: { tabs: Tab[]; selected: string; onSelect(id: string): void; label: string }) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  const listRef = useRef<HTMLDivElement>(null);
  const currentIndex = current ? tabs.indexOf(current) : -1;

  // Where the tab list scrolls sideways (a phone), the selected tab is brought into sight, also when a
  // link opens the page on a later tab; only the list scrolls, never the page.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[currentIndex];
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const l = list.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < l.left) list.scrollLeft -= l.left - t.left + 16;
    else if (t.right > l.right) list.scrollLeft += t.right - l.right + 16;
  }, [currentIndex]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = e.key === "ArrowRight" ? (index === last ? 0 : index + 1) : e.key === "ArrowLeft" ? (index === 0 ? last : index - 1) : e.key === "Home" ? 0 : e.key === "End" ? last : null;
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div ref={listRef} role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {tabs.map((t, i) => {
          const active = t.id === current?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                "-mb-px min-h-10 border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-500",
                active
                  ? "border-amber-500 text-zinc-900 dark:text-zinc-50"
                  : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} className="pt-3">
          {current.content}
        </div>
      )}
    </div>
  );
}
