import type { Block, GuideChapter, GuideSection } from "./chapters/types.ts";

/** The only inline markup of the guide: **bold** and [label](/path). */
export const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)]+)\)/g;

/** The words a reader sees: inline markup dropped, link targets left out. */
export const plainText = (inline: string) =>
  inline.replace(INLINE, (_m, bold?: string, label?: string) => bold ?? label ?? "");

export function blockText(block: Block): string {
  if ("p" in block) return plainText(block.p);
  if ("note" in block) return plainText(block.note);
  if ("list" in block) return block.list.map(plainText).join(" ");
  if ("steps" in block) return block.steps.map(plainText).join(" ");
  return [block.table.head, ...block.table.rows].map((row) => row.map(plainText).join(" · ")).join(" · ");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Search words of a query: lower-cased, at least two letters, each once. */
export function queryTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}@.'-]+/u)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, ""));
  return [...new Set(words.filter((w) => w.length >= 2))];
}

/** A pattern that finds any of the terms, for highlighting; null when there is nothing to find. */
export function termPattern(terms: string[]): RegExp | null {
  if (terms.length === 0) return null;
  return new RegExp(
    `(${[...terms]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join("|")})`,
    "gi",
  );
}

export interface Segment {
  text: string;
  hit: boolean;
}

export function highlight(text: string, pattern: RegExp | null): Segment[] {
  if (!pattern) return [{ text, hit: false }];
  // The pattern has one capturing group, so split puts the matches at the odd places.
  return text
    .split(pattern)
    .map((part, i) => ({ text: part, hit: i % 2 === 1 }))
    .filter((s) => s.text !== "");
}

export interface SearchResult {
  chapter: GuideChapter;
  chapterNumber: number;
  section: GuideSection;
  snippet: Segment[];
}

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 200;

function snippetAround(text: string, terms: string[], pattern: RegExp): Segment[] {
  const lower = text.toLowerCase();
  const first = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0));
  const at = Number.isFinite(first) ? first : 0;
  let start = Math.max(0, at - SNIPPET_BEFORE);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > at ? text.lastIndexOf(" ", end) : end;
  const body = `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
  return highlight(body, pattern);
}

/**
 * Sections that contain every term (in their heading, their text or their chapter's title), best
 * first: a term in a heading counts more than one in the text.
 */
export function searchGuide(chapters: GuideChapter[], query: string): SearchResult[] {
  const terms = queryTerms(query);
  const pattern = termPattern(terms);
  if (!pattern) return [];
  const scored: (SearchResult & { score: number; order: number })[] = [];
  chapters.forEach((chapter, ci) => {
    chapter.sections.forEach((section, si) => {
      const heading = section.heading.toLowerCase();
      const body = section.blocks.map(blockText).join(" ");
      const haystack = `${chapter.title.toLowerCase()} ${heading} ${body.toLowerCase()}`;
      if (!terms.every((t) => haystack.includes(t))) return;
      const score = terms.reduce(
        (sum, t) => sum + (heading.includes(t) ? 10 : 0) + Math.min(5, body.toLowerCase().split(t).length - 1),
        0,
      );
      scored.push({
        chapter,
        chapterNumber: ci + 1,
        section,
        snippet: snippetAround(body, terms, pattern),
        score,
        order: ci * 1000 + si,
      });
    });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map(({ score: _s, order: _o, ...r }) => r);
}
