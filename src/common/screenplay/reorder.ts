/**
 * Moving a scene in the Fountain text, as the scene navigator's drag does: a scene is its heading's line up to the
 * next heading's, and moves with everything written in it (notes, boneyards, sections). What comes before the first
 * heading (the title page, an opening) stays first. Nothing is added but the blank line a moved scene needs before
 * the next heading.
 */
export function moveScene(text: string, headingLines: readonly number[], from: number, to: number): string {
  if (from === to || from < 0 || to < 0 || from >= headingLines.length || to >= headingLines.length) return text;
  const lines = text.split("\n");
  const endsWithNewline = text.endsWith("\n");
  if (endsWithNewline) lines.pop();
  const head = lines.slice(0, headingLines[0]);
  const scenes = headingLines.map((start, i) => lines.slice(start, headingLines[i + 1] ?? lines.length));
  // Every scene ends in a blank line, so the heading after it, wherever it moved, still reads as one.
  for (const scene of scenes) if (scene.at(-1)?.trim() !== "") scene.push("");
  const [moving] = scenes.splice(from, 1);
  scenes.splice(to, 0, moving!);
  const out = [...head, ...scenes.flat()];
  // The text ends as it did, with as many blank lines as it had.
  const trailing = (l: string[]) => l.length - 1 - l.findLastIndex((x) => x.trim() !== "");
  out.splice(out.length - trailing(out));
  for (let k = trailing(lines); k > 0; k--) out.push("");
  return out.join("\n") + (endsWithNewline ? "\n" : "");
}
