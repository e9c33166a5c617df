import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  type GreenlightBlockDetails,
  type PhaseChangeInput,
  type ProjectDetail,
} from "../../../../common/project-api.ts";
import { OVERRIDE_REASON_MIN, PHASE_LABELS, PHASES, type Phase } from "../../../../common/projects.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api, ApiError } from "../../../lib/api.ts";
import { useFormats } from "../../../lib/format.ts";
import { PhaseBadge } from "../shared.tsx";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { projectPath, useProjectChange } from "../api.ts";

export function PhaseSection({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const others = PHASES.filter((p) => p !== project.phase);
  const [to, setTo] = useState<Phase>(others[PHASES.indexOf(project.phase)] ?? others[0]!);
  const [reason, setReason] = useState("");
  const [overrideReason, setOverrideReason] = useState("");
  const [block, setBlock] = useState<GreenlightBlockDetails | null>(null);
  useLeaveGuard(!!(reason.trim() || overrideReason.trim()), "the reason you wrote for the phase change");

  const move = useProjectChange(
    project.id,
    (input: PhaseChangeInput) => api<ProjectDetail>(`${projectPath(project.id)}/phase`, { json: input }),
    {
      success: (_p, v) => [
        "Phase changed",
        `The project is now in ${PHASE_LABELS[v.to].toLowerCase()}${v.overrideReason ? ", past the greenlight checklist" : ""}.`,
      ],
      failure: "Phase not changed",
      onSuccess: () => {
        setReason("");
        setOverrideReason("");
        setBlock(null);
      },
      onError: (err) => {
        const details =
          err instanceof ApiError && err.status === 409
            ? (err.details as GreenlightBlockDetails | undefined)
            : undefined;
        if (details?.missing) setBlock(details);
        return false;
      },
    },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return void toast.error("Phase not changed", { description: "Say why the phase changes." });
    if (block?.canOverride && overrideReason.trim().length < OVERRIDE_REASON_MIN)
      return void toast.error("Phase not changed", {
        description: `Write an override reason of at least ${OVERRIDE_REASON_MIN} characters.`,
      });
    move.mutate({ to, reason, overrideReason: block?.canOverride ? overrideReason : undefined });
  };

  return (
    <section aria-labelledby="phase-heading" className="flex flex-col gap-4">
      <h2 id="phase-heading" className="text-lg font-semibold">
        Phase
      </h2>
      <p className="flex items-center gap-2 text-sm">
        Current phase: <PhaseBadge phase={project.phase} />
      </p>
      {project.canEdit && (
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Select
            label="Move to"
            value={to}
            onChange={(e) => {
              setTo(e.target.value as Phase);
              setBlock(null);
            }}
            options={others.map((p) => ({ value: p, label: PHASE_LABELS[p] }))}
          />
          <Textarea
            label="Reason"
            required
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint="Recorded in the history and sent to the crew and the supervisor."
          />
          <div aria-live="polite">
            {block && (
              <div
                role="alert"
                className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
              >
                <p className="font-semibold">The greenlight checklist is not complete. Missing:</p>
                <ul className="mt-1 list-inside list-disc">
                  {block.missing.map((m) => (
                    <li key={m.key}>{m.label}</li>
                  ))}
                </ul>
                <p className="mt-2">
                  {block.canOverride
                    ? "As staff you may move it anyway: write why the production may go ahead without these."
                    : "Finish these items first, or ask your supervisor: staff can let a production through with a written reason."}
                </p>
              </div>
            )}
          </div>
          {block?.canOverride && (
            <Textarea
              label="Override reason"
              required
              rows={2}
              value={overrideReason}
              onChange={(e) => setOverrideReason(e.target.value)}
              hint={`At least ${OVERRIDE_REASON_MIN} characters; the crew is told of the override.`}
            />
          )}
          <div>
            <Button type="submit" busy={move.isPending}>
              {block?.canOverride ? "Override and Move" : "Move Phase"}
            </Button>
          </div>
        </form>
      )}
      <h3 className="font-semibold">Phase history</h3>
      {project.phaseHistory.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The project has been in {PHASE_LABELS[project.phase].toLowerCase()} since it was created.
        </p>
      ) : (
        <ol className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {[...project.phaseHistory]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((h) => (
              <li key={h.id} className="px-4 py-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <PhaseBadge phase={h.from} /> → <PhaseBadge phase={h.to} />
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    {h.changedByName}, <time dateTime={h.createdAt}>{fmt.dateTime(h.createdAt)}</time>
                  </span>
                </div>
                <p className="mt-1">{h.reason}</p>
                {h.overrideReason && (
                  <p className="mt-1 text-amber-900 dark:text-amber-200">Greenlight overridden: {h.overrideReason}</p>
                )}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
