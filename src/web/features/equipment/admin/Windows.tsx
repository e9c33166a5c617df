import { useRef, useState } from "react";
import type { WindowDto } from "../../../../common/equipment-fair.ts";
import { LoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { post } from "../api.ts";
import { cancelWindow, useFairChange, useWindows } from "../fair-api.ts";
import { WindowCard } from "../WindowCard.tsx";
import { WindowForm } from "./WindowForm.tsx";

/**
 * The office's request windows: open one for a contested period, correct or cancel it before the draw, close its
 * requests, draw its lottery.
 */
export function Windows() {
  const windows = useWindows();
  const [drawing, setDrawing] = useState<WindowDto | null>(null);
  const [editing, setEditing] = useState<WindowDto | null>(null);
  const [cancelling, setCancelling] = useState<WindowDto | null>(null);
  const [reason, setReason] = useState("");
  const formRef = useRef<HTMLDivElement>(null);
  const cancel = useFairChange((w: WindowDto) => cancelWindow(w.id, reason), {
    success: (w) => ["Request window cancelled", `“${w.name}” is cancelled; its requesters have been told.`],
    failure: "Request window not cancelled",
    onSuccess: (w) => (setCancelling(null), setReason(""), editing?.id === w.id && setEditing(null)),
    onError: () => void setCancelling(null),
  });
  const draw = useFairChange((w: WindowDto) => post<WindowDto>(`/windows/${w.id}/draw`), {
    success: (w) => [
      "Lottery drawn",
      `${w.requests.filter((r) => r.won).length} of ${w.requests.length} requests allotted; everyone has been told why.`,
    ],
    failure: "Lottery not drawn",
    onSuccess: () => setDrawing(null),
    onError: () => void setDrawing(null),
  });
  const close = useFairChange((w: WindowDto) => post<WindowDto>(`/windows/${w.id}/close`), {
    success: (w) => ["Requests closed", `“${w.name}” takes no more requests; draw the lottery when ready.`],
    failure: "Requests not closed",
  });
  return (
    <div className="flex flex-col gap-4">
      <div ref={formRef}>
        <WindowForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
      </div>
      {windows.isError ? (
        <LoadError what="The request windows" error={windows.error} onRetry={() => void windows.refetch()} />
      ) : (
        <section aria-labelledby="windows-heading" className="flex flex-col gap-2">
          <h2 id="windows-heading" className="text-lg font-semibold">
            Request windows
          </h2>
          {windows.data?.length === 0 && <p className="text-sm">No request windows in the last month.</p>}
          {(windows.data ?? []).map((w) => (
            <WindowCard key={w.id} w={w}>
              <div className="flex flex-wrap gap-2">
                {w.accepting && (
                  <Button variant="secondary" busy={close.isPending} onClick={() => close.mutate(w)}>
                    Close requests now
                  </Button>
                )}
                {w.canDraw && <Button onClick={() => setDrawing(w)}>Draw the lottery</Button>}
                {w.canChange && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setEditing(w);
                      formRef.current?.scrollIntoView({ block: "start" });
                    }}
                  >
                    Correct
                  </Button>
                )}
                {w.canChange && (
                  <Button variant="ghost" onClick={() => setCancelling(w)}>
                    Cancel the window
                  </Button>
                )}
              </div>
            </WindowCard>
          ))}
        </section>
      )}
      <ConfirmDialog
        open={!!drawing}
        title={`Draw the lottery of “${drawing?.name}”?`}
        confirmLabel="Draw the lottery"
        busy={draw.isPending}
        onConfirm={() => drawing && draw.mutate(drawing)}
        onCancel={() => setDrawing(null)}
      >
        Higher-priority courses draw first, then a fixed random order seeded by the window: drawing again would give the
        same result. Winners get approved reservations; every requester is told their place and why.
      </ConfirmDialog>
      <ConfirmDialog
        open={!!cancelling}
        title={`Cancel “${cancelling?.name}”?`}
        confirmLabel="Cancel the window"
        cancelLabel="Keep the window"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onCancel={() => (setCancelling(null), setReason(""))}
      >
        <div className="flex flex-col gap-3">
          <p>
            Its requests are withdrawn and what it contests can be booked first come again. Every requester is told, in
            the portal and by e-mail, with your reason.
          </p>
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
          />
        </div>
      </ConfirmDialog>
    </div>
  );
}
