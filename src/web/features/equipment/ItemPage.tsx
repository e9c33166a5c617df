import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { type ItemDetailDto } from "../../../common/equipment.ts";
import { CONDITION_LABELS, MAINTENANCE_KIND_LABELS } from "../../../common/equipment-states.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { api } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { isOffice } from "../../../common/roles.ts";
import { Calendar } from "./admin/Calendar.tsx";
import { ItemDialog } from "./admin/ItemDialog.tsx";
import { ClosedNote, StatusBadge, useMoney, rangeText } from "./shared.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { EQUIPMENT_API, equipmentKeys, post, useEquipmentChange, useItemAccess, useStatusChange } from "./api.ts";

/** One item: what the QR label opens. Everyone signed in reads it; the office also edits it and logs its care. */
export default function ItemPage() {
  const fmt = useFormats();
  const { id = "" } = useParams();
  const { user } = useAuth();
  const office = !!user && isOffice(user.role);
  const item = useQuery({
    queryKey: equipmentKeys.item(id),
    queryFn: () => api<ItemDetailDto>(`${EQUIPMENT_API}/items/${id}`),
  });
  const access = useItemAccess(id);
  const money = useMoney();
  if (item.isError) {
    return (
      <Card role="alert">
        {(item.error as Error).message}{" "}
        <Link to="/equipment" className="underline underline-offset-4">
          Back to the catalogue
        </Link>
      </Card>
    );
  }
  if (!item.data) return <p role="status">Loading the item…</p>;
  const i = item.data;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={i.name}
        description={`${i.category.name} · ${[i.brand, i.model].filter(Boolean).join(" ")}`}
        actions={office ? <OfficeActions item={i} /> : undefined}
      />
      <Card>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {[
            ["Asset tag", <span className="font-mono">{i.assetTag}</span>],
            ["Status", <StatusBadge status={i.status} />],
            ["Condition", CONDITION_LABELS[i.condition]],
            ["Serial number", i.serialNumber || "—"],
            ["Value", money(i.valueMinor)],
            ["Rental day rate", i.dayRateMinor === null ? "None kept" : money(i.dayRateMinor)],
            ["Storage location", i.location || "—"],
            ["Certification needed", i.certification?.name ?? "None"],
            [
              "Access level",
              access.data?.closed ? (
                <ClosedNote closed={access.data.closed} />
              ) : access.data?.level ? (
                `${access.data.level.level}: open to you`
              ) : access.data ? (
                "None: open to everyone"
              ) : (
                "…"
              ),
            ],
          ].map(([label, value]) => (
            <div key={label as string}>
              <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {i.notes && <p className="mt-3 text-sm">{i.notes}</p>}
        {i.photoUrl && <img src={i.photoUrl} alt={`Photo of ${i.name}`} className="mt-3 max-h-64 rounded" />}
      </Card>
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-2 text-lg font-semibold">
          Booked
        </h2>
        <Calendar itemId={i.id} />
      </section>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="mb-2 text-lg font-semibold">
          Maintenance log
        </h2>
        {i.maintenance.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing logged yet.</p>
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {i.maintenance.map((m) => (
              <li key={m.id} className="px-3 py-2">
                <span className="font-medium">{MAINTENANCE_KIND_LABELS[m.kind]}</span> · {fmt.dateTime(m.createdAt)} ·{" "}
                {m.byName}
                {m.costMinor !== null && ` · ${money(m.costMinor)}`}
                {m.note && <p>{m.note}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OfficeActions({ item }: { item: ItemDetailDto }) {
  const fmt = useFormats();
  const [editing, setEditing] = useState(false);
  const [logging, setLogging] = useState(false);
  const [status, setStatus] = useState<string>(item.status === "checked_out" ? "available" : item.status);
  const [note, setNote] = useState("");
  const [kind, setKind] = useState("repair");
  const [entry, setEntry] = useState("");
  useLeaveGuard(note.trim() !== "", "the reason you wrote for the status change");
  const { change, affected, setAffected } = useStatusChange(item);
  const log = useEquipmentChange(() => post<ItemDetailDto>(`/items/${item.id}/maintenance`, { kind, note: entry }), {
    success: () => ["Logged", "The entry is in the maintenance log."],
    failure: "Not logged",
    onSuccess: () => (setEntry(""), setLogging(false)),
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button variant="secondary" onClick={() => setLogging(true)}>
        Log maintenance
      </Button>
      {item.status !== "checked_out" && (
        <form className="flex items-end gap-2" onSubmit={(e) => (e.preventDefault(), change.mutate({ status, note }))}>
          <Select
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[
              { value: "available", label: "Available" },
              { value: "maintenance", label: "In maintenance" },
              { value: "retired", label: "Retired" },
            ]}
          />
          <Field label="Why" value={note} onChange={(e) => setNote(e.target.value)} />
          <Button type="submit" busy={change.isPending} disabled={status === item.status}>
            Change status
          </Button>
        </form>
      )}
      {editing && <ItemDialog open item={item} onClose={() => setEditing(false)} />}
      <Dialog
        open={logging}
        title="Log maintenance"
        onClose={() => (setEntry(""), setLogging(false))}
        unsaved={entry.trim() !== "" && "the maintenance entry you were writing"}
      >
        <form className="flex flex-col gap-3" onSubmit={(e) => (e.preventDefault(), log.mutate(undefined))}>
          <Select
            label="Kind"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            options={[
              { value: "repair", label: "Repair" },
              { value: "note", label: "Note" },
              { value: "damage", label: "Damage found" },
            ]}
          />
          <Textarea label="What was done or found" required value={entry} onChange={(e) => setEntry(e.target.value)} />
          <Button type="submit" busy={log.isPending}>
            Add to the log
          </Button>
        </form>
      </Dialog>
      <Dialog
        open={!!affected}
        title="Reservations count on this item"
        description={affected?.message}
        onClose={() => setAffected(null)}
      >
        <ul className="text-sm">
          {affected?.details.affected.map((a) => (
            <li key={a.reservationId}>
              {a.projectTitle} ({a.requesterName}), {rangeText(fmt, a.startsAt, a.endsAt)}
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAffected(null)}>
            Keep it available
          </Button>
          <Button
            variant="danger"
            busy={change.isPending}
            onClick={() => affected && change.mutate({ status: affected.status, note: affected.note, confirm: true })}
          >
            Change status anyway
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
