import { useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { LeaveScope, unsavedWork } from "../../lib/useLeaveGuard.ts";
import { LeavePrompt } from "./LeavePrompt.tsx";

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the tab order.
 *
 * Switching replaces the panel, and with it any form in it: with unsaved work there (useLeaveGuard) the
 * tab asks Leave or Stay first. Tabs kept in the address (`inAddress`: the page's `?tab=`) leave that
 * question to the router's LeaveGuard, which asks before the address changes.
 */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
  inAddress,
}: {
  tabs: Tab[];
  selected: string;
  onSelect(id: string): void;
  label: string;
  inAddress?: boolean;
}) {
  const base = useId();
  const outer = useContext(LeaveScope);
  const [scope] = useState(() => Symbol(label));
  const scopes = useMemo(() => [...outer, scope], [outer, scope]);
  const [asking, setAsking] = useState<{ id: string; what: string[] } | null>(null);
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

  /** Selects `id` now, or asks first; true when it was selected. */
  const choose = (id: string): boolean => {
    if (id === current?.id) return true;
    const what = inAddress ? [] : unsavedWork(scope);
    if (what.length === 0) {
      onSelect(id);
      return true;
    }
    setAsking({ id, what });
    return false;
  };

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : e.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    if (choose(tabs[next]!.id)) refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800"
      >
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
              onClick={() => choose(t.id)}
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
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          className="pt-3"
        >
          <LeaveScope.Provider value={scopes}>{current.content}</LeaveScope.Provider>
        </div>
      )}
      <LeavePrompt
        open={!!asking}
        what={asking?.what ?? []}
        onStay={() => setAsking(null)}
        onLeave={() => {
          if (!asking) return;
          setAsking(null);
          onSelect(asking.id);
          refs.current[tabs.findIndex((t) => t.id === asking.id)]?.focus();
        }}
      />
    </div>
  );
}
