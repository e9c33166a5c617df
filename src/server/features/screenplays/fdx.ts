/**
 * Final Draft (.fdx) → Fountain (the other way: fdx-export.ts). An FDX file is XML: a <Content> of <Paragraph Type="…"> elements
 * holding <Text> runs, dual dialogue wrapped in <DualDialogue>, and a <TitlePage>. Only these are read,
 * with a small tag scanner, so no XML library (and none of its entity-expansion risks) is needed.
 */
import { cueOf, isSceneHeading, parseFountain } from "../../../common/screenplay/fountain.ts";
import { REVISION_COLOURS, REVISION_NAME_MAX, type RevisionColour } from "../../../common/screenplay-api.ts";
import { writeTitlePage, type TitlePageFields } from "../../../common/screenplay/title-page.ts";
import { AppError } from "../../lib/errors.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const attr = (attrs: string, name: string) => {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m ? decode(m[1]!) : undefined;
};

interface Para {
  type: string;
  number?: string;
  text: string;
  /** Which <DualDialogue> of the file the paragraph sits in (counted from 1), or 0. */
  dual: number;
  centered: boolean;
  /** Alignment="Left"/"Right"/"Center", as the title page lays out its blocks. */
  align: string;
  newPage: boolean;
  /** Final Draft's script notes on the paragraph, and a scene's title and summary (its synopsis). */
  notes: string[];
  synopses: string[];
  /** How many plain characters the paragraph holds, where Final Draft's note ranges count. */
  length: number;
  /** The revision sets its text was written in (Final Draft's RevisionID on a run or the paragraph; "0" is none). */
  revisions: Set<string>;
}

/**
 * A <Text> run as Fountain: its characters that Fountain would read as markup escaped, its Style as emphasis
 * markers around each line's words (emphasis never crosses a line, and its markers must touch the words).
 */
function fountainRun(chars: string, style: string): string {
  const text = chars.replace(/([*_\\])/g, "\\$1");
  const open = `${/Underline/.test(style) ? "_" : ""}${/Bold/.test(style) ? "**" : ""}${/Italic/.test(style) ? "*" : ""}`;
  if (!open) return text;
  const close = [...open].reverse().join("");
  return text
    .split("\n")
    .map((line) =>
      line.replace(/^(\s*)(.*?)(\s*)$/s, (all, lead: string, words: string, trail: string) =>
        words ? `${lead}${open}${words}${close}${trail}` : all,
      ),
    )
    .join("\n");
}

/** The revision set an element names: Final Draft's `RevisionID`, where "0" is the original text. */
const revisionIn = (attrs: string): string[] => {
  const id = attr(attrs, "RevisionID");
  return id && id !== "0" ? [id] : [];
};

/** The paragraphs of one XML fragment, in order, and the revision sets their runs were written in. */
interface Read {
  paras: Para[];
  revisionIds: Set<string>;
}

/**
 * Reads the paragraphs of one XML fragment, in order, marking those inside a dual dialogue. A <ScriptNote> or a
 * scene's <SceneProperties> holds paragraphs of its own: their text goes to the paragraph they sit in, as a note
 * or a synopsis, never into the script.
 */
