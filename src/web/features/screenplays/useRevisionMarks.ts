import { useEffect, useMemo, useRef, useState } from "react";
import { carryChanged, changedLines, markedElements } from "../../../common/screenplay/revision-marks.ts";

/** Typing pauses this long before the marks are counted again from the diff itself. */
const SETTLE_MS = 300;

interface Known {
  before: string;
  text: string;
  lines: string[];
  changed: boolean[];
}

/**
 * The elements the preview marks with `*`: by the revision marks' rule (`revisionMarks`, as the PDF prints
 * them) against `before`, the latest revision's text; none without a revision. A whole-script diff costs up to
 * hundreds of milliseconds after a large rewrite, so a keystroke only carries the last answer over what was
 * just typed (`carryChanged`) and the diff runs again once typing pauses.
 */
export function useRevisionMarks(
  before: string | null,
  text: string,
  elementLines: readonly number[] | null,
): ReadonlySet<number> | undefined {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const known = useRef<Known | null>(null);
  const exact = useMemo(() => {
    if (before === null) return null;
    const found: Known = { before, text: settled, lines: settled.split("\n"), changed: changedLines(before, settled) };
    known.current = found;
    return found;
  }, [before, settled]);

  const changed = useMemo(() => {
    if (before === null || !exact) return null;
    const last = known.current;
    if (last && last.before === before && last.text === text) return last.changed;
    const lines = text.split("\n");
    const next: Known =
      last && last.before === before
        ? { before, text, lines, changed: carryChanged(last.changed, last.lines, lines) }
        : { before, text, lines, changed: changedLines(before, text) };
    known.current = next;
    return next.changed;
  }, [before, exact, text]);

  return useMemo(
    () => (changed && elementLines ? markedElements(changed, elementLines) : undefined),
    [changed, elementLines],
  );
}
