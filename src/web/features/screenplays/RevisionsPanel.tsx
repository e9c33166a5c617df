import { useMutation } from "@tanstack/react-query";
import { useFormats } from "../../lib/format.ts";
import { History } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { revisionColour, revisionCreateInput, type ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { api, errorText } from "../../lib/api.ts";
import { failed } from "../../lib/change.ts";
import { firstProblem } from "../../lib/first-problem.ts";
import { DiffView } from "./DiffView.tsx";
import { COLOUR_SWATCH } from "./shared.ts";
import { screenplayPath, useCompare } from "./api.ts";

export function RevisionsPanel({
  detail,
  canSave,
  onChanged,
  version,
}: {
  detail: ScreenplayDetail;
  /** False while typing is unsaved: a revision or a restore works on what the server has. */
  canSave: boolean;
  onChanged(d: ScreenplayDetail, adopt: boolean): void;
  version(): number;
}) {
  const fmt = useFormats();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("current");
  const [restoring, setRestoring] = useState<string | null>(null);
  const revisions = detail.revisions;
  const nextColour = revisionColour(revisions.length ? Math.max(...revisions.map((r) => r.number)) : 0);

  const create = useMutation({
    mutationFn: () => api<ScreenplayDetail>(`${screenplayPath(detail.id)}/revisions`, { json: { name } }),
    onSuccess: (d) => {
      toast.success("Revision saved", {
        description: `“${name.trim()}” is kept as the ${d.revisions[0]?.colour} revision.`,
      });
      setName("");
      onChanged(d, false);
    },
    onError: failed("Revision not saved"),
  });
  const restore = useMutation({
    mutationFn: (revisionId: string) =>
      api<ScreenplayDetail>(`${screenplayPath(detail.id)}/revisions/${revisionId}/restore`, {
        json: { version: version() },
      }),
    onSuccess: (d) => {
      toast.success("Revision restored", {
        description: "Its text is the current draft now; the revisions are all still there.",
      });
      setRestoring(null);
      onChanged(d, true);
    },
    onError: (err) => {
      setRestoring(null);
      failed("Revision not restored")(err);
    },
  });
  const fromId = from || revisions[0]?.id || "";
  const compare = useCompare(detail, fromId, to);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(revisionCreateInput, { name });
    setError(problem?.message ?? null);
    if (!problem) create.mutate();
  };
  const options = revisions.map((r) => ({ value: r.id, label: `${r.number}. ${r.name} (${r.colour})` }));

  return (
    <div className="flex flex-col gap-5">
      {detail.canEdit && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field
            className="grow"
            label="Revision name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error ?? undefined}
            hint={`Saved as the ${nextColour} revision; a revision never changes afterwards.`}
            maxLength={120}
          />
          <Button
            type="submit"
            busy={create.isPending}
            disabled={!canSave}
            title={canSave ? undefined : "Wait until your typing is saved"}
          >
            Save revision
          </Button>
        </form>
      )}
      {revisions.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          No revision yet. Save one when a draft goes to your supervisor or the crew.
        </p>
      ) : (
        <>
          <ol aria-label="Revisions" className="flex flex-col gap-2">
            {revisions.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-800"
              >
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className="inline-block size-4 rounded-sm ring-1 ring-zinc-400"
                    style={{ background: COLOUR_SWATCH[r.colour] }}
                  />
                  <span>
                    <span className="font-medium">
                      {r.number}. {r.name}
                    </span>{" "}
                    <span className="text-zinc-600 dark:text-zinc-400">
                      ({r.colour}) · {r.createdByName} · {fmt.dateTime(r.createdAt)}
                    </span>
                  </span>
                </span>
                <span className="flex gap-1">
                  {/* Final Draft reads the revision back with its colour and its marked lines. */}
                  {(["pdf", "fdx"] as const).map((kind) => (
                    <a
                      key={kind}
                      className="inline-flex min-h-10 items-center rounded-md px-3 text-sm underline underline-offset-4"
                      href={`${screenplayPath(detail.id)}/${kind}?revision=${r.id}`}
                      download
                    >
                      {kind === "pdf" ? "PDF" : "Final Draft"}
                      <span className="sr-only"> of revision {r.number}</span>
                    </a>
                  ))}
                  {detail.canEdit && (
                    <Button
                      variant="ghost"
                      onClick={() => setRestoring(r.id)}
                      disabled={!canSave}
                      aria-label={`Restore revision ${r.number}, ${r.name}`}
                    >
                      <History aria-hidden className="size-4" />
                      Restore
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ol>
          <section aria-labelledby="compare-heading" className="flex flex-col gap-2">
            <h3 id="compare-heading" className="font-semibold">
              Compare
            </h3>
            <div className="grid gap-2 sm:grid-cols-2">
              <Select label="From" value={fromId} onChange={(e) => setFrom(e.target.value)} options={options} />
              <Select
                label="To"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                options={[{ value: "current", label: "Current draft (saved)" }, ...options]}
              />
            </div>
            {compare.data && (
              <p className="text-sm" aria-live="polite">
                {compare.data.added} {compare.data.added === 1 ? "line" : "lines"} added, {compare.data.removed}{" "}
                removed.
              </p>
            )}
            {compare.isError && <p className="text-sm text-red-800">{errorText(compare.error)}</p>}
            {compare.data && (
              <DiffView
                lines={compare.data.lines}
                label={`Changes from ${compare.data.from.label} to ${compare.data.to.label}`}
              />
            )}
          </section>
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title="Restore this revision?"
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => restoring && restore.mutate(restoring)}
        onCancel={() => setRestoring(null)}
      >
        Its text becomes the current draft. The current draft is replaced, so save it as a revision first if you want to
        keep it.
      </ConfirmDialog>
    </div>
  );
}
