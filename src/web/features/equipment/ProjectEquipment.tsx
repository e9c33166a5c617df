import { useFormats } from "../../lib/format.ts";
import { Clapperboard } from "lucide-react";
import { Link } from "react-router";
import { GateNote, ReservationItems, StateBadge, rangeText } from "./shared.tsx";
import { LoadError } from "../../components/LoadError.tsx";
import { useProjectReservations } from "./api.ts";

/** The project's equipment place: what is reserved for it, when it is collected and due back. */
export function ProjectEquipment({ projectId, canBook }: { projectId: string; canBook: boolean }) {
  const fmt = useFormats();
  const list = useProjectReservations(projectId);
  const open = (list.data?.items ?? []).filter((r) => r.state !== "cancelled" && r.state !== "rejected");
  return (
    <section
      aria-labelledby="place-equipment"
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id="place-equipment" className="flex items-center gap-2 font-semibold">
        <Clapperboard aria-hidden className="size-4" />
        Equipment
      </h3>
      {list.isError ? (
        <LoadError what="The reservations" error={list.error} onRetry={() => void list.refetch()} className="mt-2" />
      ) : open.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">Nothing reserved for this production yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {open.map((r) => (
            <li key={r.id}>
              <div className="flex flex-wrap items-center gap-2">
                <span>{rangeText(fmt, r.startsAt, r.endsAt)}</span>
                <StateBadge r={r} />
              </div>
              <GateNote r={r} />
              <ReservationItems r={r} />
            </li>
          ))}
        </ul>
      )}
      {canBook && (
        <Link to={`/equipment?project=${projectId}`} className="mt-2 inline-block text-sm underline underline-offset-4">
          Reserve equipment for this production
        </Link>
      )}
    </section>
  );
}
