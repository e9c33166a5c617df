import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { BreakdownDetail, SafetyFlag } from "../../../common/breakdown-api.ts";
import { keys } from "../../../common/query-keys.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { api } from "../../lib/api.ts";
import { failed } from "../../lib/change.ts";
import { useHazardKinds } from "../safety/api.ts";
import { breakdownPath } from "./api.ts";

const FLAG_STATUS: Record<SafetyFlag["status"], { text: string; tone: "warn" | "good" | "neutral" }> = {
  suggested: { text: "Suggested", tone: "warn" },
  confirmed: { text: "Confirmed", tone: "good" },
  dismissed: { text: "Dismissed", tone: "neutral" },
};

/** The project's lists a flag changes: its greenlight checklist, its safety paperwork, its stripboard. */
function useFlagChanged(b: BreakdownDetail, onChanged: (d: BreakdownDetail) => void) {
  const queryClient = useQueryClient();
  return (d: BreakdownDetail) => {
    onChanged(d);
    if (b.project)
      for (const queryKey of [keys.project(b.project.id), keys.safety(b.project.id), keys.schedule(b.project.id)])
        void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * Safety flags: those the script's words suggest, confirmed or dismissed, and those the crew sets by hand. A
 * confirmed flag puts its hazard's paperwork on the project (the Safety tab); removing it withdraws what is unmet.
 */
export function SafetyFlags({
  breakdown: b,
  onChanged,
}: {
  breakdown: BreakdownDetail;
  onChanged(d: BreakdownDetail): void;
}) {
  const changed = useFlagChanged(b, onChanged);
  const decide = useMutation({
    mutationFn: (v: { flag: SafetyFlag; decision: "confirmed" | "dismissed" }) =>
      api<BreakdownDetail>(`${breakdownPath(b.screenplayId)}/flags`, {
        json: { sceneNumber: v.flag.sceneNumber, kind: v.flag.kind, decision: v.decision },
      }),
    onSuccess: (d, v) => {
      changed(d);
      if (v.decision === "confirmed") {
        toast.success("Safety flag confirmed", {
          description: `“Safety plan: ${v.flag.kindLabel.toLowerCase()} (scene ${v.flag.sceneNumber})” is on the greenlight checklist.`,
        });
      } else toast.success(v.flag.status === "confirmed" ? "Safety flag removed" : "Safety flag dismissed");
    },
    onError: failed("Safety flag not changed"),
  });
  const canDecide = b.canEdit && b.locked;
  const [removing, setRemoving] = useState<SafetyFlag | null>(null);
  return (
    <section aria-labelledby="safety-heading" className="flex flex-col gap-2">
      <h3 id="safety-heading" className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden className="size-4" />
        Safety flags
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Suggested from the script’s words, or flagged by hand. A confirmed flag asks for its hazard’s paperwork on the
        Safety tab and adds a safety plan to the greenlight checklist; removing it withdraws what is not yet approved.
      </p>
      {b.flags.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">Nothing in the script suggests a safety flag.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {b.flags.map((f) => {
            const label = `${f.kindLabel} in scene ${f.sceneNumber}`;
            const busy = decide.isPending && decide.variables?.flag === f;
            return (
              <li
                key={`${f.sceneNumber} ${f.kind}`}
                aria-label={label}
                className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{label}</div>
                  <div className="text-xs text-zinc-600 dark:text-zinc-400">
                    {f.byHand
                      ? "Flagged by hand."
                      : f.evidence
                        ? `The script says “${f.evidence}”.`
                        : "The words are no longer in the script."}
                    {f.decidedByName && !f.byHand ? ` ${FLAG_STATUS[f.status].text} by ${f.decidedByName}.` : ""}
                    {f.decidedByName && f.byHand && f.status === "confirmed" ? ` By ${f.decidedByName}.` : ""}
                    {f.greenlightLabel ? ` Greenlight: ${f.greenlightLabel}.` : ""}
                  </div>
                </div>
                <Badge tone={FLAG_STATUS[f.status].tone}>{FLAG_STATUS[f.status].text}</Badge>
                {f.status === "suggested" && canDecide && (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => decide.mutate({ flag: f, decision: "dismissed" })}
                    >
                      Dismiss
                    </Button>
                    <Button
                      busy={busy && decide.variables?.decision === "confirmed"}
                      onClick={() => decide.mutate({ flag: f, decision: "confirmed" })}
                    >
                      Confirm
                    </Button>
                  </div>
                )}
                {f.status === "confirmed" && canDecide && (
                  <Button
                    variant="secondary"
                    busy={busy}
                    aria-label={`Remove the flag ${label}`}
                    onClick={() => setRemoving(f)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canDecide && b.project && <FlagByHand breakdown={b} onChanged={changed} />}
      <ConfirmDialog
        open={!!removing}
        title={`Remove the ${removing?.kindLabel.toLowerCase() ?? ""} flag of scene ${removing?.sceneNumber ?? ""}?`}
        confirmLabel="Remove"
        busy={decide.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing && decide.mutate({ flag: removing, decision: "dismissed" }, { onSettled: () => setRemoving(null) })
        }
      >
        Its paperwork not yet approved is withdrawn from the Safety tab; approved documents and every decision stay on
        the record.
      </ConfirmDialog>
    </section>
  );
}

/** A hazard the words do not show (a stunt the action lines leave out, or one of the school's own kinds). */
function FlagByHand({ breakdown: b, onChanged }: { breakdown: BreakdownDetail; onChanged(d: BreakdownDetail): void }) {
  const kinds = useHazardKinds();
  const [scene, setScene] = useState("");
  const [kind, setKind] = useState("");
  const flag = useMutation({
    mutationFn: (json: { sceneNumber: string; kind: string }) =>
      api<BreakdownDetail>(`${breakdownPath(b.screenplayId)}/flags/by-hand`, { json }),
    onSuccess: (d, v) => {
      onChanged(d);
      setKind("");
      const f = d.flags.find((x) => x.sceneNumber === v.sceneNumber && x.kind === v.kind);
      toast.success("Hazard flagged", {
        description: f?.greenlightLabel
          ? `Its paperwork is on the Safety tab; “${f.greenlightLabel}” is on the greenlight checklist.`
          : undefined,
      });
    },
    onError: failed("Hazard not flagged"),
  });
  const scenes = b.scenes.filter((s) => !s.omitted && !s.provisional);
  return (
    <form
      aria-label="Flag a hazard by hand"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (scene && kind) flag.mutate({ sceneNumber: scene, kind });
      }}
    >
      <Select
        label="Scene"
        className="basis-40"
        value={scene}
        onChange={(e) => setScene(e.target.value)}
        options={[
          { value: "", label: "Choose a scene…" },
          ...scenes.map((s) => ({ value: s.number, label: `${s.number} · ${s.heading}` })),
        ]}
      />
      <Select
        label="Hazard"
        className="basis-40"
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        options={[
          { value: "", label: kinds.isError ? "The hazards cannot be loaded" : "Choose a hazard…" },
          ...(kinds.data?.kinds ?? []).map((k) => ({ value: k.key, label: k.label })),
        ]}
      />
      <Button type="submit" variant="secondary" disabled={!scene || !kind} busy={flag.isPending}>
        Flag by hand
      </Button>
    </form>
  );
}
