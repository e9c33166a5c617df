/**
 * Whether two values are the same JSON whatever the order of their objects' keys: a `jsonb` column hands keys back
 * in an order of its own, so what was saved and what is read again compare equal only this way.
 */
export const sameJson = (a: unknown, b: unknown): boolean => sortedJson(a) === sortedJson(b);

const sortedJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
