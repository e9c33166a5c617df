import { Lock } from "lucide-react";
import type { ClosedGear } from "../../../common/equipment-access.ts";
import { type ReservationDto } from "../../../common/equipment.ts";
import {
  ITEM_STATUS_LABELS,
  RECEIPT_KINDS,
  RECEIPT_LABELS,
  RESERVATION_STATE_LABELS,
  receiptUrl,
  type ItemStatus,
  type ReservationState,
} from "../../../common/equipment-states.ts";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { formatMoney } from "../../../common/money.ts";
import type { Formats } from "../../lib/format.ts";
import { Badge } from "../../components/ui/Badge.tsx";

const STATE_TONES: Record<ReservationState, "neutral" | "warn" | "bad" | "good"> = {
  requested: "warn",
  approved: "good",
  rejected: "bad",
  checked_out: "neutral",
  returned: "neutral",
  cancelled: "neutral",
};

export function StateBadge({ r }: { r: Pick<ReservationDto, "state" | "overdue"> }) {
  if (r.overdue) return <Badge tone="bad">Overdue</Badge>;
  return <Badge tone={STATE_TONES[r.state]}>{RESERVATION_STATE_LABELS[r.state]}</Badge>;
}

const STATUS_TONES: Record<ItemStatus, "neutral" | "warn" | "bad" | "good"> = {
  available: "good",
  checked_out: "neutral",
  maintenance: "warn",
  retired: "bad",
};
export const StatusBadge = ({ status }: { status: ItemStatus }) => (
  <Badge tone={STATUS_TONES[status]}>{ITEM_STATUS_LABELS[status]}</Badge>
);

export const rangeText = (fmt: Formats, from: string, to: string) => `${fmt.dateTime(from)} – ${fmt.dateTime(to)}`;

/** A `datetime-local` value (the person's own time zone) for an instant, and back. */
export const toLocalInput = (d: Date) => {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
export const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : "");

/** Writes minor units in the school's currency and number format; "—" until the school's settings are loaded. */
export function useMoney() {
  const school = useSchoolSettings();
  return (minor: number) => (school ? formatMoney(minor, school.currency, school.numberFormat) : "—");
}

export function ReservationItems({ r }: { r: ReservationDto }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5 text-xs">
      {r.items.map((i) => (
        <li key={i.itemId} className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">
          {i.byModel && !i.checkedOutAt ? (
            // A stand-in: the desk hands out any free unit of the model.
            <>{i.modelName} · any unit</>
          ) : (
            <>
              {i.name} <span className="font-mono text-zinc-600 dark:text-zinc-400">{i.assetTag}</span>
            </>
          )}
          {i.returnedAt ? " · back" : i.checkedOutAt ? " · out" : ""}
          {i.damaged ? " · damaged" : ""}
          {i.returnPhotos.map((url, n) => (
            <a
              key={url}
              href={url}
              target="_blank"
              rel="noreferrer"
              className="ml-1 inline-block align-middle"
              aria-label={`Condition photo ${n + 1} of ${i.name}`}
            >
              <img src={url} alt="" className="inline h-6 w-6 rounded object-cover" />
            </a>
          ))}
        </li>
      ))}
      {RECEIPT_KINDS.filter((k) => r.receipts.includes(k)).map((kind) => (
        <li key={kind}>
          <a
            href={receiptUrl(r.id, kind)}
            download
            className="font-medium text-amber-700 underline dark:text-amber-400"
          >
            {RECEIPT_LABELS[kind]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export const PHOTO_ACCEPT = "image/png,image/jpeg,image/webp";

/** The item's photo, or a neutral square of the same size, so the catalogue's rows line up. */
export function Thumbnail({ url, name, size = "h-12 w-12" }: { url: string; name: string; size?: string }) {
  return url ? (
    <img src={url} alt={`Photo of ${name}`} loading="lazy" className={`${size} shrink-0 rounded object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${size} shrink-0 rounded bg-zinc-100 dark:bg-zinc-800`} />
  );
}

/** Gear an access level closes to the person: a lock and the reason, which names what would open it. */
export function ClosedNote({ closed }: { closed: ClosedGear }) {
  return (
    <span
      className="inline-flex items-start gap-1 rounded-md bg-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
      title={`${closed.level} level`}
    >
      <Lock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="sr-only">Closed to you: </span>
        {closed.reason}
      </span>
    </span>
  );
}

/** A reservation the desk cannot hand out yet (the school's greenlight gate at check-out), and what is missing. */
export function GateNote({ r }: { r: Pick<ReservationDto, "greenlightMissing"> }) {
  if (r.greenlightMissing.length === 0) return null;
  return (
    <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
      The desk hands this out once the greenlight is complete. Still missing: {r.greenlightMissing.join(", ")}.
    </p>
  );
}
