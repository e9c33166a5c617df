/**
 * The title page as a form: its fields read from the script's leading `Key: value` block and written back into
 * it, so the text stays plain Fountain and what the writer typed elsewhere is untouched.
 */
import { CONTINUATION, LONE_NOTE, TITLE_PAIR, TITLE_START } from "./fountain.ts";

/** The fields a title page carries, in the order they are written; each key is one the parser reads. */
export const TITLE_PAGE_FIELDS = [
  { key: "title", label: "Title", multiline: true },
  { key: "credit", label: "Credit", multiline: false },
  { key: "author", label: "Author", multiline: true },
  { key: "source", label: "Source", multiline: true },
  { key: "draft_date", label: "Draft date", multiline: false },
  { key: "contact", label: "Contact", multiline: true },
  { key: "copyright", label: "Copyright", multiline: false },
] as const;
export type TitlePageKey = (typeof TITLE_PAGE_FIELDS)[number]["key"];
export type TitlePageFields = Record<TitlePageKey, string>;

/** Keys the parser reads as one of the form's fields. */
const ALIASES: Record<string, TitlePageKey> = { authors: "author", date: "draft_date" };
const keyOf = (raw: string) => raw.trim().toLowerCase().replace(/ +/g, "_");

interface Block {
  start: number;
  end: number;
  pairs: { key: string; lines: string[] }[];
}

/** Where the title page's lines are (`start` to before `end`), or where one would go. */
function findBlock(lines: string[]): Block {
  let i = 0;
  while (i < lines.length && (lines[i]!.trim() === "" || LONE_NOTE.test(lines[i]!))) i++;
  if (i >= lines.length || !TITLE_START.test(lines[i]!)) return { start: 0, end: 0, pairs: [] };
  const start = i;
  const pairs: Block["pairs"] = [];
  for (; i < lines.length; i++) {
    const t = lines[i]!;
    if (t.trim() === "") break;
    const pair = TITLE_PAIR.exec(t);
    if (pair) pairs.push({ key: keyOf(pair[1]!), lines: pair[2]!.trim() ? [pair[2]!.trim()] : [] });
    else if (CONTINUATION.test(t) && pairs.length > 0) pairs.at(-1)!.lines.push(t.trim());
    else break;
  }
  return { start, end: i, pairs };
}

/** The form's values as the writer typed them (emphasis marks kept), one line per line of the value. */
export function readTitlePage(text: string): TitlePageFields {
  const fields = Object.fromEntries(TITLE_PAGE_FIELDS.map((f) => [f.key, ""])) as TitlePageFields;
  for (const p of findBlock(text.replace(/\r\n?/g, "\n").split("\n")).pairs) {
    const key = (ALIASES[p.key] ?? p.key) as TitlePageKey;
    if (key in fields && fields[key] === "") fields[key] = p.lines.join("\n");
  }
  return fields;
}

const writePair = (label: string, value: string) => {
  const lines = value
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return [];
  return lines.length === 1 ? [`${label}: ${lines[0]}`] : [`${label}:`, ...lines.map((l) => `    ${l}`)];
};

/**
 * `text` with its title page written from `fields`: the form's keys in their order, then any other keys the
 * block had (notes, a revision) as they were. Empty fields are left out; with nothing left the block goes.
 * The script after the block is kept to the character.
 */
export function writeTitlePage(text: string, fields: Partial<TitlePageFields>): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const block = findBlock(lines);
  const known = new Set<string>(TITLE_PAGE_FIELDS.map((f) => f.key));
  const others = block.pairs.filter((p) => !known.has(ALIASES[p.key] ?? p.key));
  const written = [
    ...TITLE_PAGE_FIELDS.flatMap((f) => writePair(f.label, fields[f.key] ?? "")),
    ...others.flatMap((p) => [
      `${label(p.key)}:${p.lines.length === 1 ? ` ${p.lines[0]}` : ""}`,
      ...(p.lines.length === 1 ? [] : p.lines.map((l) => `    ${l}`)),
    ]),
  ];
  const before = lines.slice(0, block.start);
  const had = block.pairs.length > 0;
  // The one blank line that parts a title page from the script goes with the block; the script keeps the rest.
  const after = had && lines[block.end]?.trim() === "" ? lines.slice(block.end + 1) : lines.slice(block.end);
  if (written.length === 0) return [...before, ...after].join("\n");
  return [...before, ...written, "", ...after].join("\n");
}

const label = (key: string) =>
  key
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
