/**
 * Final Draft (.fdx) ↔ Fountain. An FDX file is XML: a <Content> of <Paragraph Type="…"> elements
 * holding <Text> runs, dual dialogue wrapped in <DualDialogue>, and a <TitlePage>. Only these are read,
 * with a small tag scanner, so no XML library (and none of its entity-expansion risks) is needed.
 */
import { cueOf, isSceneHeading, type ElementType, type ParsedScript } from "../../../common/screenplay/fountain.ts";
import { styledLines, type Mark, type Span } from "../../../common/screenplay/inline.ts";
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
  newPage: boolean;
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

/** Reads the paragraphs of one XML fragment, in order, marking those inside a dual dialogue. */
function paragraphs(xml: string): Para[] {
  const out: Para[] = [];
  const stack: Para[] = [];
  let inText = 0;
  let style = "";
  let dual = 0;
  let duals = 0;
  for (const m of xml.matchAll(/<(\/?)([A-Za-z]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, close, tag, attrs = "", selfClose, chars] = m;
    if (chars !== undefined) {
      if (inText > 0 && stack.length) stack.at(-1)!.text += fountainRun(decode(chars), style);
      continue;
    }
    if (tag === "Paragraph") {
      if (selfClose) continue;
      if (!close)
        stack.push({
          type: attr(attrs, "Type") ?? "",
          number: attr(attrs, "Number"),
          text: "",
          dual,
          centered: attr(attrs, "Alignment") === "Center",
          newPage: attr(attrs, "StartsNewPage") === "Yes",
        });
      else {
        const p = stack.pop();
        if (p && p.type) out.push(p);
      }
    } else if (tag === "DualDialogue") {
      dual = !close && !selfClose ? ++duals : 0;
    } else if (tag === "Text") {
      if (selfClose) continue;
      inText += close ? -1 : 1;
      style = close ? "" : (attr(attrs, "Style") ?? "");
    }
  }
  return out;
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

function paragraphToFountain(p: Para, state: ReadState): string[] {
  const lines = paragraphLines(p, state);
  state.speaking = ["Character", "Parenthetical", "Dialogue", "Lyrics"].includes(p.type) && lines.length > 0;
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

function titlePage(xml: string): string[] {
  const m = /<TitlePage\b[^>]*>([\s\S]*?)<\/TitlePage>/.exec(xml);
  if (!m) return [];
  const texts = paragraphs(m[1]!.replace(/<Paragraph\b(?![^>]*\bType=)/g, '<Paragraph Type="Title"'))
    .map((p) => p.text.trim())
    .filter(Boolean);
  if (texts.length === 0) return [];
  const out = [`Title: ${texts[0]!.replace(/\n/g, " ")}`];
  const by = texts.findIndex((t) => /^(written\s+)?by$/i.test(t) || /^screenplay by$/i.test(t));
  if (by > 0) {
    out.push(`Credit: ${texts[by]}`);
    if (texts[by + 1]) out.push(`Author: ${texts[by + 1]!.replace(/\n/g, " ")}`);
  }
  return [...out, ""];
}

export function fdxToFountain(xml: string): string {
  if (!/<FinalDraft\b/.test(xml))
    throw new AppError(
      "bad_request",
      "This is not a Final Draft file: an .fdx file is XML that starts with <FinalDraft>.",
    );
  const withoutTitle = xml.replace(/<TitlePage\b[\s\S]*?<\/TitlePage>/g, "");
  const content = /<Content\b[^>]*>([\s\S]*?)<\/Content>/.exec(withoutTitle);
  if (!content) throw new AppError("bad_request", "This Final Draft file has no script content in it.");
  const state: ReadState = { dualGroup: 0, dualCues: 0, speaking: false };
  const lines: string[] = [];
  for (const p of paragraphs(content[1]!)) lines.push(...paragraphToFountain(p, state));
  if (!lines.some((l) => l.trim()))
    throw new AppError("bad_request", "This Final Draft file has no script content in it.");
  return [...titlePage(xml), ...lines.slice(lines[0] === "" ? 1 : 0)].join("\n") + "\n";
}

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
