import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { lineSpans, marksOf, parseInline } from "./inline.ts";
import { wrap } from "./layout.ts";

// The parser and layout skip work for the common case (text without markers, a line that fits, a scene
// not seen before; docs/decisions/2026-11-25-parse-speed.md). These are the edges of those shortcuts,
// with what the full path gave before the shortcuts existed.
describe("parse and layout shortcuts give what the full path gives", () => {
  it("reads text without emphasis markers as one plain span, and drops a typed \\u0002 as before", () => {
    expect(parseInline("")).toEqual([]);
    expect(parseInline("plain")).toEqual([{ text: "plain" }]);
    expect(parseInline("a\u0002b")).toEqual([{ text: "ab" }]);
    expect(parseInline("\\*lit\\* *it* _u_")).toEqual([
      { text: "*lit* " },
      { text: "it", italic: true },
      { text: " " },
      { text: "u", underline: true },
    ]);
    expect(parseInline("😀 *a😀b* c")).toEqual([{ text: "😀 " }, { text: "a😀b", italic: true }, { text: " c" }]);
  });

  it("wraps a line that fits as the word loop does: a trailing space and an indent kept, doubled ones not", () => {
    expect(wrap("a ", 10)).toEqual(["a "]);
    // Fountain keeps the blanks an action line starts with (the writer's indent).
    expect(wrap(" a", 10)).toEqual([" a"]);
    expect(wrap("a  b", 10)).toEqual(["a b"]);
    expect(wrap("", 10)).toEqual([""]);
    expect(wrap("word word", 10)).toEqual(["word word"]);
    expect(wrap("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });

  it("cuts a printed line's styled spans from the line, characters beyond the BMP included", () => {
    const spans = parseInline("say *it 😀 loud* now");
    const text = spans.map((s) => s.text).join("");
    expect(lineSpans(text, "say it 😀", 0, marksOf(spans))).toEqual({
      spans: [{ text: "say " }, { text: "it ", italic: true }, { text: "😀" }],
      next: 19,
    });
  });

  it("removes notes and each line's trailing blanks before reading an element", () => {
    expect(parseFountain("INT. A - DAY\n\nOne  \ntwo [[n]]\t\n\nBOB\nHi  ").elements).toEqual([
      { type: "scene_heading", text: "INT. A - DAY", line: 0 },
      { type: "action", text: "One\ntwo", line: 2 },
      { type: "character", text: "BOB", line: 5 },
      { type: "dialogue", text: "Hi", line: 6 },
    ]);
  });

  it("places a scene moved down a long script at its new line, and a new one where it starts", () => {
    const scene = (k: number) =>
      `INT. ROOM ${k} - DAY\n\nAction ${k} ${"and more words ".repeat(20)}\n\nBOB\nLine ${k}.\n`;
    const text = Array.from({ length: 30 }, (_, k) => scene(k)).join("\n");
    const before = parseFountain(text).elements;
    const after = parseFountain(`Opening line.\n\n${text}`).elements;
    expect(after.slice(1).map((e) => e.line)).toEqual(before.map((e) => e.line + 2));
    expect(after.slice(1).map((e) => e.text)).toEqual(before.map((e) => e.text));
  });
});
