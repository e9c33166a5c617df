import { useEffect, type Dispatch, type SetStateAction } from "react";

export type SaveState = "saved" | "unsaved" | "saving" | "conflict" | "error";

/** What every autosaving editor (the script, the budget sheet) says about its text. */
export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: "All changes saved",
  unsaved: "Unsaved changes…",
  saving: "Saving…",
  conflict: "Not saved: someone else saved too",
  error: "Not saved",
};

/** How long typing pauses before it is saved. */
export const SAVE_DELAY_MS = 1000;

export interface SaveAfterPause {
  /** Something typed is not on the server yet. */
  pending: boolean;
  /** Saving waits (a conflict for the writer to decide first). */
  held: boolean;
  /** Nothing is saved by itself here (someone who keeps no draft): the typing is only marked unsaved. */
  manual?: boolean;
  state: SaveState;
  setState: Dispatch<SetStateAction<SaveState>>;
  save: () => unknown;
}

/**
 * Saves a moment after typing pauses: each edit (`typed`, what changes with every keystroke) starts the wait
 * again. After a failed save it waits longer before trying again: the server or the connection needs a moment.
 */
export function useSaveAfterPause(
  { pending, held, manual, state, setState, save }: SaveAfterPause,
  typed: readonly unknown[],
) {
  useEffect(() => {
    if (!pending || held) return;
    if (manual) return setState("unsaved");
    setState((s) => (s === "saving" || s === "error" ? s : "unsaved"));
    const t = setTimeout(() => void save(), state === "error" ? SAVE_DELAY_MS * 5 : SAVE_DELAY_MS);
    return () => clearTimeout(t);
    // `typed` is the editor's own list of what it edits; its length is the same on every render of one editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, held, manual, save, state, setState, ...typed]);
}

/** A reload or a closed tab with unsaved typing asks first. */
export function useWarnBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
