import { useMutation } from "@tanstack/react-query";
import { useFormats } from "../../lib/format.ts";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { noteCreateInput, type ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { api } from "../../lib/api.ts";
import { failed } from "../../lib/change.ts";
import { firstProblem } from "../../lib/first-problem.ts";
import { screenplayPath } from "./api.ts";

/** Notes on lines of the script: written on the line the cursor (or a click in the preview) is on. */
export function NotesPanel({
  detail,
  line,
  lineText,
  onChanged,
  onGoTo,
}: {
  detail: ScreenplayDetail;
  line: number;
  lineText: string;
  onChanged(d: ScreenplayDetail): void;
  onGoTo(line: number): void;
}) {
  const fmt = useFormats();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => api<ScreenplayDetail>(`${screenplayPath(detail.id)}/notes`, { json: { line, body } }),
    onSuccess: (d) => {
      toast.success("Note added");
      setBody("");
      onChanged(d);
    },
    onError: failed("Note not added"),
  });
  const resolve = useMutation({
    mutationFn: (v: { id: string; resolved: boolean }) =>
      api<ScreenplayDetail>(`${screenplayPath(detail.id)}/notes/${v.id}`, {
        method: "PATCH",
        json: { resolved: v.resolved },
      }),
    onSuccess: onChanged,
    onError: failed("Note not changed"),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(noteCreateInput, { line, body });
    setError(problem?.message ?? null);
    if (!problem) add.mutate();
  };
  const open = detail.notes.filter((n) => !n.resolved);
  const done = detail.notes.filter((n) => n.resolved);

  return (
    <div className="flex flex-col gap-4">
      {detail.canComment && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <Textarea
            label={`Note on line ${line + 1}`}
            hint={
              lineText.trim()
                ? `“${lineText.trim().slice(0, 80)}”. Put the cursor on another line, or click a line in the preview, to note that one.`
                : "Put the cursor on a line of the script, or click one in the preview."
            }
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={error ?? undefined}
            rows={3}
          />
          <Button type="submit" className="self-end" busy={add.isPending}>
            Add note
          </Button>
        </form>
      )}
      {detail.notes.length === 0 && <p className="text-sm text-zinc-700 dark:text-zinc-300">No notes yet.</p>}
      {[
        { title: `Open (${open.length})`, notes: open },
        { title: `Resolved (${done.length})`, notes: done },
      ]
        .filter((g) => g.notes.length)
        .map((g) => (
          <section key={g.title} aria-label={g.title.replace(/ \(.*/, " notes")}>
            <h3 className="mb-2 font-semibold">{g.title}</h3>
            <ul className="flex flex-col gap-2">
              {g.notes.map((n) => (
                <li key={n.id} className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
                  <button
                    type="button"
                    className="text-left text-xs text-zinc-600 underline underline-offset-2 dark:text-zinc-400"
                    onClick={() => onGoTo(n.line)}
                  >
                    {n.sceneNumber ? `Scene ${n.sceneNumber}, ` : ""}line {n.line + 1}: “
                    {n.quote.trim().slice(0, 60) || "(empty line)"}”
                  </button>
                  <p className={n.resolved ? "mt-1 text-zinc-600 line-through dark:text-zinc-400" : "mt-1"}>{n.body}</p>
                  <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                    {n.authorName} · {fmt.dateTime(n.createdAt)}
                    {n.resolved && n.resolvedByName ? ` · resolved by ${n.resolvedByName}` : ""}
                  </p>
                  {detail.canEdit && (
                    <Button
                      variant="secondary"
                      className="mt-2"
                      busy={resolve.isPending && resolve.variables?.id === n.id}
                      onClick={() => resolve.mutate({ id: n.id, resolved: !n.resolved })}
                    >
                      {n.resolved ? "Reopen" : "Resolve"}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
