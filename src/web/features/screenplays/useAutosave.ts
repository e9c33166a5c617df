import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ScreenplayConflictDetails, ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { api, ApiError } from "../../lib/api.ts";
import { useSaveAfterPause, useWarnBeforeUnload, type SaveState } from "../../lib/autosave.ts";
import { screenplayPath, screenplayKeys } from "./api.ts";

/** Copying a long script into localStorage costs milliseconds, too much for every keystroke. */
const BACKUP_DELAY_MS = 400;
const backupKey = (id: string) => `screenplay-draft:${id}`;

interface Base {
  version: number;
  body: string;
  title: string;
}

/**
 * The editor's text, saved a moment after each pause in typing. What is typed is never replaced by the
 * server: every keystroke is also kept in this browser until the server has it, a save names the version
 * it edited, and when someone else saved in between the server refuses (409) and the difference is shown
 * for the writer to decide. The browser copy is written a moment after typing pauses, and at once when the
 * editor loses focus or the page is hidden or left, so no typing is lost.
 */
export function useAutosave(detail: ScreenplayDetail) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(detail.body);
  const [title, setTitle] = useState(detail.title);
  const base = useRef<Base>({ version: detail.version, body: detail.body, title: detail.title });
  const [state, setState] = useState<SaveState>("saved");
  const [conflict, setConflict] = useState<ScreenplayConflictDetails["current"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const latest = useRef({ text, title });
  latest.current = { text, title };
  const [restored, setRestored] = useState(false);
  /**
   * Text from elsewhere (theirs, a restore, the browser copy) becomes the editor's. `latest` follows at
   * once: a browser copy written before the next render (a reload right after a realtime update) would
   * otherwise keep the old text, and bring it back over the new one on the next visit.
   */
  const replace = useCallback((t: string, ti: string) => {
    latest.current = { text: t, title: ti };
    setText(t);
    setTitle(ti);
  }, []);

  // Typing left in this browser by a tab that closed before saving comes back.
  useEffect(() => {
    const raw = localStorage.getItem(backupKey(detail.id));
    if (!raw) return;
    try {
      const b = JSON.parse(raw) as { text: string; title: string; version: number };
      if (b.text !== detail.body || b.title !== detail.title) {
        replace(b.text, b.title);
        base.current.version = b.version;
        setRestored(true);
      } else localStorage.removeItem(backupKey(detail.id));
    } catch {
      localStorage.removeItem(backupKey(detail.id));
    }
    // Only on opening the screenplay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.id]);

  // Someone else's save arrives (realtime refetch): take it only when nothing here is unsaved.
  useEffect(() => {
    if (detail.version <= base.current.version) return;
    if (latest.current.text === base.current.body && latest.current.title === base.current.title && !inFlight.current) {
      base.current = { version: detail.version, body: detail.body, title: detail.title };
      replace(detail.body, detail.title);
    }
  }, [detail.version, detail.body, detail.title, replace]);

  const dirty = text !== base.current.body || title !== base.current.title;

  const save = useCallback(
    async (opts: { force?: boolean } = {}) => {
      if (inFlight.current) return;
      const sent = latest.current;
      if (sent.text === base.current.body && sent.title === base.current.title && !opts.force) return;
      inFlight.current = true;
      setState("saving");
      try {
        const res = await api<ScreenplayDetail>(screenplayPath(detail.id), {
          method: "PATCH",
          json: { version: base.current.version, body: sent.text, ...(sent.title.trim() ? { title: sent.title } : {}) },
        });
        base.current = { version: res.version, body: sent.text, title: res.title };
        queryClient.setQueryData(screenplayKeys.one(detail.id), res);
        setConflict(null);
        setError(null);
        const still = latest.current.text !== sent.text || latest.current.title !== sent.title;
        if (!still) localStorage.removeItem(backupKey(detail.id));
        setState(still ? "unsaved" : "saved");
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          setConflict((err.details as ScreenplayConflictDetails).current);
          setState("conflict");
        } else {
          setError(err instanceof Error ? err.message : "The screenplay could not be saved.");
          setState("error");
        }
      } finally {
        inFlight.current = false;
      }
    },
    [detail.id, queryClient],
  );

  const backupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flushBackup = useCallback(() => {
    if (backupTimer.current) clearTimeout(backupTimer.current);
    backupTimer.current = null;
    const { text: t, title: ti } = latest.current;
    if (t === base.current.body && ti === base.current.title) return;
    localStorage.setItem(backupKey(detail.id), JSON.stringify({ text: t, title: ti, version: base.current.version }));
  }, [detail.id]);

  useEffect(() => {
    if (!dirty || backupTimer.current) return;
    backupTimer.current = setTimeout(flushBackup, BACKUP_DELAY_MS);
  }, [text, title, dirty, flushBackup]);

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === "hidden") flushBackup();
    };
    window.addEventListener("pagehide", flushBackup);
    window.addEventListener("beforeunload", flushBackup);
    window.addEventListener("blur", flushBackup);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", flushBackup);
      window.removeEventListener("beforeunload", flushBackup);
      window.removeEventListener("blur", flushBackup);
      document.removeEventListener("visibilitychange", hidden);
      // Leaving the editor inside the app (another route) keeps what was typed, too.
      flushBackup();
    };
  }, [flushBackup]);

  useSaveAfterPause({ pending: dirty, held: !!conflict, state, setState, save }, [text, title, detail.id]);
  useWarnBeforeUnload(dirty);

  return {
    text,
    setText,
    title,
    setTitle,
    state,
    dirty,
    error,
    conflict,
    restored,
    /** Accepts a new server state (after a revision restore or scene lock) as the text to edit from. */
    adopt(d: ScreenplayDetail) {
      base.current = { version: d.version, body: d.body, title: d.title };
      replace(d.body, d.title);
      setConflict(null);
      setState("saved");
      localStorage.removeItem(backupKey(detail.id));
    },
    /** Keep my text: save it over theirs, now that their version has been seen. */
    keepMine() {
      if (!conflict) return;
      base.current = { version: conflict.version, body: conflict.body, title: conflict.title };
      setConflict(null);
      void save({ force: true });
    },
    /** Take their text; mine is dropped from this browser. */
    takeTheirs() {
      if (!conflict) return;
      base.current = { version: conflict.version, body: conflict.body, title: conflict.title };
      replace(conflict.body, conflict.title);
      setConflict(null);
      setState("saved");
      localStorage.removeItem(backupKey(detail.id));
    },
    saveNow: () => save(),
    /** Writes the browser copy now (the editor lost focus). */
    flushBackup,
    version: () => base.current.version,
  };
}
