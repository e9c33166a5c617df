/**
 * Final Draft (.fdx) ↔ Fountain. An FDX file is XML: a <Content> of <Paragraph Type="…"> elements
 * holding <Text> runs, dual dialogue wrapped in <DualDialogue>, and a <TitlePage>. Only these are read,
 * with a small tag scanner, so no XML library (and none of its entity-expansion risks) is needed.
 */
import { cueOf, isSceneHeading, type ElementType, type ParsedScript } from "../../../common/screenplay/fountain.ts";
import { styledLines, type Mark, type Span } from "../../../common/screenplay/inline.ts";
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
        stack.at(-1)!.text += fountainRun(text, style);
        stack.at(-1)!.length += text.length;
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
      const revision = close ? undefined : attr(attrs, "RevisionID");
      if (revision && revision !== "0") revisionIds.add(revision);
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
 * Draft numbers the sets from 1 after the white original). `null` when no run is marked.
 */
function revisionOf(xml: string, used: Set<string>): FdxRevision | null {
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
  return { name: name.slice(0, REVISION_NAME_MAX), colour };
}

export interface FdxRevision {
  name: string;
  colour: RevisionColour;
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
  const lines: string[] = [];
  for (const p of paras) lines.push(...paragraphToFountain(p, state));
  if (!lines.some((l) => l.trim()))
    throw new AppError("bad_request", "This Final Draft file has no script content in it.");
  const script = lines.slice(lines[0] === "" ? 1 : 0).join("\n") + "\n";
  return { body: writeTitlePage(script, titleFields(xml)), revision: revisionOf(xml, revisionIds) };
}

export const fdxToFountain = (xml: string): string => readFdx(xml).body;

// ── Fountain → Final Draft ───────────────────────────────────────────────────────────────────────

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An element's text as <Text> runs, its emphasis as Final Draft's Style attribute. */
function runs(e: { text: string; marks?: Mark[] }): string {
  const spans = styledLines(e.text, e.marks).flatMap((line, i) => [
    ...(i > 0 ? [{ text: "\n" }] : []),
    ...line,
  ]) as Span[];
  return spans
    .filter((s) => s.text !== "")
    .map((s) => {
      const style = [s.bold && "Bold", s.italic && "Italic", s.underline && "Underline"].filter(Boolean).join("+");
      return `<Text${style ? ` Style="${style}"` : ""}>${escape(s.text)}</Text>`;
    })
    .join("");
}

const FDX_TYPE: Partial<Record<ElementType, string>> = {
  scene_heading: "Scene Heading",
  action: "Action",
  character: "Character",
  parenthetical: "Parenthetical",
  dialogue: "Dialogue",
  transition: "Transition",
  centered: "Action",
  lyrics: "Lyrics",
};

/**
 * The script as a Final Draft 5 document, which Final Draft and the portal's own import read back: every printed
 * element with its emphasis, scene numbers, dual dialogue, centred lines, page breaks and the title page. Sections,
 * synopses and notes are Fountain's writer's outline, not part of the printed script, and are left out.
 */
export function fountainToFdx(script: ParsedScript): string {
  const out: string[] = [];
  let newPage = false;
  const els = script.elements;
  for (let i = 0; i < els.length; i++) {
    const e = els[i]!;
    if (e.type === "page_break") {
      newPage = true;
      continue;
    }
    const type = FDX_TYPE[e.type];
    if (!type) continue;
    const attrs = [
      `Type="${type}"`,
      ...(e.type === "centered" ? ['Alignment="Center"'] : []),
      ...(e.sceneNumber ? [`Number="${escape(e.sceneNumber)}"`] : []),
      ...(newPage ? ['StartsNewPage="Yes"'] : []),
    ].join(" ");
    const starts = newPage;
    newPage = false;
    if (e.dual === "left") {
      // Both speeches of a dual dialogue in one <DualDialogue>, as Final Draft writes them.
      let end = i;
      while (els[end + 1]?.dual === "left") end++;
      while (els[end + 1]?.dual === "right" && !(els[end + 1]!.type === "character" && els[end]!.dual === "right"))
        end++;
      const inner = els
        .slice(i, end + 1)
        .map(
          (x, k) =>
            `<Paragraph Type="${FDX_TYPE[x.type]}"${k === 0 && starts ? ' StartsNewPage="Yes"' : ""}>${runs(x)}</Paragraph>`,
        )
        .join("\n");
      out.push(`<Paragraph><DualDialogue>\n${inner}\n</DualDialogue></Paragraph>`);
      i = end;
      continue;
    }
    out.push(`<Paragraph ${attrs}>${runs(e)}</Paragraph>`);
  }
  const title = (key: string) => script.titlePage.filter((t) => t.key === key);
  const titleParas = [
    ...title("title"),
    ...title("credit"),
    ...title("author"),
    ...title("source"),
    ...title("date"),
    ...title("contact"),
  ].map((t) => `<Paragraph Alignment="Center" Type="Action">${runs(t)}</Paragraph>`);
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
    '<FinalDraft DocumentType="Script" Template="No" Version="5">',
    "<Content>",
    ...out,
    "</Content>",
    ...(titleParas.length ? ["<TitlePage>", "<Content>", ...titleParas, "</Content>", "</TitlePage>"] : []),
    "</FinalDraft>",
    "",
  ].join("\n");
}
