/**
 * Revision marks: the `*` a revised page prints in the right margin beside every printed line of an element
 * changed since the revision before. One rule for the PDF, the Final Draft export and the editor's preview.
 */
import { diffLines } from "./diff.ts";
import type { Row } from "./layout.ts";

/** The mark and the column it prints at, in characters from the left margin: past the right scene number. */
export const REVISION_MARK = "*";
export const REVISION_MARK_COL = 66;

/**
 * Per line of `after` (0-based): whether it is written anew since `before`, i.e. not one of the lines the two
 * texts keep in common (their diff's "same" lines). Blank lines never count: they change no printed text.
 */
export function changedLines(before: string, after: string): boolean[] {
  const out: boolean[] = [];
  for (const d of diffLines(before, after))
    if (d.newLine !== null) out[d.newLine - 1] = d.kind === "added" && d.text.trim() !== "";
  return out;
}

/**
 * The elements holding a changed line, as the source lines (0-based) they start at; `elementLines` are the
 * parsed elements' lines, in order. A line before the first element (the title page) marks nothing.
 */
export function markedElements(changed: readonly boolean[], elementLines: readonly number[]): Set<number> {
  const out = new Set<number>();
  // Both run in line order: the last element starting at or before a changed line holds it.
  let e = -1;
  for (let line = 0; line < changed.length; line++) {
    if (!changed[line]) continue;
    while (e + 1 < elementLines.length && elementLines[e + 1]! <= line) e++;
    if (e >= 0) out.add(elementLines[e]!);
  }
  return out;
}

/**
 * The elements a page marks with `*`: those changed since `before` (the text of the revision before; null when
 * there is none, and nothing is marked), and `stored` (the elements an imported Final Draft file marked).
 */
export function revisionMarks(
  before: string | null,
  after: string,
  elementLines: readonly number[],
  stored: readonly number[] = [],
): Set<number> {
  const out = before === null ? new Set<number>() : markedElements(changedLines(before, after), elementLines);
  for (const line of stored) out.add(line);
  return out;
}

/** Whether a printed row carries the mark: a row with text of a marked element (of a dual row, the left side's). */
export const isRevisedRow = (row: Pick<Row, "line" | "cells">, revised: ReadonlySet<number> | undefined): boolean =>
  row.line !== null && row.cells.length > 0 && !!revised?.has(row.line);

/**
 * `changedLines(before, next)` while typing, without a diff of the whole script per keystroke: the lines `prev`
 * and `next` share at their head and tail keep their state, the ones in between (what was just typed) are
 * changed unless blank. It can only mark more than the diff does (text typed back as it was stays marked) and
 * the editor replaces it with the diff's answer once typing pauses.
 */
export function carryChanged(changed: readonly boolean[], prev: readonly string[], next: readonly string[]): boolean[] {
  let head = 0;
  while (head < prev.length && head < next.length && prev[head] === next[head]) head++;
  let tail = 0;
  while (
    tail < prev.length - head &&
    tail < next.length - head &&
    prev[prev.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail++;
  const out = changed.slice(0, head);
  for (let i = head; i < next.length - tail; i++) out.push(next[i]!.trim() !== "");
  for (let i = prev.length - tail; i < prev.length; i++) out.push(changed[i] ?? false);
  return out;
}
