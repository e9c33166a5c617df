/**
 * What every checklist of the portal shares (the school's and a course's greenlight, the delivery lists): keys
 * that tell items apart, labels, the length of a list. Kept apart from `school.ts` so the delivery list, which is
 * also a school setting, can use them without an import circle.
 */
import { z } from "zod";

export const GREENLIGHT_ITEMS_MAX = 20;
export const GREENLIGHT_LABEL_MIN = 2;
export const GREENLIGHT_LABEL_MAX = 80;

/** A stable key for a new greenlight item, from its label ("Risk assessment" → "risk_assessment"). */
export function slugify(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return slug || "item";
}

/** A key for a new item that no other item of the list has. */
export function uniqueKey(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slugify(label);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A checklist's items are told apart by their keys (ticks are stored under them): no two may share one. */
export function distinctKeys(items: { key: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.key))
      ctx.addIssue({
        code: "custom",
        path: [i, "key"],
        message: `Two checklist items share the key “${item.key}”; each needs its own.`,
      });
    seen.add(item.key);
  });
}

export const checklistKeySchema = z
  .string("Each checklist item needs a key.")
  .regex(
    /^[a-z0-9]+(_[a-z0-9]+)*$/,
    "A checklist item's key may hold only lower-case letters, digits and single underscores.",
  )
  .max(40, "A checklist item's key may be at most 40 characters long.");

export const checklistLabelSchema = z
  .string("Each checklist item needs a label.")
  .trim()
  .min(GREENLIGHT_LABEL_MIN, `A checklist item's label needs at least ${GREENLIGHT_LABEL_MIN} characters.`)
  .max(GREENLIGHT_LABEL_MAX, `A checklist item's label may be at most ${GREENLIGHT_LABEL_MAX} characters long.`);
