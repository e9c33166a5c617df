/** A copy of `list` with item `i` moved one place up (-1) or down (1): the arrows of an ordered list. */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const next = [...list];
  [next[i], next[i + by]] = [next[i + by]!, next[i]!];
  return next;
}