function paragraphs(xml: string): Read {
  const out: Para[] = [];
  const stack: Para[] = [];
  const revisionIds = new Set<string>();
  let inText = 0;
  let style = "";
  let runRevision: string | undefined;
  let dual = 0;
  let duals = 0;
  /** The note or scene summary being read, with the paragraph it belongs to. */
  let aside: { kind: "note" | "synopsis"; text: string; owner: Para | undefined } | null = null;
  for (const m of xml.matchAll(/<(\/?)([A-Za-z]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, close, tag, attrs = "", selfClose, chars] = m;
    if (chars !== undefined) {
      if (inText <= 0) continue;
      if (aside) aside.text += decode(chars);
      else if (stack.length) {
        const text = decode(chars);
        const para = stack.at(-1)!;
        para.text += fountainRun(text, style);
        para.length += text.length;
        if (runRevision && text.trim()) para.revisions.add(runRevision);
      }
      continue;
    }
    if (aside) {
      const ends = (aside.kind === "note" && tag === "ScriptNote") || (aside.kind === "synopsis" && tag === "Summary");
      if (ends && close) {
        const text = aside.text.replace(/\s+/g, " ").trim();
        if (text) (aside.kind === "note" ? aside.owner?.notes : aside.owner?.synopses)?.push(text);
        aside = null;
      } else if (tag === "Paragraph" && close) aside.text += " ";
      else if (tag === "Text" && !selfClose) inText += close ? -1 : 1;
      continue;
    }
    if (tag === "Paragraph") {
      if (selfClose) continue;
      if (!close) {
        const align = attr(attrs, "Alignment") ?? "";
        for (const id of revisionIn(attrs)) revisionIds.add(id);
        stack.push({
          type: attr(attrs, "Type") ?? "",
          number: attr(attrs, "Number"),
          text: "",
          dual,
          centered: align === "Center",
          align,
          newPage: attr(attrs, "StartsNewPage") === "Yes",
          notes: [],
          synopses: [],
          length: 0,
          revisions: new Set(revisionIn(attrs)),
        });
      } else {
        const p = stack.pop();
        if (p && p.type) out.push(p);
      }
    } else if (tag === "ScriptNote" && !close && !selfClose) {
      aside = { kind: "note", text: "", owner: stack.at(-1) };
    } else if (tag === "SceneProperties" && !close) {
      const title = attr(attrs, "Title")?.trim();
      if (title) stack.at(-1)?.synopses.push(title);
    } else if (tag === "Summary" && !close && !selfClose) {
      aside = { kind: "synopsis", text: "", owner: stack.at(-1) };
    } else if (tag === "DualDialogue") {
      dual = !close && !selfClose ? ++duals : 0;
    } else if (tag === "Text") {
      if (selfClose) continue;
      inText += close ? -1 : 1;
      style = close ? "" : (attr(attrs, "Style") ?? "");
      runRevision = close ? undefined : revisionIn(attrs)[0];
      if (runRevision) revisionIds.add(runRevision);
    }
  }
  return { paras: out, revisionIds };
}

/**
 * Final Draft prints cues and transitions in capitals whatever was typed, so lower-case text is read in capitals;
 * text that mixes cases on purpose ("McCLANE") keeps them, as Fountain's forced elements do.
 */
const asTyped = (s: string) => (/\p{Lu}/u.test(s) && /\p{Ll}/u.test(s) ? s : s.toUpperCase());

const looksLikeCue = (s: string) => cueOf(s) !== null;

interface ReadState {
  /** The <DualDialogue> being read, and how many cues of it have been. */
  dualGroup: number;
  dualCues: number;
  speaking: boolean;
}

const SPEAKING = ["Character", "Parenthetical", "Dialogue", "Lyrics"];
/** A note as Fountain writes one: brackets inside it cannot close it early. */
const noteOf = (text: string) => {
  const safe = text.replace(/\[(?=\[)/g, "[ ").replace(/](?=])/g, "] ");
  // A note ending in "]" would close on its own bracket.
  return `[[${safe}${safe.endsWith("]") ? " " : ""}]]`;
};

function paragraphToFountain(p: Para, state: ReadState): string[] {
  const lines = paragraphLines(p, state);
  state.speaking = SPEAKING.includes(p.type) && lines.length > 0;
  if (lines.length > 0 && p.notes.length > 0) {
    // In a speech the note rides on its last line, so the speech stays one; elsewhere it stands on its own.
    if (state.speaking) lines[lines.length - 1] += ` ${p.notes.map(noteOf).join(" ")}`;
    else lines.push(...p.notes.flatMap((n) => ["", noteOf(n)]));
  }
  // A heading with a line right under it would read as a cue: the synopses take a paragraph of their own.
  if (p.synopses.length > 0 && p.type === "Scene Heading") lines.push("", ...p.synopses.map((t) => `= ${t}`));
  return p.newPage && lines.length > 0 ? ["", "===", ...lines] : lines;
}

function paragraphLines(p: Para, state: ReadState): string[] {
  const text = p.text.replace(/\r\n?/g, "\n").replace(/\s+$/g, "").replace(/^\s+/, "");
  if (!text) return [];
  if (p.centered && p.type !== "Scene Heading") return ["", ...text.split("\n").map((l) => `> ${l} <`)];
  switch (p.type) {
    case "Scene Heading": {
      const heading = text.toUpperCase().replace(/\n/g, " ");
      const forced = isSceneHeading(heading) ? heading : `.${heading}`;
      return ["", p.number ? `${forced} #${p.number}#` : forced];
    }
    case "Character": {
      const cue = asTyped(text.replace(/\n/g, " "));
      state.dualCues = p.dual && p.dual === state.dualGroup ? state.dualCues + 1 : 1;
      state.dualGroup = p.dual;
      const forced = cueOf(cue) && !cue.startsWith("@") ? cue : `@${cue}`;

      return ["", p.dual && state.dualCues === 2 ? `${forced} ^` : forced];
    }
    case "Parenthetical":
      return [/^\(.*\)$/s.test(text) ? text : `(${text})`];
    case "Dialogue":
      return text.split("\n").map((l) => l || "  ");
    case "Lyrics": {
      // Sung after a cue, as part of the speech; alone, a paragraph of its own.
      const sung = text.split("\n").map((l) => `~${l}`);
      return state.speaking ? sung : ["", ...sung];
    }
    case "Transition": {
      const t = asTyped(text);
      return ["", /TO:$/.test(t) ? t : `> ${t}`];
    }
    case "Shot":
      return ["", `!${text.toUpperCase()}`];
    default: {
      // Action and everything else (General, Cast List…) prints as action; "!" keeps an all-capitals
      // line from being read as a character cue or heading.
      const lines = text.split("\n");
      const first = lines[0]!;
      if (looksLikeCue(first) || isSceneHeading(first) || /^[>.@~=#!]/.test(first)) lines[0] = `!${first}`;
      return ["", ...lines];
    }
  }
}

const CREDIT = /^((?:(?:original\s+)?(?:written|screenplay|teleplay|story|script)\s+)?by)\b[\s:]*(.*)$/i;
const SOURCE = /^(?:based on|adapted from|inspired by)\b/i;
/** A draft's date: "draft" or "revised", a year, or a date in figures (a month's name comes with its year). */
const DATE = /\b(?:draft|revised)\b|\b(?:19|20)\d\d\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/i;
const COPYRIGHT = /^(?:©|\(c\)|copyright)/i;

/**
 * The title page's fields from Final Draft's <TitlePage>: only its <Content> (its header and footer carry a page
 * number and a "." that are no part of it). The centred block reads title, credit, author and source in that
 * order; a line with a date or "draft" is the draft date; the left or right blocks are the contact.
 */
function titleFields(xml: string): Partial<TitlePageFields> {
  const page = /<TitlePage\b[^>]*>([\s\S]*?)<\/TitlePage>/.exec(xml)?.[1] ?? "";
  const content = /<Content\b[^>]*>([\s\S]*?)<\/Content>/.exec(page)?.[1];
  if (!content) return {};
  const paras = paragraphs(content.replace(/<Paragraph\b(?![^>]*\bType=)/g, '<Paragraph Type="Title"'))
    .paras.map((p) => ({ text: p.text.trim(), align: p.align }))
    .filter((p) => p.text);
  if (paras.length === 0) return {};
  const anyCentred = paras.some((p) => p.align === "Center");
  const centred = (p: (typeof paras)[number]) => !anyCentred || p.align === "Center";
  const fields: Partial<TitlePageFields> = {};
  const contact: string[] = [];
  const add = (key: keyof TitlePageFields, text: string) => {
    fields[key] = fields[key] ? `${fields[key]}\n${text}` : text;
  };
  let last: keyof TitlePageFields | undefined;
  for (const p of paras) {
    const credit = CREDIT.exec(p.text);
    if (COPYRIGHT.test(p.text)) last = "copyright";
    else if (!fields.title && centred(p)) last = "title";
    else if (credit && !fields.credit && centred(p)) {
      fields.credit = credit[1]!.replace(/\s+/g, " ");
      if (credit[2]) add("author", credit[2]);
      last = "credit";
      continue;
    } else if (SOURCE.test(p.text) && !fields.source) last = "source";
    else if (DATE.test(p.text) && !fields.draft_date) last = "draft_date";
    else if (!centred(p)) {
      contact.push(p.text);
      continue;
    } else if (last === "credit" || last === "author") last = "author";
    // A second centred line before any credit goes on the title; one after the names, on the source.
    else if (last !== "title") last = "source";
    add(last, last === "title" ? p.text.replace(/\n/g, " ") : p.text);
  }
  if (contact.length) fields.contact = contact.join("\n");
  return fields;
}

/**
 * Final Draft 8 and later keep script notes apart from the text, each with the character range it marks; the
 * note goes with the paragraph its range starts in (counted as Final Draft counts, a paragraph's characters
 * and one for its end).
 */
function placeNotes(xml: string, paras: Para[]) {
  const block = /<ScriptNotes\b[^>]*>([\s\S]*?)<\/ScriptNotes>/.exec(xml)?.[1];
  if (!block || paras.length === 0) return;
  for (const m of block.matchAll(/<ScriptNote\b([^>]*)>([\s\S]*?)<\/ScriptNote>/g)) {
    const text = decode(m[2]!.replace(/<[^>]*>/g, " "))
      .replace(/\s+/g, " ")
      .trim();
    if (!text) continue;
    const start = Number((attr(m[1]!, "Range") ?? "").split(",")[0]);
    let at = paras.length - 1;
    if (Number.isFinite(start)) {
      let seen = 0;
      at = paras.findIndex((p) => (seen += p.length + 1) > start);
      if (at < 0) at = paras.length - 1;
    }
    paras[at]!.notes.push(text);
  }
}

const HEX_COLOURS: Record<string, RevisionColour> = {
  "#0000ff": "blue",
  "#ff00ff": "pink",
  "#ffc0cb": "pink",
  "#ffff00": "yellow",
  "#00ff00": "green",
  "#008000": "green",
  "#daa520": "goldenrod",
  "#f0dc82": "buff",
  "#fa8072": "salmon",
  "#de3163": "cherry",
};

/**
 * The revision the file was last written in: the set its runs name (the active one when several are), with its
 * colour read from the set's name, else from its colour, else from its place in the industry's order (Final
 * Draft numbers the sets from 1 after the white original). `null` when no run is marked. `marking`: the sets whose
 * text prints with a mark, as the file shows them: the active one, or every set when it shows all marks.
 */
function revisionOf(xml: string, used: Set<string>): (Omit<FdxRevision, "marked"> & { marking: Set<string> }) | null {
  if (used.size === 0) return null;
  const block = /<Revisions\b([^>]*)>([\s\S]*?)<\/Revisions>/.exec(xml);
  const sets = [...(block?.[2] ?? "").matchAll(/<Revision\b([^>]*?)\/?>/g)].map((m) => ({
    id: attr(m[1]!, "ID") ?? "",
    name: (attr(m[1]!, "Name") ?? "").trim(),
    color: (attr(m[1]!, "Color") ?? "").toLowerCase(),
  }));
  const active = attr(block?.[1] ?? "", "ActiveSet");
  const id = active && used.has(active) ? active : [...used].sort((a, b) => Number(b) - Number(a))[0]!;
  const set = sets.find((x) => x.id === id);
  const named = REVISION_COLOURS.find((c) => new RegExp(`\\b${c}\\b`, "i").test(set?.name ?? ""));
  const colour =
    named ?? HEX_COLOURS[set?.color.slice(0, 7) ?? ""] ?? REVISION_COLOURS[Number(id) % REVISION_COLOURS.length]!;
  const name = set?.name || `${colour[0]!.toUpperCase()}${colour.slice(1)} revision`;
  const marking = attr(block?.[1] ?? "", "ShowAllMarks") === "Yes" ? used : new Set([id]);
  return { name: name.slice(0, REVISION_NAME_MAX), colour, marking };
}

export interface FdxRevision {
  name: string;
  colour: RevisionColour;
  /**
   * The source lines (0-based) of the elements whose printed lines carry "*" in this revision: those holding text
   * the file marks as written in it (Final Draft marks revised text, not a change from a text the file lacks).
   */
  marked: number[];
}

/**
 * The source lines of the elements that start within the given ranges of script lines, once the title page is
 * written above the script (which only adds lines before it).
 */
function elementsWithin(body: string, script: string, ranges: [number, number][]): number[] {
  if (ranges.length === 0 || !body.endsWith(script)) return [];
  const shift = body.split("\n").length - script.split("\n").length;
  return parseFountain(body)
    .elements.map((e) => e.line)
    .filter((line) => ranges.some(([from, to]) => line - shift >= from && line - shift < to));
}

/** A Final Draft file as Fountain, with the revision its marked text was written in, if any. */
export function readFdx(xml: string): { body: string; revision: FdxRevision | null } {
  if (!/<FinalDraft\b/.test(xml))
    throw new AppError(
      "bad_request",
      "This is not a Final Draft file: an .fdx file is XML that starts with <FinalDraft>.",
    );
  const withoutTitle = xml.replace(/<TitlePage\b[\s\S]*?<\/TitlePage>/g, "");
  const content = /<Content\b[^>]*>([\s\S]*?)<\/Content>/.exec(withoutTitle);
  if (!content) throw new AppError("bad_request", "This Final Draft file has no script content in it.");
  const { paras, revisionIds } = paragraphs(content[1]!);
  placeNotes(withoutTitle, paras);
  const state: ReadState = { dualGroup: 0, dualCues: 0, speaking: false };
  const revision = revisionOf(xml, revisionIds);
  const lines: string[] = [];
  /** The script lines each paragraph marked in the file's revision became. */
  const marked: [number, number][] = [];
  for (const p of paras) {
    const from = lines.length;
    lines.push(...paragraphToFountain(p, state));
    if (revision && [...p.revisions].some((id) => revision.marking.has(id))) marked.push([from, lines.length]);
  }
  if (!lines.some((l) => l.trim()))
    throw new AppError("bad_request", "This Final Draft file has no script content in it.");
  const skip = lines[0] === "" ? 1 : 0;
  const script = lines.slice(skip).join("\n") + "\n";
  const body = writeTitlePage(script, titleFields(xml));
  if (!revision) return { body, revision: null };
  const ranges = marked.map(([from, to]): [number, number] => [from - skip, to - skip]);
  return {
    body,
    revision: { name: revision.name, colour: revision.colour, marked: elementsWithin(body, script, ranges) },
  };
}

export const fdxToFountain = (xml: string): string => readFdx(xml).body;
