import type { Locator, Page } from "playwright-core";

/** What the page's CodeMirror view gives the tests: its text and its cursor. */
interface View {
  state: { doc: { toString(): string; length: number }; selection: { main: { head: number } } };
  dispatch(spec: { selection: { anchor: number } }): void;
  focus(): void;
}

/** CodeMirror's content element knows its view (inlined in each evaluate: the page has no helper of ours). */
type Tiled = { cmTile: { root: { view: View } } };

/**
 * The screenplay editor (CodeMirror 6) as a writer uses it: `fill` selects all and pastes, as a person replacing
 * the script does; `read` is the Fountain text the editor holds (CodeMirror draws only the lines in sight, so the
 * text is read from its view, found from the editor's element as `EditorView.findFromDOM` does).
 */
export function scriptEditor(page: Page) {
  const box: Locator = page.getByRole("textbox", { name: "Script (Fountain)" });
  return {
    box,
    async fill(text: string) {
      await box.click();
      await page.keyboard.press("ControlOrMeta+a");
      await box.evaluate((el, t) => {
        const data = new DataTransfer();
        data.setData("text/plain", t);
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    },
    read: () => box.evaluate((el) => (el as unknown as Tiled).cmTile.root.view.state.doc.toString()),
    /** The text from the cursor to the end of its line. */
    restOfLine: () =>
      box.evaluate((el) => {
        const v = (el as unknown as Tiled).cmTile.root.view;
        return v.state.doc.toString().slice(v.state.selection.main.head).split("\n")[0]!;
      }),
    /** Puts the cursor at the start of the first occurrence of `text`, as a click there would. */
    putCursorAt: (text: string) =>
      box.evaluate((el, t) => {
        const v = (el as unknown as Tiled).cmTile.root.view;
        const at = v.state.doc.toString().indexOf(t);
        if (at < 0) throw new Error(`${t} is not in the script`);
        v.focus();
        v.dispatch({ selection: { anchor: at } });
      }, text),
  };
}
