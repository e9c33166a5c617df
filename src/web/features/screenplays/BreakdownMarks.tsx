import { BREAKDOWN_CATEGORIES, CATEGORY_LABELS, type BreakdownCategory } from "../../../common/screenplay/breakdown.ts";
import { markElements } from "../../../common/screenplay/marks.ts";
import { cn } from "../../lib/cn.ts";

/** A tagged element as the marks read it: its words and its category. */
export type MarkElement = { name: string; category: BreakdownCategory };

/**
 * The marks of a breakdown sheet as the industry draws them (cast red, extras green, stunts orange, special effects
 * blue, props violet, vehicles and animals pink, sound brown, wardrobe circled, make-up starred), with text that
 * stays readable; on the Breakdown tab's chips and words, and on the words of the editor's page preview.
 */
export const CATEGORY_MARK: Record<BreakdownCategory, string> = {
  cast: "bg-red-100 text-red-900 ring-red-300",
  extras: "bg-green-100 text-green-900 ring-green-300",
  props: "bg-violet-100 text-violet-900 ring-violet-300",
  wardrobe: "rounded-full bg-white text-zinc-900 ring-2 ring-zinc-700",
  makeup: "bg-white text-zinc-900 ring-zinc-300 after:ml-0.5 after:font-bold after:content-['*']",
  vehicles: "bg-pink-100 text-pink-900 ring-pink-300",
  sfx: "bg-blue-100 text-blue-900 ring-blue-300",
  stunts: "bg-orange-100 text-orange-900 ring-orange-300",
  animals: "bg-pink-100 text-pink-900 ring-pink-300",
  sound: "bg-amber-200 text-amber-950 ring-amber-500",
  locations: "bg-zinc-100 text-zinc-900 ring-zinc-300",
};

/**
 * In a page preview the words keep their printed place: a mark is exactly one line high with its ring inside, so
 * neither its colour nor its ring covers the line above or below (the page's lines are as high as its letters),
 * and make-up's star is drawn above the word's end instead of taking a column.
 */
const FITTED = "relative inline-block ring-inset after:absolute after:-top-[0.5em] after:-right-[0.4em] after:ml-0";

/** `text` with each tagged element's words marked in its category's colour, named by the category (title). */
export function MarkedText({
  text,
  elements,
  fitted,
}: {
  text: string;
  elements: readonly MarkElement[];
  /** On a printed page: marks that never reach beyond their line or move a character. */
  fitted?: boolean;
}) {
  if (elements.length === 0) return text;
  return markElements(text, elements).map((span, i) =>
    span.category ? (
      <mark
        key={i}
        title={CATEGORY_LABELS[span.category]}
        className={cn("rounded-sm ring-1", CATEGORY_MARK[span.category], fitted && FITTED)}
      >
        {span.text}
      </mark>
    ) : (
      span.text
    ),
  );
}

/** The categories present among `elements`, each with its mark: what the colours of a marked text mean. */
export function MarksLegend({ elements, className }: { elements: readonly MarkElement[]; className?: string }) {
  const present = BREAKDOWN_CATEGORIES.filter((c) => elements.some((e) => e.category === c));
  if (present.length === 0) return null;
  return (
    <ul aria-label="Breakdown colours" className={cn("flex flex-wrap gap-1.5 text-xs", className)}>
      {present.map((c) => (
        <li key={c} className={cn("rounded-sm px-1.5 py-0.5 ring-1", CATEGORY_MARK[c])}>
          {CATEGORY_LABELS[c]}
        </li>
      ))}
    </ul>
  );
}
