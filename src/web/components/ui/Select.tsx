import { useId, type SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: { value: string; label: string }[];
  /** Keeps the label for screen readers only, for selects inside a table row or a filter bar. */
  hideLabel?: boolean;
}

export function Select({ label, options, hideLabel, className, id, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label
        htmlFor={selectId}
        className={cn("text-sm font-medium text-zinc-800 dark:text-zinc-200", hideLabel && "sr-only")}
      >
        {label}
      </label>
      <select
        id={selectId}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-2 text-base text-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
