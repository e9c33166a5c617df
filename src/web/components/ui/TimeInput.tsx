import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { parseTime } from "../../../common/datetime.ts";
import { cn } from "../../lib/cn.ts";
import { useFormats } from "../../lib/format.ts";
import { FieldFrame } from "./Field.tsx";

const NOT_A_TIME = "Type a time of day, such as 16:00 or 4:00 PM.";

interface TimeInputProps {
  /** "HH:MM", or "" when none is set. */
  value: string;
  onChange(value: string): void;
  "aria-label"?: string;
  "aria-describedby"?: string;
  id?: string;
  required?: boolean;
  className?: string;
  /** Where the message about a time that cannot be read goes; the bare input shows it below itself. */
  onError?(message: string | undefined): void;
}

/**
 * A time of day typed as text and shown on the school's clock. The browser's own time input draws
 * the viewer's locale ("04:00 PM" beside a "16:00" in the text), so it is not used. What was typed
 * is kept until it reads as a time; a text that does not is refused beside the field, never guessed.
 */
export function TimeInput({ value, onChange, onError, className, ...rest }: TimeInputProps) {
  const fmt = useFormats();
  const shown = value ? fmt.time(value) : "";
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  // a value changed elsewhere (a reload, a reset) replaces the text, but never while the person types
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setText(shown);
  }, [shown]);
  const report = (message: string | undefined) => {
    setError(message);
    onError?.(message);
  };
  const read = (typed: string) => {
    if (typed.trim() === "") return rest.required ? (report(NOT_A_TIME), null) : (report(undefined), "");
    const parsed = parseTime(typed);
    report(parsed ? undefined : NOT_A_TIME);
    return parsed;
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <input
        type="text"
        inputMode="text"
        autoComplete="off"
        {...rest}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [rest["aria-describedby"], error && !onError ? errorId : undefined].filter(Boolean).join(" ") || undefined
        }
        onFocus={() => (typing.current = true)}
        className={cn(
          "min-h-10 w-28 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
          className,
        )}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseTime(e.target.value);
          if (parsed !== null) (setError(undefined), onError?.(undefined), onChange(parsed));
          else if (e.target.value.trim() === "" && !rest.required) onChange("");
        }}
        onBlur={() => {
          typing.current = false;
          const parsed = read(text);
          // show what was understood, in the school's clock, as the person leaves the field
          if (parsed !== null) setText(parsed ? fmt.time(parsed) : "");
        }}
      />
      {error && !onError && (
        <span id={errorId} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </span>
  );
}

/** A labelled time of day, with its hint and the message about a time that cannot be read. */
export function TimeField({
  label,
  hint,
  required,
  className,
  ...rest
}: Omit<TimeInputProps, "onError" | "aria-label" | "className"> & {
  label: string;
  hint?: ReactNode;
  className?: string;
}) {
  const [error, setError] = useState<string | undefined>();
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required} className={className} id={rest.id}>
      {(control) => (
        <TimeInput
          {...rest}
          id={control.id}
          aria-describedby={control["aria-describedby"]}
          required={required}
          onError={setError}
          className="min-h-11 w-full px-3 text-base md:min-h-10 sm:text-sm"
        />
      )}
    </FieldFrame>
  );
}
