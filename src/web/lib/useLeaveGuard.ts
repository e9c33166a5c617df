import { createContext, useCallback, useContext, useEffect, useRef, type KeyboardEvent } from "react";

/**
 * Work typed into a form and not saved yet, one entry per form that has some: what it is, in words a
 * person reads in the leave prompt ("your profile changes"). Kept outside React so that the one router
 * block (a data router allows only one, see components/LeaveGuard.tsx) reads it at the moment of a
 * navigation, whichever forms are on the page.
 */
const unsaved = new Map<symbol, { what: string; scopes: readonly symbol[] }>();
const listeners = new Set<() => void>();

/**
 * The parts of a page that replace their content without a navigation (an in-page tab's panel, see
 * ui/Tabs.tsx): each one a symbol, innermost last. A form registers inside every scope around it, so a
 * tab asks only about the work that switching it would throw away.
 */
export const LeaveScope = createContext<readonly symbol[]>([]);

/** What is unsaved on the page, or only inside `scope`. */
export function unsavedWork(scope?: symbol): string[] {
  return [...new Set([...unsaved.values()].filter((u) => !scope || u.scopes.includes(scope)).map((u) => u.what))];
}

export function onUnsavedWorkChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * While `dirty`, leaving the page (another route or tab of it, reload, closing the tab) asks first;
 * `what` names the work that would be lost. A saved or untouched form passes `false` and never asks.
 */
export function useLeaveGuard(dirty: boolean, what: string) {
  const scopes = useContext(LeaveScope);
  useEffect(() => {
    if (!dirty) return;
    const key = Symbol(what);
    unsaved.set(key, { what, scopes });
    listeners.forEach((l) => l());
    return () => {
      unsaved.delete(key);
      listeners.forEach((l) => l());
    };
  }, [dirty, what, scopes]);
}

/**
 * Ctrl+S (⌘S on a Mac) anywhere in an editor saves it instead of the browser saving the page: put the
 * returned handler on the editor's form (or its container) as `onKeyDown`, so it hears every input,
 * select and textarea in it. Without `save`, it submits the form the key was pressed in, which runs the
 * form's own checks exactly as its save button does.
 */
export function useSaveShortcut(save?: () => void) {
  const latest = useRef(save);
  latest.current = save;
  return useCallback((e: KeyboardEvent<HTMLElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== "s" || e.nativeEvent.isComposing)
      return;
    e.preventDefault();
    if (e.repeat) return;
    if (latest.current) return latest.current();
    const target = e.target as HTMLElement & { form?: HTMLFormElement | null };
    const form =
      target.form ??
      (e.currentTarget instanceof HTMLFormElement ? e.currentTarget : e.currentTarget.querySelector("form"));
    form?.requestSubmit();
  }, []);
}
