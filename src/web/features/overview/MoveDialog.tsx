import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { OverviewCard } from "../../../common/overview-api.ts";
import type { GreenlightBlockDetails } from "../../../common/project-api.ts";
import { OVERRIDE_REASON_MIN, PHASE_LABELS, REASON_MAX, type Phase } from "../../../common/projects.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ApiError } from "../../lib/api.ts";
import { moveProject, useInvalidateOverview } from "./api.ts";

export interface MoveRequest {
  card: Pick<OverviewCard, "id" | "title" | "phase" | "greenlight">;
  to: Phase;
}

const textareaClass =
  "min-h-20 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

/**
 * Asks why a production moves, then changes its phase through the projects API (the same rule as the
 * project page). When the greenlight checklist holds the move up, staff may give an override reason.
 */
export function MoveDialog({ request, onClose }: { request: MoveRequest | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const overrideId = useId();
  const [reason, setReason] = useState("");
  const [override, setOverride] = useState("");
  const [blocked, setBlocked] = useState<GreenlightBlockDetails | null>(null);
  const invalidate = useInvalidateOverview();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      setReason("");
      setOverride("");
      setBlocked(null);
      dialog.showModal();
    }
    if (!request && dialog.open) dialog.close();
  }, [request]);

  const move = useMutation({
    mutationFn: (r: MoveRequest) =>
      moveProject(r.card.id, { to: r.to, reason: reason.trim(), overrideReason: override.trim() || undefined }),
    onSuccess: (_d, r) => {
      toast.success("Phase changed", { description: `${r.card.title} is now in ${PHASE_LABELS[r.to]}.` });
      onClose();
    },
    onError: (err) => {
      const details =
        err instanceof ApiError && err.status === 409 ? (err.details as GreenlightBlockDetails | undefined) : undefined;
      if (details?.missing) setBlocked(details);
      toast.error("Phase not changed", {
        description: err instanceof ApiError ? err.message : "An unexpected error occurred",
      });
    },
    onSettled: invalidate,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!request) return;
    if (!reason.trim()) {
      toast.error("Say why", { description: "Write why the phase changes; the project's history keeps it." });
      return;
    }
    move.mutate(request);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!move.isPending) onClose();
      }}
      className="m-auto w-[min(30rem,calc(100vw-1rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {request && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            Move {request.card.title} to {PHASE_LABELS[request.to]}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            From {PHASE_LABELS[request.card.phase]}. The crew is told, and the reason is kept in the project's phase
            history.
          </p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Why does the phase change?
            </label>
            <textarea
              id={reasonId}
              required
              aria-required
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={textareaClass}
              autoFocus
            />
          </div>
          {blocked && (
            <div
              role="alert"
              className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
            >
              <p className="font-medium">The greenlight checklist is not complete:</p>
              <ul className="mt-1 list-disc pl-5">
                {blocked.missing.map((m) => (
                  <li key={m.key}>{m.label}</li>
                ))}
              </ul>
              {!blocked.canOverride && <p className="mt-2">Complete it on the project page, or ask the supervisor.</p>}
            </div>
          )}
          {blocked?.canOverride && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={overrideId} className="text-sm font-medium">
                Override reason (staff, at least {OVERRIDE_REASON_MIN} characters)
              </label>
              <textarea
                id={overrideId}
                maxLength={REASON_MAX}
                value={override}
                onChange={(e) => setOverride(e.target.value)}
                className={textareaClass}
              />
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={move.isPending}>
              {blocked?.canOverride && override.trim() ? "Move past the checklist" : "Move"}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
