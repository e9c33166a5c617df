import { Brush, CheckCircle2, CornerDownRight, Trash2 } from "lucide-react";
import { useState } from "react";
import type { CutVersionSummary, Drawing, NotesFilter, ReviewNote } from "../../../common/review.ts";
import { frameToMs, msToFrame, rateOf, timecodeAt } from "../../../common/timecode.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { LoadError } from "../../components/LoadError.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { cn } from "../../lib/cn.ts";
import { useAddNote, useDeleteNote, useNotes, useReply, useUpdateNote } from "./api.ts";

type Stroke = Drawing["strokes"][number];

export interface NoteDraft {
  /** The in point marked for a range, in ms. */
  inMs: number | null;
  strokes: Stroke[];
  drawingOn: boolean;
}

/**
 * The notes beside the player: "Add note at <timecode>" (a range by marking in and out, a drawing on the paused
 * frame), the filters by reviewer and open or resolved, and each note with its replies; clicking a note seeks to
 * it and shows its drawing.
 */
export function NotesPanel({
  cutId,
  version,
  nowMs,
  me,
  canEdit,
  selectedId,
  onSelect,
  draft,
  onDraft,
  onPause,
}: {
  cutId: string;
  version: CutVersionSummary;
  nowMs: number;
  me: string;
  canEdit: boolean;
  selectedId: string | null;
  onSelect(note: ReviewNote): void;
  draft: NoteDraft;
  onDraft(d: NoteDraft): void;
  onPause(): void;
}) {
  const [filter, setFilter] = useState<NotesFilter>({});
  const all = useNotes(version.id);
  const shown = useNotes(version.id, filter);
  const rate = rateOf(version);
  const tc = (ms: number) => timecodeAt(ms, rate, version.startTimecode);
  // The frame on screen: a note sits at the start of the frame the viewer saw.
  const atMs = Math.round(frameToMs(msToFrame(nowMs, rate), rate));
  const [body, setBody] = useState("");
  const add = useAddNote(cutId, version.id);
  useLeaveGuard(body.trim() !== "" || draft.strokes.length > 0, "your note");

  const reviewers = [...new Set((all.data ?? []).map((n) => n.authorName))].sort();
  const inMs = draft.inMs !== null && draft.inMs < atMs ? draft.inMs : null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const start = inMs ?? atMs;
    add.mutate(
      {
        atMs: start,
        endMs: inMs !== null ? atMs : null,
        body,
        drawing: draft.strokes.length > 0 ? { strokes: draft.strokes } : null,
      },
      {
        onSuccess: () => {
          setBody("");
          onDraft({ inMs: null, strokes: [], drawingOn: false });
        },
      },
    );
  };

  return (
    <section aria-labelledby="notes-heading" className="flex flex-col gap-3">
      <h2 id="notes-heading" className="text-lg font-semibold">
        Notes on v{version.number}
      </h2>
      <form
        onSubmit={submit}
        className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      >
        <Textarea
          label={inMs !== null ? `Note from ${tc(inMs)} to ${tc(atMs)}` : `Note at ${tc(atMs)}`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={3}
          maxLength={4000}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onDraft({ ...draft, inMs: atMs })} aria-pressed={inMs !== null}>
            {inMs !== null ? `In at ${tc(inMs)}` : "Mark in"}
          </Button>
          {draft.inMs !== null ? (
            <Button variant="ghost" onClick={() => onDraft({ ...draft, inMs: null })}>
              Clear in point
            </Button>
          ) : null}
          <Button
            variant="secondary"
            aria-pressed={draft.drawingOn}
            onClick={() => {
              if (!draft.drawingOn) onPause();
              onDraft({ ...draft, drawingOn: !draft.drawingOn });
            }}
          >
            <Brush size={16} aria-hidden /> {draft.drawingOn ? "Stop drawing" : "Draw on the frame"}
          </Button>
          {draft.strokes.length > 0 ? (
            <Button variant="ghost" onClick={() => onDraft({ ...draft, strokes: [] })}>
              Clear drawing
            </Button>
          ) : null}
        </div>
        <Button type="submit" busy={add.isPending} disabled={body.trim() === ""}>
          {inMs !== null ? `Add note from ${tc(inMs)} to ${tc(atMs)}` : `Add note at ${tc(atMs)}`}
        </Button>
      </form>

      <div className="grid grid-cols-2 gap-2">
        <Select
          label="Reviewer"
          value={filter.reviewer ?? ""}
          onChange={(e) => setFilter({ ...filter, reviewer: e.target.value || undefined })}
          options={[{ value: "", label: "Everyone" }, ...reviewers.map((r) => ({ value: r, label: r }))]}
        />
        <Select
          label="Show"
          value={filter.state ?? ""}
          onChange={(e) => setFilter({ ...filter, state: (e.target.value || undefined) as NotesFilter["state"] })}
          options={[
            { value: "", label: "All notes" },
            { value: "open", label: "Open" },
            { value: "resolved", label: "Resolved" },
          ]}
        />
      </div>

      {shown.error ? (
        <LoadError what="The notes" error={shown.error} onRetry={() => void shown.refetch()} />
      ) : !shown.data ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the notes…</p>
      ) : shown.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No notes here yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Notes">
          {shown.data.map((n) => (
            <NoteItem
              key={n.id}
              note={n}
              cutId={cutId}
              tc={tc}
              selected={n.id === selectedId}
              onSelect={() => onSelect(n)}
              mine={n.authorId === me}
              canEdit={canEdit}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function NoteItem({
  note,
  cutId,
  tc,
  selected,
  onSelect,
  mine,
  canEdit,
}: {
  note: ReviewNote;
  cutId: string;
  tc(ms: number): string;
  selected: boolean;
  onSelect(): void;
  mine: boolean;
  canEdit: boolean;
}) {
  const [reply, setReply] = useState("");
  useLeaveGuard(reply.trim() !== "", "your reply");
  const [confirm, setConfirm] = useState(false);
  const update = useUpdateNote(cutId, note.versionId);
  const remove = useDeleteNote(cutId, note.versionId);
  const answer = useReply(cutId, note.versionId);
  const when = note.endMs !== null ? `${tc(note.atMs)}–${tc(note.endMs)}` : tc(note.atMs);
  return (
    <li
      className={cn(
        "rounded-lg border p-3 text-sm",
        selected ? "border-amber-500 bg-amber-50 dark:bg-amber-950/30" : "border-zinc-200 dark:border-zinc-800",
        note.resolvedAt && "opacity-75",
      )}
      aria-label={`Note at ${tc(note.atMs)} by ${note.authorName}`}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected || undefined}
        className="flex w-full flex-col items-start gap-1 text-left"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono tabular-nums">{when}</span>
          <span className="font-medium">{note.authorName}</span>
          {note.guest ? <Badge>Guest</Badge> : null}
          {note.resolvedAt ? <Badge tone="good">Resolved</Badge> : null}
          {note.carriedFromId ? <Badge>Carried forward</Badge> : null}
          {note.drawing ? <Brush size={14} aria-label="Has a drawing" /> : null}
        </span>
        <span className="whitespace-pre-wrap">{note.body}</span>
      </button>
      {note.replies.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
          {note.replies.map((r) => (
            <li key={r.id}>
              <CornerDownRight size={12} aria-hidden className="inline" />{" "}
              <span className="font-medium">{r.authorName}</span>: <span className="whitespace-pre-wrap">{r.body}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {selected ? (
        <div className="mt-2 flex flex-col gap-2">
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              answer.mutate({ noteId: note.id, body: reply }, { onSuccess: () => setReply("") });
            }}
          >
            <Textarea label="Reply" rows={2} value={reply} onChange={(e) => setReply(e.target.value)} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" disabled={reply.trim() === ""} busy={answer.isPending}>
                Reply
              </Button>
              {canEdit || mine ? (
                <Button
                  variant="secondary"
                  busy={update.isPending}
                  onClick={() => update.mutate({ noteId: note.id, input: { resolved: !note.resolvedAt } })}
                >
                  <CheckCircle2 size={16} aria-hidden /> {note.resolvedAt ? "Reopen" : "Resolve"}
                </Button>
              ) : null}
              {mine ? (
                <Button variant="ghost" onClick={() => setConfirm(true)}>
                  <Trash2 size={16} aria-hidden /> Delete
                </Button>
              ) : null}
            </div>
          </form>
          <ConfirmDialog
            open={confirm}
            title="Delete this note?"
            confirmLabel="Delete note"
            busy={remove.isPending}
            onConfirm={() => remove.mutate(note.id, { onSettled: () => setConfirm(false) })}
            onCancel={() => setConfirm(false)}
          >
            The note and its replies are deleted for everyone.
          </ConfirmDialog>
          {note.resolvedByName ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">Resolved by {note.resolvedByName}</p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
