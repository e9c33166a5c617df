import type { ReactNode } from "react";
import type { WindowDto, WindowRequestDto } from "../../../common/equipment-fair.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { useFormats } from "../../lib/format.ts";
import { rangeText } from "./shared.tsx";

/** A request window as both sides read it: the period, what it contests, the ranking, and the requests' results. */
export function WindowCard({
  w,
  children,
  onWithdraw,
}: {
  w: WindowDto;
  children?: ReactNode;
  onWithdraw?: (r: WindowRequestDto) => void;
}) {
  const fmt = useFormats();
  return (
    <article
      aria-label={w.name}
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium">{w.name}</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{rangeText(fmt, w.startsAt, w.endsAt)}</p>
        </div>
        {w.state === "drawn" ? (
          <Badge tone="good">Drawn</Badge>
        ) : w.state === "cancelled" ? (
          <Badge tone="bad">Cancelled</Badge>
        ) : w.accepting ? (
          <Badge tone="warn">Requests until {fmt.dateTime(w.deadline)}</Badge>
        ) : (
          <Badge>Requests closed, draw to come</Badge>
        )}
      </div>
      {w.state === "cancelled" && (
        <p className="text-sm">
          Cancelled by the equipment office{w.cancelledAt && ` on ${fmt.dateTime(w.cancelledAt)}`}
          {w.cancelReason ? `: ${w.cancelReason}` : "."} Its requests were withdrawn; what it contested can be booked
          first come again.
        </p>
      )}
      <p className="text-sm">
        Contested:{" "}
        {w.lots.map((l) => `${l.label} (${l.requestCount} request${l.requestCount === 1 ? "" : "s"})`).join(", ")}
      </p>
      <p className="text-sm">
        Priority:{" "}
        {w.priorities.length
          ? `${w.priorities.map((p) => `${p.rank}. ${p.code}`).join(", ")}, then every other course`
          : "every course alike"}
      </p>
      {children}
      {w.requests.length > 0 && (
        <ul aria-label={`Requests in ${w.name}`} className="flex flex-col gap-1 text-sm">
          {w.requests.map((r) => {
            const lot = w.lots.find((l) => l.id === r.lotId);
            return (
              <li key={r.id} className="rounded-md border border-zinc-100 p-2 dark:border-zinc-800">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {r.position !== null && <span className="font-mono">#{r.position} </span>}
                    {lot?.label} for “{r.project.title}” · {r.requester.name}
                  </span>
                  {r.won === true && <Badge tone="good">Allotted</Badge>}
                  {r.won === false && <Badge tone="bad">Not allotted</Badge>}
                  {r.won === null && <Badge>Waiting for the draw</Badge>}
                </div>
                {r.explanation && <p className="mt-1">{r.explanation}</p>}
                {onWithdraw && r.canWithdraw && (
                  <Button
                    variant="ghost"
                    onClick={() => onWithdraw(r)}
                    aria-label={`Withdraw the request for ${lot?.label} for ${r.project.title}`}
                  >
                    Withdraw
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
