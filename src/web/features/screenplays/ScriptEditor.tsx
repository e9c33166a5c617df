import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { Annotation, EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { ELEMENT_LABEL, type WritingElement } from "../../../common/screenplay/writing-keys.ts";
import { currentElement, fountainMode } from "./fountain-mode.ts";

export interface ScriptEditorHandle {
  /** Puts the cursor at the start of a 0-based line and brings it into sight. */
  goTo(line: number): void;
}

/** Text put in from outside (a restore, their version, a realtime update): not the writer's typing. */
const fromOutside = Annotation.define<boolean>();

/**
 * The script as writers know it: CodeMirror 6 with the Fountain mode. The text is plain Fountain, exactly what
 * is typed; the element at the cursor is shown and announced to screen readers when it changes.
 */
export const ScriptEditor = forwardRef<
  ScriptEditorHandle,
  {
    text: string;
    readOnly: boolean;
    labelId: string;
    describedBy: string;
    onChange(text: string, line: number): void;
    onLine(line: number): void;
    onBlur(): void;
  }
>(function ScriptEditor({ text, readOnly, labelId, describedBy, onChange, onLine, onBlur }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  /** The text last handed out, so the same text coming back as a prop is not put in again. */
  const emitted = useRef(text);
  const [element, setElement] = useState<WritingElement>("action");
  const handlers = useRef({ onChange, onLine, onBlur });
  handlers.current = { onChange, onLine, onBlur };

  useEffect(() => {
    const lineOf = (s: EditorState) => s.doc.lineAt(s.selection.main.head).number - 1;
    const v = new EditorView({
      parent: box.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          history(),
          fountainMode(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          placeholder("INT. KITCHEN - NIGHT"),
          EditorView.contentAttributes.of({
            "aria-labelledby": labelId,
            "aria-describedby": `${describedBy} ${labelId}-element`,
            spellcheck: "true",
            autocapitalize: "off",
            // Focusable as it is, said outright so checkers see the scrolling box's keyboard access.
            tabindex: "0",
          }),
          EditorView.domEventHandlers({ blur: () => handlers.current.onBlur() }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((t) => t.annotation(fromOutside))) {
              const t = u.state.doc.toString();
              emitted.current = t;
              handlers.current.onChange(t, lineOf(u.state));
            } else if (u.selectionSet) handlers.current.onLine(lineOf(u.state));
            if (u.docChanged || u.selectionSet) setElement(currentElement(u.state));
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // Made once; the text from outside comes in through the effect below.
  }, [readOnly]);

  // Text from elsewhere replaces the editor's; the cursor keeps its offset.
  useLayoutEffect(() => {
    const v = view.current;
    if (!v || text === emitted.current) return;
    emitted.current = text;
    if (v.state.doc.toString() === text) return;
    const at = Math.min(v.state.selection.main.head, text.length);
    v.dispatch({
      changes: { from: 0, to: v.state.doc.length, insert: text },
      selection: EditorSelection.cursor(at),
      annotations: fromOutside.of(true),
    });
  }, [text]);

  useImperativeHandle(
    ref,
    () => ({
      goTo(line: number) {
        const v = view.current;
        if (!v) return;
        const at = v.state.doc.line(Math.min(line + 1, v.state.doc.lines)).from;
        v.dispatch({ selection: EditorSelection.cursor(at), effects: EditorView.scrollIntoView(at, { y: "start" }) });
        v.focus();
      },
    }),
    [],
  );

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium" onClick={() => view.current?.focus()}>
          Script (Fountain)
        </span>
        {/* Polite, and changed only when the element changes: not read out on every keystroke. */}
        <span
          id={`${labelId}-element`}
          aria-live="polite"
          className="rounded bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          <span className="sr-only">Element: </span>
          {ELEMENT_LABEL[element]}
        </span>
      </div>
      <div
        ref={box}
        className="h-[50vh] min-h-80 overflow-hidden rounded-md border border-zinc-300 bg-white text-sm leading-5 text-zinc-900 focus-within:border-zinc-900 focus-within:outline-2 focus-within:outline-amber-500 lg:h-[75vh] dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 [&_.cm-editor]:h-full [&_.cm-editor.cm-focused]:outline-none [&_.cm-scroller]:overflow-auto"
      />
    </div>
  );
});
