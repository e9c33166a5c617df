import { useId, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
  icon?: ReactNode;
}

/** Native radios in a fieldset: arrow keys move the choice, the legend names the group. */
export function RadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  disabled,
  className,
}: {
  legend: string;
  value: T;
  options: RadioOption<T>[];
  onChange(value: T): void;
  disabled?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((o) => {
          const id = `${name}-${o.value}`;
          const checked = o.value === value;
          return (
            // The label stretches over the whole card, so the card is the click target while the
            // radio's name stays just the label and the description is read as its description.
            <div
              key={o.value}
              className={cn(
                "relative flex min-h-11 items-start gap-3 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500",
                checked
                  ? "border-zinc-900 bg-zinc-100 dark:border-amber-400 dark:bg-zinc-800"
                  : "border-zinc-300 bg-white hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800",
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => onChange(o.value)}
                aria-describedby={o.description ? `${id}-desc` : undefined}
                className="relative z-10 mt-0.5 size-4 shrink-0 accent-zinc-900 focus-visible:outline-none dark:accent-amber-400"
              />
              <span className="flex min-w-0 flex-col">
                <label
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-1.5 font-medium text-zinc-900 after:absolute after:inset-0 dark:text-zinc-100"
                >
                  {o.icon}
                  {o.label}
                </label>
                {o.description && (
                  <span id={`${id}-desc`} className="text-xs text-zinc-600 dark:text-zinc-400">
                    {o.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
