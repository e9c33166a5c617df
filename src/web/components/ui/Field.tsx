import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Search } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** What a labelled control receives from its frame: its id, and the ARIA that ties it to the label, hint and error. */
export interface ControlProps {
  id: string;
  required?: boolean;
  "aria-required"?: true;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FrameProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  id?: string;
  children(control: ControlProps): ReactNode;
}

/** The label, required marker, hint and error around one control; Field and Textarea share it. */
export function FieldFrame({ label, hint, error, required, className, id, children }: FrameProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      {/* The marker sits outside the <label> so that the label's text is exactly the field's name. */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {required && (
          <span aria-hidden className="text-sm text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </div>
      {children({
        id: inputId,
        required,
        "aria-required": required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled input; required fields carry a visible marker and aria-required. */
export function Field({ label, hint, error, required, className, id, ...rest }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required} className={className} id={id}>
      {(control) => (
        <input
          {...control}
          className="min-h-11 rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:border-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 md:min-h-10 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

/** A search box with its magnifier; `className` places the whole box. */
export function SearchField({ className, ...rest }: Omit<FieldProps, "type">) {
  return (
    <div className={cn("relative", className)}>
      <Field type="search" {...rest} />
      <Search aria-hidden className="pointer-events-none absolute top-10 right-3 size-4 text-zinc-400" />
    </div>
  );
}
