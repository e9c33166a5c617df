import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./Field.tsx";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled multi-line input, the sibling of Field (same frame: marker, hint and error). */
export function Textarea({ label, hint, error, required, className, id, rows = 3, ...rest }: TextareaProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required} className={className} id={id}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:border-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
