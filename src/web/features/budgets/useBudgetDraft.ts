import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { BudgetDraftContent, BudgetDraftDto, BudgetDto, StaleDraftDetails } from "../../../common/budget.ts";
import { ApiError, errorText } from "../../lib/api.ts";
import { useSaveAfterPause, useWarnBeforeUnload, type SaveState } from "../../lib/autosave.ts";
import { budgetKeys, saveDraft } from "./api.ts";

/**
 * The budget sheet as typed, kept on the server as the crew's draft a moment after each pause (as the
 * script editor autosaves, with its states and texts): switching tabs or pages, or a reload, loses nothing,
 * and the rest of the crew sees the draft. Each save names the draft version it was typed on; when someone
 * else changed the draft (or saved the budget) in between, the server refuses (409) and the writer decides.
 * Staff, who do not write the crew's draft, keep their edits here until they save the budget.
 */
export function useBudgetDraft(budget: BudgetDto, savedContent: (b: BudgetDto) => BudgetDraftContent) {
  const queryClient = useQueryClient();
  const fromServer = (d: BudgetDraftDto | null, b: BudgetDto) => d?.content ?? savedContent(b);
  const [content, setContent] = useState<BudgetDraftContent>(() => fromServer(budget.draft, budget));
  /** Whether the sheet holds anything beyond the saved budget. */
  const [typed, setTyped] = useState(!!budget.draft?.content);
  const [state, setState] = useState<SaveState>("saved");
  const [conflict, setConflict] = useState<BudgetDraftDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useRef(budget.draft?.version ?? 0);
  /** The content the server has; compared by reference, as every edit makes a new one. */
  const stored = useRef(content);
  const latest = useRef(content);
  latest.current = content;
  const inFlight = useRef<Promise<void> | null>(null);
  const canDraft = budget.canDraft;

  const adoptDraft = useCallback((d: BudgetDraftDto | null, b: BudgetDto) => {
    const next = d?.content ?? savedContent(b);
    version.current = d?.version ?? 0;
    stored.current = next;
    latest.current = next;
    setContent(next);
    setTyped(!!d?.content);
    setConflict(null);
    setError(null);
    setState("saved");
    // The sheet's conversion from the budget is the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A colleague's draft or save arrives (realtime refetch): taken only when nothing here is unsaved.
  useEffect(() => {
    const v = budget.draft?.version ?? 0;
    if (v > version.current && latest.current === stored.current && !inFlight.current) adoptDraft(budget.draft, budget);
  }, [budget, adoptDraft]);

  const save = useCallback((): Promise<void> => {
    if (!canDraft) return Promise.resolve();
    if (inFlight.current) return inFlight.current;
    const sent = latest.current;
    if (sent === stored.current) return Promise.resolve();
    setState("saving");
    const run = (async () => {
      try {
        const res = await saveDraft(budget.projectId, { version: version.current, ...sent });
        version.current = res.version;
        stored.current = sent;
        queryClient.setQueryData<BudgetDto>(budgetKeys.one(budget.projectId), (b) => (b ? { ...b, draft: res } : b));
        setError(null);
        setState(latest.current === sent ? "saved" : "unsaved");
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && (err.details as StaleDraftDetails | undefined)?.current) {
          setConflict((err.details as StaleDraftDetails).current);
          setError(errorText(err));
          setState("conflict");
        } else {
          setError(errorText(err));
          setState("error");
        }
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [canDraft, budget.projectId, queryClient]);

  useSaveAfterPause(
    { pending: content !== stored.current, held: !!conflict, manual: !canDraft, state, setState, save },
    [content],
  );

  // Leaving the sheet inside the app (another tab, Home) saves what is typed at once; a reload or a closed
  // tab with unsaved typing asks first.
  useEffect(() => () => void save(), [save]);
  useWarnBeforeUnload(content !== stored.current);

  return {
    content,
    typed,
    state,
    error,
    conflict,
    edit(next: BudgetDraftContent) {
      setContent(next);
      setTyped(true);
    },
    /** Waits for a draft save under way, so the budget's save names the draft version it comes from. */
    settle: () => inFlight.current ?? Promise.resolve(),
    draftVersion: () => version.current,
    /** The budget was saved: its lines are the sheet's now, and the draft is empty. */
    adoptSaved: (b: BudgetDto) => adoptDraft(b.draft, b),
    /** Keep my lines: save them over theirs, now that theirs have been seen. */
    keepMine() {
      if (!conflict) return;
      version.current = conflict.version;
      setConflict(null);
      void save();
    },
    /** Take their draft (or the budget they saved); mine are dropped. */
    takeTheirs() {
      if (!conflict) return;
      void queryClient.invalidateQueries({ queryKey: budgetKeys.one(budget.projectId) });
      adoptDraft(conflict, budget);
    },
  };
}
