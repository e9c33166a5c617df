/**
 * Fountain → Final Draft (.fdx): the script as a file Final Draft and the portal's own import (fdx.ts) read back.
 */
import type { ElementType, ParsedScript } from "../../../common/screenplay/fountain.ts";
import { styledLines, type Mark, type Span } from "../../../common/screenplay/inline.ts";
import { REVISION_COLOURS, type RevisionColour } from "../../../common/screenplay-api.ts";

/** A revision written as Final Draft's revision set: its name, colour and the elements (source lines) it marks. */
export interface FdxRevisionOut {
  name: string;
  colour: RevisionColour;
  marked: ReadonlySet<number>;
}

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An element's text as <Text> runs, its emphasis as Final Draft's Style attribute, its revision set if marked. */
function runs(e: { text: string; marks?: Mark[] }, revisionId?: number): string {
  const spans = styledLines(e.text, e.marks).flatMap((line, i) => [
    ...(i > 0 ? [{ text: "\n" }] : []),
    ...line,
  ]) as Span[];
  return spans
    .filter((s) => s.text !== "")
    .map((s) => {
      const style = [s.bold && "Bold", s.italic && "Italic", s.underline && "Underline"].filter(Boolean).join("+");
      return `<Text${revisionId ? ` RevisionID="${revisionId}"` : ""}${style ? ` Style="${style}"` : ""}>${escape(s.text)}</Text>`;
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
export function fountainToFdx(script: ParsedScript, revision?: FdxRevisionOut): string {
  // The set's number is the colour's place after the white original, which the import reads the colour back from
  // when the name does not say it (white, first in the order, is the place after cherry).
  const setId = revision ? REVISION_COLOURS.indexOf(revision.colour) || REVISION_COLOURS.length : 0;
  const runsOf = (x: ParsedScript["elements"][number]) => runs(x, revision?.marked.has(x.line) ? setId : undefined);
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
            `<Paragraph Type="${FDX_TYPE[x.type]}"${k === 0 && starts ? ' StartsNewPage="Yes"' : ""}>${runsOf(x)}</Paragraph>`,
        )
        .join("\n");
      out.push(`<Paragraph><DualDialogue>\n${inner}\n</DualDialogue></Paragraph>`);
      i = end;
      continue;
    }
    out.push(`<Paragraph ${attrs}>${runsOf(e)}</Paragraph>`);
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
    ...(revision
      ? [
          `<Revisions ActiveSet="${setId}" RevisionMode="No" RevisionsShown="Active" ShowAllMarks="No" ShowAllSets="No">`,
          `<Revision FullRevision="No" ID="${setId}" Mark="*" Name="${escape(revision.name)}" Style=""/>`,
          "</Revisions>",
        ]
      : []),
    "</FinalDraft>",
    "",
  ].join("\n");
}
