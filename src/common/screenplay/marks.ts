/**
 * Where a scene's tagged elements stand in its text, so the breakdown shows them in their category's colour as a
 * breakdown sheet marks them by hand. Pure, so the rule is tested on its own.
 */

export interface MarkSpan<C extends string> {
  text: string;
  /** The category of the element these words are; absent for the words between. */
  category?: C;
}

const isWordChar = (ch: string | undefined) => !!ch && /[\p{L}\p{N}_]/u.test(ch);

/**
 * Splits `text` into spans, marking each whole-word occurrence of an element's name (any case, any run of spaces
 * or line breaks between its words). Longer names win where two overlap ("OLD CAR" over "CAR"); among names of one
 * length the first element given wins. The spans' texts joined give `text` back unchanged; two marks of one
 * category that touch read as one.
 */
export function markElements<C extends string>(
  text: string,
  elements: readonly { name: string; category: C }[],
): MarkSpan<C>[] {
  const names = elements
    .map((e, order) => ({ words: e.name.trim().split(/\s+/).filter(Boolean), category: e.category, order }))
    .filter((e) => e.words.length > 0)
    .sort((a, b) => b.words.join(" ").length - a.words.join(" ").length || a.order - b.order);
  // Marked characters, claimed by the longest names first.
  const claimed: (C | undefined)[] = new Array(text.length);
  for (const { words, category } of names) {
    const pattern = new RegExp(words.map(escape).join("\\s+"), "giu");
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0].length === 0 || isWordChar(text[start - 1]) || isWordChar(text[end])) continue;
      let free = true;
      for (let i = start; i < end && free; i++) free = claimed[i] === undefined;
      if (free) for (let i = start; i < end; i++) claimed[i] = category;
    }
  }
  const spans: MarkSpan<C>[] = [];
  let from = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && claimed[i] === claimed[from]) continue;
    spans.push(
      claimed[from] === undefined
        ? { text: text.slice(from, i) }
        : { text: text.slice(from, i), category: claimed[from] },
    );
    from = i;
  }
  return spans;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
