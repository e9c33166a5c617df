import { useEffect, useState, type ChangeEvent } from "react";

export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A text field whose value is read from what is typed (a count, pages in eighths): the text stays as typed, the
 * value is passed on only when it reads, and what does not read is said under the field. Empty is "not given".
 * Only a value changed elsewhere (another writer's save, a reload) replaces the text.
 */
export function useTypedField<T>(opts: {
  value: T | null;
  read(typed: string): Reading<T>;
  write(value: T): string;
  onChange(value: T | null): void;
}) {
  const { value, read, write } = opts;
  const [text, setText] = useState(value === null ? "" : write(value));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const parsed = read(text);
    if (!(parsed.ok && parsed.value === value) && !(text.trim() === "" && value === null))
      setText(value === null ? "" : write(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return {
    value: text,
    error,
    onChange(e: ChangeEvent<HTMLInputElement>) {
      const typed = e.target.value;
      setText(typed);
      if (typed.trim() === "") {
        setError(undefined);
        return opts.onChange(null);
      }
      const parsed = read(typed);
      setError(parsed.ok ? undefined : parsed.message);
      if (parsed.ok) opts.onChange(parsed.value);
    },
  };
}
