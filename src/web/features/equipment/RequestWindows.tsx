import { useState } from "react";
import type { WindowDto, WindowRequestDto } from "../../../common/equipment-fair.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useMyProjects } from "./api.ts";
import { requestInWindow, useFairChange, useWindows, withdrawRequest } from "./fair-api.ts";
import { WindowCard } from "./WindowCard.tsx";

/**
 * The request windows a student meets on the catalogue: for a contested period they ask here instead of booking
 * first come, and after the draw they read their place and why.
 */
export function RequestWindows() {
  const windows = useWindows();
  const withdraw = useFairChange((r: WindowRequestDto & { windowId: string }) => withdrawRequest(r.windowId, r.id), {
    success: (_w, r) => ["Request withdrawn", `“${r.project.title}” is out of the draw.`],
    failure: "Request not withdrawn",
  });
  if (windows.isError)
    return <LoadError what="The request windows" error={windows.error} onRetry={() => void windows.refetch()} />;
  if (!windows.data || windows.data.length === 0) return null;
  return (
    <section aria-labelledby="windows-heading" className="flex flex-col gap-2">
      <h2 id="windows-heading" className="text-lg font-semibold">
        Request windows
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        For busy periods the equipment office takes requests until a deadline and then draws a fair lottery: courses
        with priority first, then a random order that does not depend on who asked first.
      </p>
      {windows.data.map((w) => (
        <WindowCard key={w.id} w={w} onWithdraw={(r) => withdraw.mutate({ ...r, windowId: w.id })}>
          {w.accepting && <RequestForm w={w} />}
        </WindowCard>
      ))}
    </section>
  );
}

function RequestForm({ w }: { w: WindowDto }) {
  const projects = useMyProjects();
  const [projectId, setProjectId] = useState("");
  const [lotId, setLotId] = useState(w.lots.length === 1 ? w.lots[0]!.id : "");
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = useFairChange(() => requestInWindow(w.id, lotId, projectId), {
    success: () => ["Request sent", "You will be told the result of the draw here and in your notifications."],
    failure: "Request not sent",
    onSuccess: () => setRefusal(null),
    onError: (err) => {
      setRefusal(err instanceof Error ? err.message : String(err));
      return true;
    },
  });
  return (
    <form
      aria-label={`Request in ${w.name}`}
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        ask.mutate(undefined);
      }}
    >
      <div className="grid gap-2 sm:grid-cols-3 sm:items-end">
        <Select
          label="Production"
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          options={[
            { value: "", label: "Choose a production" },
            ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.title })),
          ]}
        />
        <Select
          label="What you need"
          value={lotId}
          onChange={(e) => setLotId(e.target.value)}
          options={[
            { value: "", label: "Choose one" },
            ...w.lots.map((l) => ({ value: l.id, label: l.kind === "category" ? `One of ${l.label}` : l.label })),
          ]}
        />
        <Button type="submit" busy={ask.isPending} disabled={!projectId || !lotId}>
          Request for the period
        </Button>
      </div>
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-800 dark:bg-amber-950/40"
        >
          {refusal}
        </p>
      )}
    </form>
  );
}
