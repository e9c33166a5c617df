import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FileDown, Lock, LockOpen } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import type { ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { diffLines } from "../../../common/screenplay/diff.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { layoutScript } from "../../../common/screenplay/layout.ts";
import { moveScene } from "../../../common/screenplay/reorder.ts";
import { reportFromLayout } from "../../../common/screenplay/report.ts";
import { PanelBoundary, PanelFailed } from "../../components/PanelBoundary.tsx";
import { LoadError } from "../../components/LoadError.tsx";
import { isNotFound, NotFoundState } from "../../components/NotFoundState.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { failed } from "../../lib/change.ts";
import { DiffView } from "./DiffView.tsx";
import { NotesPanel } from "./NotesPanel.tsx";
import { ReportsPanel } from "./ReportsPanel.tsx";
import { ScenesPanel } from "./ScenesPanel.tsx";
import { RevisionsPanel } from "./RevisionsPanel.tsx";
import { TitlePagePanel } from "./TitlePagePanel.tsx";
import { ScriptPreview } from "./ScriptPreview.tsx";
import { PreviewMarksBar, usePreviewMarks } from "./PreviewMarks.tsx";
import { ScriptEditor, type ScriptEditorHandle } from "./ScriptEditor.tsx";
import { useAutosave } from "./useAutosave.ts";
import { SAVE_STATE_TEXT } from "../../lib/autosave.ts";
import { screenplayPath, useLatestRevisionBody, useScreenplay, screenplayKeys } from "./api.ts";
import { useRevisionMarks } from "./useRevisionMarks.ts";
import { useReadyInSlices } from "../../lib/ready.ts";
import { keys } from "../../../common/query-keys.ts";

export default function ScreenplayEditorPage() {
  const { id = "" } = useParams();
  const detail = useScreenplay(id);
  const ready = useReadyInSlices(!!detail.data);
  if (detail.isError && !detail.data) {
    if (isNotFound(detail.error)) return <NotFoundState message={detail.error.message} />;
    return <LoadError what="The screenplay" error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data || !ready) {
    return (
      <div role="status" aria-label="Loading the screenplay" aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-[60vh]" />
      </div>
    );
  }
  return <Editor key={detail.data.id} detail={detail.data} />;
}

/** Page width in CSS pixels (8.5 in); the preview shrinks to fit narrower columns. */
const PAGE_PX = 816 + 16;
const PREVIEW_FAILED =
  "The pages cannot be drawn for this text. Your text is kept and saved as you type; the preview comes back with the next change.";

function Editor({ detail }: { detail: ScreenplayDetail }) {
  const queryClient = useQueryClient();
  const draft = useAutosave(detail);
  const [tab, setTab] = useState("preview");
  const [line, setLine] = useState(0);
  const editor = useRef<ScriptEditorHandle>(null);
  const previewBox = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const breakdownMarks = usePreviewMarks(detail);

  // The preview is laid out in the keystroke's own render: a keystroke re-parses one scene and lays out
  // the pages (a few ms for 120 pages), and a deferred value cost a second render of the editor and a
  // scheduler hop, more than the layout itself (see the screenplays decision record, "Speed").
  // A preview that cannot be drawn never takes the text with it: the editor and its autosave go on.
  const laid = useMemo(() => {
    try {
      const parsed = parseFountain(draft.text);
      return {
        layout: layoutScript(parsed, { locked: detail.lockedScenes }),
        elementLines: parsed.elements.map((e) => e.line),
      };
    } catch (err) {
      console.error(err);
      return null;
    }
  }, [draft.text, detail.lockedScenes]);
  const layout = laid?.layout ?? null;
  const revised = useRevisionMarks(useLatestRevisionBody(detail), draft.text, laid?.elementLines ?? null);
  const report = useMemo(() => (tab === "reports" && layout ? reportFromLayout(layout) : null), [layout, tab]);
  const noted = useMemo(() => new Set(detail.notes.filter((n) => !n.resolved).map((n) => n.line)), [detail.notes]);

  useEffect(() => {
    const el = previewBox.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setZoom(Math.min(1, el.clientWidth / PAGE_PX)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [tab]);

  // Set only when the line changes: React may render the editor again even for an unchanged value.
  const lineNow = useRef(0);
  const moveTo = useCallback((n: number) => {
    if (n === lineNow.current) return;
    lineNow.current = n;
    setLine(n);
  }, []);
  // Stable, so the preview's unchanged pages are not drawn again on each keystroke.
  const goTo = useCallback(
    (n: number) => {
      editor.current?.goTo(n);
      moveTo(n);
    },
    [moveTo],
  );
  const typed = useCallback(
    (text: string, n: number) => {
      draft.setText(text);
      moveTo(n);
    },
    [draft.setText, moveTo],
  );

  // The scene navigator's drag rewrites the text in the new order; it is saved like any other edit.
  const moveSceneTo = (from: number, to: number) => {
    if (!layout) return;
    const at = layout.scenes.flatMap((sc) => (sc.line === null ? [] : [sc.line]));
    draft.setText(moveScene(draft.text, at, from, to));
  };

  const accept = (d: ScreenplayDetail, adopt: boolean) => {
    queryClient.setQueryData(screenplayKeys.one(d.id), d);
    void queryClient.invalidateQueries({ queryKey: keys.screenplays() });
    if (adopt) draft.adopt(d);
  };
  const lock = useMutation({
    mutationFn: (locking: boolean) =>
      api<ScreenplayDetail>(`${screenplayPath(detail.id)}/${locking ? "lock" : "unlock"}-scenes`, {
        json: { version: draft.version() },
      }),
    onSuccess: (d, locking) => {
      accept(d, true);
      toast.success(locking ? "Scene numbers locked" : "Scene numbers unlocked", {
        description: locking
          ? "New scenes become A-scenes, removed ones stay as OMITTED."
          : "Every number stays. Locking again keeps them: new scenes become A-scenes, removed ones OMITTED.",
      });
    },
    onError: failed("Scene numbers not changed"),
  });

  const saved = draft.state === "saved" && !draft.dirty;
  const readOnly = !detail.canEdit;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 grow">
          <Link
            to={detail.project ? `/project/${detail.project.id}` : "/screenplays"}
            className="inline-flex items-center gap-1 text-sm text-zinc-600 underline-offset-4 hover:underline dark:text-zinc-400"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {detail.project ? detail.project.title : "Screenplays"}
          </Link>
          <h1 className="sr-only">{draft.title || detail.title}</h1>
          <label className="block">
            <span className="sr-only">Title</span>
            <input
              className="w-full rounded-md border border-transparent bg-transparent px-1 text-2xl font-bold text-zinc-900 hover:border-zinc-300 focus-visible:border-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-50"
              value={draft.title}
              readOnly={readOnly}
              maxLength={200}
              onChange={(e) => draft.setTitle(e.target.value)}
            />
          </label>
          <p className="px-1 text-sm text-zinc-600 dark:text-zinc-400">
            By {detail.owner.name}
            {detail.scenesLocked
              ? " · scene numbers locked"
              : detail.lockedScenes
                ? " · scene numbers unlocked (kept for the next lock)"
                : ""}
            {layout && ` · ${layout.pages.length} ${layout.pages.length === 1 ? "page" : "pages"}`}
            {readOnly && " · read only"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!readOnly && (
            <p
              role="status"
              className={cn(
                "text-sm",
                draft.state === "conflict" || draft.state === "error"
                  ? "font-medium text-red-800 dark:text-red-300"
                  : "text-zinc-600 dark:text-zinc-400",
              )}
            >
              {SAVE_STATE_TEXT[draft.dirty && draft.state === "saved" ? "unsaved" : draft.state]}
            </p>
          )}
          {!readOnly && (
            <Button
              variant="secondary"
              busy={lock.isPending}
              disabled={!saved}
              onClick={() => lock.mutate(!detail.scenesLocked)}
            >
              {detail.scenesLocked ? (
                <LockOpen aria-hidden className="size-4" />
              ) : (
                <Lock aria-hidden className="size-4" />
              )}
              {detail.scenesLocked ? "Unlock scene numbers" : "Lock scene numbers"}
            </Button>
          )}
          {(["pdf", "fdx"] as const).map((kind) => (
            <a
              key={kind}
              href={`${screenplayPath(detail.id)}/${kind}`}
              download
              title={kind === "fdx" ? "A Final Draft file of the saved draft" : undefined}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 md:min-h-10 dark:border-zinc-700 dark:bg-zinc-900"
            >
              <FileDown aria-hidden className="size-4" />
              {kind === "pdf" ? "Export PDF" : "Export Final Draft"}
            </a>
          ))}
        </div>
      </div>

      {draft.restored && draft.dirty && (
        <p role="status" className="rounded-md bg-sky-50 p-3 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100">
          Your unsaved typing from an earlier visit was kept in this browser and is back in the editor; it is being
          saved now.
        </p>
      )}
      {draft.error && draft.state === "error" && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {draft.error} Your text is kept in this browser and saving is tried again.
        </p>
      )}
      {draft.conflict && (
        <section
          role="alert"
          aria-labelledby="conflict-heading"
          className="flex flex-col gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 dark:bg-amber-950"
        >
          <h2 id="conflict-heading" className="font-semibold">
            {draft.conflict.updatedByName ?? "Someone else"} saved this screenplay while you were writing
          </h2>
          <p className="text-sm">
            Your text is not lost. Below, red lines are theirs only and green lines yours only. Keep your text (it
            replaces theirs) or take theirs (yours is dropped).
          </p>
          <DiffView lines={diffLines(draft.conflict.body, draft.text)} label="Their saved text compared with yours" />
          <div className="flex flex-wrap gap-2">
            <Button onClick={draft.keepMine}>Keep my text</Button>
            <Button variant="secondary" onClick={draft.takeTheirs}>
              Take their text
            </Button>
          </div>
        </section>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-1">
          <ScriptEditor
            ref={editor}
            text={draft.text}
            readOnly={readOnly}
            labelId="fountain-text"
            describedBy="fountain-help"
            onChange={typed}
            onLine={moveTo}
            onBlur={draft.flushBackup}
          />
          <p id="fountain-help" className="text-xs text-zinc-600 dark:text-zinc-400">
            INT./EXT. starts a scene; a line in capitals before dialogue is a character (@ makes one of any name, in any
            script); ~ starts a sung line; (parentheses) under it a parenthetical; ^ after a second character makes dual
            dialogue; TO: ends a transition; === breaks the page. Enter and Tab move between elements as in Final Draft
            (Tab on an empty line: a character; in dialogue: a parenthetical); Shift+Enter is a plain line break.
          </p>
        </div>
        <div className="min-w-0">
          <Tabs
            label="Screenplay views"
            selected={tab}
            onSelect={setTab}
            tabs={[
              {
                id: "preview",
                label: "Preview",
                content: (
                  <>
                    <PreviewMarksBar
                      elements={breakdownMarks.elements}
                      shown={breakdownMarks.shown}
                      onChange={breakdownMarks.show}
                    />
                    {/* Focusable, so the keyboard scrolls through the pages as the mouse does. */}
                    <div
                      ref={previewBox}
                      tabIndex={0}
                      role="region"
                      aria-label="Script pages"
                      className="overflow-auto rounded-md bg-zinc-100 py-4 focus-visible:outline-2 focus-visible:outline-amber-500 lg:h-[72vh] dark:bg-zinc-800"
                    >
                      <div style={{ zoom }}>
                        <PanelBoundary message={PREVIEW_FAILED} resetKey={layout}>
                          {layout ? (
                            <ScriptPreview
                              layout={layout}
                              viewport={previewBox}
                              cursorLine={line}
                              markedLines={noted}
                              revised={revised}
                              marks={breakdownMarks.marks}
                              onLine={readOnly ? undefined : goTo}
                            />
                          ) : (
                            <PanelFailed message={PREVIEW_FAILED} />
                          )}
                        </PanelBoundary>
                      </div>
                    </div>
                  </>
                ),
              },
              {
                id: "scenes",
                label: "Scenes",
                content: layout ? (
                  <ScenesPanel
                    scenes={layout.scenes}
                    cursorLine={line}
                    onGoTo={goTo}
                    onMove={readOnly || detail.lockedScenes ? undefined : moveSceneTo}
                    moveBlocked={
                      !readOnly && detail.lockedScenes
                        ? "Scene numbers are locked: unlock them to move scenes, or cut and paste the text."
                        : undefined
                    }
                  />
                ) : (
                  <PanelFailed message={PREVIEW_FAILED} />
                ),
              },
              {
                id: "title-page",
                label: "Title page",
                content: <TitlePagePanel text={draft.text} readOnly={readOnly} onApply={draft.setText} />,
              },
              {
                id: "reports",
                label: "Reports",
                content: (
                  <PanelBoundary message={PREVIEW_FAILED} resetKey={report}>
                    {report ? <ReportsPanel report={report} /> : !layout && <PanelFailed message={PREVIEW_FAILED} />}
                  </PanelBoundary>
                ),
              },
              {
                id: "revisions",
                label: `Revisions (${detail.revisions.length})`,
                content: <RevisionsPanel detail={detail} canSave={saved} onChanged={accept} version={draft.version} />,
              },
              {
                id: "notes",
                label: `Notes (${detail.notes.filter((n) => !n.resolved).length})`,
                content: (
                  <NotesPanel
                    detail={detail}
                    line={line}
                    lineText={tab === "notes" ? (draft.text.split("\n")[line] ?? "") : ""}
                    onChanged={(d) => accept(d, false)}
                    onGoTo={goTo}
                  />
                ),
              },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
