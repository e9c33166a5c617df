/**
 * Final Draft (.fdx) → Fountain. An FDX file is XML: a <Content> of <Paragraph Type="…"> elements
 * holding <Text> runs, dual dialogue wrapped in <DualDialogue>, and a <TitlePage>. Only these are read,
 * with a small tag scanner, so no XML library (and none of its entity-expansion risks) is needed.
 */
import { cueOf, isSceneHeading } from "../../../common/screenplay/fountain.ts";
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
  dual: boolean;
}

/** Reads the paragraphs of one XML fragment, in order, marking those inside a dual dialogue. */
function paragraphs(xml: string): Para[] {
  const out: Para[] = [];
  const stack: Para[] = [];
  let inText = 0;
  let dual = false;
  for (const m of xml.matchAll(/<(\/?)([A-Za-z]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, close, tag, attrs = "", selfClose, chars] = m;
    if (chars !== undefined) {
      if (inText > 0 && stack.length) stack.at(-1)!.text += decode(chars);
      continue;
    }
    if (tag === "Paragraph") {
      if (selfClose) continue;
      if (!close) stack.push({ type: attr(attrs, "Type") ?? "", number: attr(attrs, "Number"), text: "", dual });
      else {
        const p = stack.pop();
        if (p && p.type) out.push(p);
      }
    } else if (tag === "DualDialogue") {
      dual = !close && !selfClose;
    } else if (tag === "Text") {
      if (selfClose) continue;
      inText += close ? -1 : 1;
    }
  }
  return out;
}

const looksLikeCue = (s: string) => cueOf(s) !== null;

function paragraphToFountain(p: Para, state: { dualCues: number }): string[] {
  const text = p.text.replace(/\r\n?/g, "\n").replace(/\s+$/g, "").replace(/^\s+/, "");
  if (!text) return [];
  switch (p.type) {
    case "Scene Heading": {
      const heading = text.toUpperCase().replace(/\n/g, " ");
      const forced = isSceneHeading(heading) ? heading : `.${heading}`;
      return ["", p.number ? `${forced} #${p.number}#` : forced];
    }
    case "Character": {
      const cue = text.replace(/\n/g, " ").toUpperCase();
      state.dualCues = p.dual ? state.dualCues + 1 : 0;
      const forced = cueOf(cue) && !cue.startsWith("@") ? cue : `@${cue}`;
      return ["", state.dualCues === 2 ? `${forced} ^` : forced];
    }
    case "Parenthetical":
      return [/^\(.*\)$/s.test(text) ? text : `(${text})`];
    case "Dialogue":
      return text.split("\n").map((l) => l || "  ");
    case "Transition": {
      const t = text.toUpperCase();
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
  const state = { dualCues: 0 };
  const lines: string[] = [];
  for (const p of paragraphs(content[1]!)) lines.push(...paragraphToFountain(p, state));
  if (!lines.some((l) => l.trim()))
    throw new AppError("bad_request", "This Final Draft file has no script content in it.");
  return [...titlePage(xml), ...lines.slice(lines[0] === "" ? 1 : 0)].join("\n") + "\n";
}
