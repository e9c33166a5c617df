import { useFormats } from "../../../lib/format.ts";
import { useState } from "react";
import { type ReservationDto } from "../../../../common/equipment.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { GateNote, ReservationItems, StateBadge, rangeText } from "../shared.tsx";
import { post, useEquipmentChange, useReservationQueue } from "../api.ts";

export function Requests() {
  const fmt = useFormats();
  const [state, setState] = useState("requested");
  const [page, setPage] = useState(0);
  const [rejecting, setRejecting] = useState<ReservationDto | null>(null);
  const [reason, setReason] = useState("");
  const list = useReservationQueue(state, page, 25);
  const approve = useEquipmentChange((id: string) => post<ReservationDto>(`/reservations/${id}/approve`), {
    success: (r) => ["Reservation approved", `${r.requester.name} is told by e-mail.`],
    failure: "Reservation not approved",
  });
  const reject = useEquipmentChange(
    (v: { id: string; reason: string }) => post<ReservationDto>(`/reservations/${v.id}/reject`, { reason: v.reason }),
    {
      success: (r) => ["Reservation rejected", `${r.requester.name} is told why.`],
      failure: "Reservation not rejected",
      onSuccess: () => (setRejecting(null), setReason("")),
    },
  );
  return (
    <div className="flex flex-col gap-3">
      <Select
        label="Show"
        className="max-w-xs"
        value={state}
        onChange={(e) => (setState(e.target.value), setPage(0))}
        options={[
          { value: "requested", label: "Waiting for approval" },
          { value: "approved", label: "Approved, to collect" },
          { value: "checked_out", label: "Out now" },
          { value: "overdue", label: "Overdue" },
          { value: "returned", label: "Returned" },
          { value: "", label: "All" },
        ]}
      />
      {list.data?.items.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing here.</p>}
      <ul className="flex flex-col gap-2" aria-label="Reservations">
        {(list.data?.items ?? []).map((r) => (
          <li
            key={r.id}
            className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">
                  {r.project.title}{" "}
                  <span className="font-normal text-zinc-600 dark:text-zinc-400">· {r.requester.name}</span>
                </p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{rangeText(fmt, r.startsAt, r.endsAt)}</p>
              </div>
              <div className="flex items-center gap-2">
                <StateBadge r={r} />
                {r.canDecide && (
                  <>
                    <Button
                      busy={approve.isPending && approve.variables === r.id}
                      onClick={() => approve.mutate(r.id)}
                      aria-label={`Approve the reservation of ${r.requester.name} for ${r.project.title}`}
                    >
                      Approve
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setRejecting(r)}
                      aria-label={`Reject the reservation of ${r.requester.name} for ${r.project.title}`}
                    >
                      Reject
                    </Button>
                  </>
                )}
              </div>
            </div>
            {r.note && <p className="mt-1 text-sm">“{r.note}”</p>}
            <GateNote r={r} />
            <ReservationItems r={r} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={25} total={list.data?.total ?? 0} onPage={setPage} label="Reservation pages" />
      <Dialog
        open={!!rejecting}
        title="Reject the reservation"
        description={rejecting ? `${rejecting.requester.name}, “${rejecting.project.title}”` : undefined}
        onClose={() => (setRejecting(null), setReason(""))}
        unsaved={reason.trim() !== "" && "the reason you wrote for rejecting the reservation"}
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (rejecting) reject.mutate({ id: rejecting.id, reason });
          }}
        >
          <Textarea
            label="Reason for the borrower"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint="At least 5 characters; the borrower reads it in their e-mail."
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => (setRejecting(null), setReason(""))}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={reject.isPending}>
              Reject reservation
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
