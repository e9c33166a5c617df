import { useId, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** An on/off setting (WAI-ARIA switch): Space or Enter toggles it, its state is read out as on or off. */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  id,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  id?: string;
}) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const labelId = `${switchId}-label`;
  const descId = description ? `${switchId}-desc` : undefined;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={labelId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {label}
        </span>
        {description && (
          <p id={descId} className="text-xs text-zinc-600 dark:text-zinc-400">
            {description}
          </p>
        )}
      </div>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed disabled:opacity-60",
          checked ? "bg-zinc-900 dark:bg-amber-400" : "bg-zinc-400 dark:bg-zinc-600",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "inline-block size-6 rounded-full bg-white shadow transition-transform dark:bg-zinc-950",
            checked ? "translate-x-5" : "translate-x-0",
          )}
        />
      </button>
    </div>
  );
}
