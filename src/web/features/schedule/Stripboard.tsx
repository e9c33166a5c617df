import { GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import {
  formatPages,
  type ScheduleDto,
  type ShootDayDto,
  type StripColour,
  type StripDto,
  castIdsOf,
} from "../../../common/schedule.ts";
import { formatEighths } from "../../../common/screenplay/layout.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { cn } from "../../lib/cn.ts";
import { useFormats } from "../../lib/format.ts";
import { useDeleteDay, useSaveBoard } from "./api.ts";
import { move, sideways, where, type Lane as LaneOf } from "./lanes.ts";
import { ShootDayDialog } from "./ShootDayDialog.tsx";
import { DayChecks } from "./DayChecks.tsx";
import { DayReportLink, useDayFromAddress, useDayReports } from "./DayReportLink.tsx";

type Lane = LaneOf<StripDto>;

/** The usual stripboard colours; the text stays dark on every one, in both themes. */
const COLOUR_CLASS: Record<StripColour, string> = {
  white: "bg-white border-zinc-300",
  yellow: "bg-yellow-200 border-yellow-400",
  blue: "bg-sky-200 border-sky-400",
  green: "bg-green-200 border-green-500",
};
export const COLOUR_LABEL: Record<StripColour, string> = {
  white: "Interior, day",
  yellow: "Exterior, day",
  blue: "Interior, night",
  green: "Exterior, night",
};

const BANK = "bank";

function lanesOf(s: ScheduleDto): Lane[] {
  return [
    { id: BANK, name: "Unscheduled", strips: s.bank },
    ...s.days.map((d) => ({ id: d.id, name: `Day ${d.number}`, strips: d.strips })),
  ];
}

const describe = (s: StripDto) => `scene ${s.number}, ${s.heading}`;

export function Stripboard({ schedule, projectId }: { schedule: ScheduleDto; projectId: string }) {
  const fmt = useFormats();
  const save = useSaveBoard(projectId);
  const remove = useDeleteDay(projectId);
  const [draft, setDraft] = useState<Lane[] | null>(null);
  const lanes = useMemo(() => draft ?? lanesOf(schedule), [draft, schedule]);
  const [grabbed, setGrabbed] = useState<{ number: string; before: Lane[] } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [drag, setDrag] = useState<{
    number: string;
    x: number;
    y: number;
    moving: boolean;
    target: { lane: number; index: number } | null;
  } | null>(null);
  const [editing, setEditing] = useState<ShootDayDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<ShootDayDto | null>(null);
  const focusAfter = useRef<string | null>(null);
  const board = useRef<HTMLDivElement>(null);
  const reportOf = useDayReports(projectId, schedule.canEdit);
  const pickedDay = useDayFromAddress(board);

  // The server's answer replaces the local draft once it arrives.
  useEffect(() => setDraft(null), [schedule]);
  useEffect(() => {
    if (!focusAfter.current) return;
    board.current?.querySelector<HTMLElement>(`[data-strip="${CSS.escape(focusAfter.current)}"]`)?.focus();
    focusAfter.current = null;
  });

  const commit = (next: Lane[]) => {
    setDraft(next);
    save.mutate(
      {
        version: schedule.version,
        days: next.slice(1).map((l) => ({ id: l.id, scenes: l.strips.map((s) => s.number) })),
      },
      { onError: () => setDraft(null) },
    );
  };

  const position = (ls: Lane[], number: string) => {
    const at = where(ls, number);
    const lane = ls[at.lane]!;
    return at.lane === 0
      ? "in the unscheduled strips"
      : `in ${lane.name}, position ${at.index + 1} of ${lane.strips.length}`;
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, strip: StripDto) => {
    if (!schedule.canEdit) return;
    if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      if (!grabbed) {
        setGrabbed({ number: strip.number, before: lanes });
        setDraft(lanes);
        setAnnouncement(
          `Picked up ${describe(strip)}, ${position(lanes, strip.number)}. Arrow keys move it, Space drops it, Escape cancels.`,
        );
      } else {
        setGrabbed(null);
        setAnnouncement(`Dropped ${describe(strip)} ${position(lanes, strip.number)}.`);
        commit(lanes);
      }
      focusAfter.current = strip.number;
      return;
    }
    if (!grabbed || grabbed.number !== strip.number) return;
    if (e.key === "Escape") {
      e.preventDefault();
      setGrabbed(null);
      setDraft(null);
      setAnnouncement(`Move cancelled. ${describe(strip)} is back ${position(grabbed.before, strip.number)}.`);
      focusAfter.current = strip.number;
      return;
    }
    const at = where(lanes, strip.number);
    let to: { lane: number; index: number } | null = null;
    if (e.key === "ArrowUp") to = { lane: at.lane, index: at.index - 1 };
    if (e.key === "ArrowDown") to = { lane: at.lane, index: at.index + 1 };
    if (e.key === "ArrowLeft" && at.lane > 0) to = sideways(lanes, strip.number, at.lane - 1);
    if (e.key === "ArrowRight" && at.lane < lanes.length - 1) to = sideways(lanes, strip.number, at.lane + 1);
    if (!to) return;
    e.preventDefault();
    if (to.index < 0 || (to.lane === at.lane && to.index >= lanes[at.lane]!.strips.length)) return;
    const next = move(lanes, strip.number, to.lane, to.index);
    setDraft(next);
    setAnnouncement(`${describe(strip)} is now ${position(next, strip.number)}.`);
    focusAfter.current = strip.number;
  };

  // ── Pointer drag: a strip follows the pointer; the drop place is the strip under it, or a lane's end ──
  const targetAt = (x: number, y: number): { lane: number; index: number } | null => {
    for (const el of document.elementsFromPoint(x, y)) {
      const h = el as HTMLElement;
      if (h.dataset.strip !== undefined && h.dataset.lane !== undefined) {
        const lane = Number(h.dataset.lane);
        const index = Number(h.dataset.index);
        const box = h.getBoundingClientRect();
        return { lane, index: y > box.top + box.height / 2 ? index + 1 : index };
      }
      if (h.dataset.dropLane !== undefined) {
        const lane = Number(h.dataset.dropLane);
        return { lane, index: lanes[lane]!.strips.length };
      }
    }
    return null;
  };
  const onPointerDown = (e: PointerEvent<HTMLLIElement>, strip: StripDto) => {
    if (!schedule.canEdit || e.button !== 0 || grabbed) return;
    // On a touch screen only the grip drags, so the board still scrolls under a finger.
    if (e.pointerType === "touch" && !(e.target as HTMLElement).closest("[data-grip]")) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ number: strip.number, x: e.clientX, y: e.clientY, moving: false, target: null });
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (!drag) return;
    const moving = drag.moving || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 5;
    setDrag({ ...drag, moving, target: moving ? targetAt(e.clientX, e.clientY) : null });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const { number, moving, target } = drag;
    setDrag(null);
    if (!moving || !target) return;
    const from = where(lanes, number);
    // Dropping below itself in its own lane counts the gap it leaves.
    const index = target.lane === from.lane && target.index > from.index ? target.index - 1 : target.index;
    if (target.lane === from.lane && index === from.index) return;
    const next = move(lanes, number, target.lane, index);
    const strip = next.flatMap((l) => l.strips).find((s) => s.number === number)!;
    setAnnouncement(`Moved ${describe(strip)} ${position(next, number)}.`);
    commit(next);
  };

  const unlocked = schedule.screenplays.find((sp) => sp.id === schedule.screenplayId)?.locked === false;

  return (
    <div className="flex flex-col gap-4">
      <p id="strip-instructions" className="sr-only">
        To move a strip with the keyboard, press Space to pick it up, the arrow keys to move it within a day or to the
        day before or after, Space to drop it, or Escape to cancel.
      </p>
      <div aria-live="assertive" role="status" className="sr-only">
        {announcement}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          {schedule.screenplays.length > 1 && (
            <Select
              label="Screenplay"
              value={schedule.screenplayId ?? ""}
              disabled={!schedule.canEdit || save.isPending}
              options={schedule.screenplays.map((sp) => ({ value: sp.id, label: sp.title }))}
              onChange={(e) => save.mutate({ version: schedule.version, screenplayId: e.target.value, days: [] })}
            />
          )}
          <ul aria-label="Strip colours" className="flex flex-wrap gap-2 text-xs text-zinc-700 dark:text-zinc-300">
            {(Object.keys(COLOUR_LABEL) as StripColour[]).map((c) => (
              <li key={c} className="flex items-center gap-1.5">
                <span aria-hidden className={cn("inline-block size-3.5 rounded-sm border", COLOUR_CLASS[c])} />
                {COLOUR_LABEL[c]}
              </li>
            ))}
          </ul>
        </div>
        {schedule.canEdit && (
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" />
            Add shoot day
          </Button>
        )}
      </div>
      {unlocked && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          The scene numbers of this screenplay are not locked. A strip belongs to its scene number, so lock the numbers
          in the screenplay before scheduling, or a new scene may take another's place.
        </p>
      )}
      {schedule.screenplayId === null && (
        <Card>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            This project has no screenplay yet. Attach one on the Screenplays page and its scenes become strips here.
          </p>
        </Card>
      )}
      <div ref={board} className="flex gap-3 overflow-x-auto pb-2" aria-busy={save.isPending || undefined}>
        {lanes.map((lane, li) => {
          const day = li === 0 ? null : schedule.days[li - 1];
          const eighths = lane.strips.reduce((n, s) => n + s.eighths, 0);
          const headingId = `lane-${lane.id}`;
          return (
            <section
              key={lane.id}
              aria-labelledby={headingId}
              data-drop-lane={li}
              data-day={day?.id}
              tabIndex={day ? -1 : undefined}
              className={cn(
                "flex w-72 flex-none flex-col rounded-lg border bg-zinc-50 dark:bg-zinc-900",
                drag?.moving && drag.target?.lane === li ? "border-amber-500" : "border-zinc-200 dark:border-zinc-800",
                day && day.id === pickedDay && "ring-2 ring-amber-500",
              )}
            >
              <header className="flex items-start justify-between gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800">
                <div className="min-w-0">
                  <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
                    {lane.name}
                    {day && (
                      <span className="font-normal text-zinc-600 dark:text-zinc-400">
                        {" "}
                        · {fmt.date(day.date, { weekday: true })}
                      </span>
                    )}
                  </h3>
                  {day && (
                    <p
                      className="truncate text-xs text-zinc-600 dark:text-zinc-400"
                      title={[day.location, day.address].filter(Boolean).join(", ")}
                    >
                      Call {fmt.time(day.generalCall)}
                      {day.location ? ` · ${day.location}` : ""}
                    </p>
                  )}
                  <p className="text-xs font-medium text-zinc-800 dark:text-zinc-200" data-total>
                    {lane.strips.length} {lane.strips.length === 1 ? "scene" : "scenes"} · {formatPages(eighths)}
                  </p>
                  {day && <DayChecks checks={day.checks} compact />}
                  {day && reportOf && <DayReportLink projectId={projectId} day={day} {...reportOf(day.id)} />}
                </div>
                {day && schedule.canEdit && (
                  <div className="flex flex-none">
                    <Button
                      variant="ghost"
                      className="px-2"
                      aria-label={`Edit ${lane.name}`}
                      onClick={() => setEditing(day)}
                    >
                      <Pencil aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2"
                      aria-label={`Delete ${lane.name}`}
                      onClick={() => setDeleting(day)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                )}
              </header>
              <ol aria-label={`Strips of ${lane.name}`} className="flex min-h-24 flex-1 flex-col gap-1.5 p-2">
                {lane.strips.length === 0 && (
                  <li className="rounded border border-dashed border-zinc-300 p-3 text-center text-xs text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
                    {li === 0 ? "Every scene is scheduled." : "Drag strips here."}
                  </li>
                )}
                {lane.strips.map((strip, index) => {
                  const isGrabbed = grabbed?.number === strip.number;
                  const isDragged = drag?.moving && drag.number === strip.number;
                  const showLine = drag?.moving && drag.target?.lane === li && drag.target.index === index;
                  return (
                    <li
                      key={strip.number}
                      data-strip={strip.number}
                      data-lane={li}
                      data-index={index}
                      tabIndex={0}
                      aria-roledescription="strip"
                      aria-describedby={schedule.canEdit ? "strip-instructions" : undefined}
                      aria-label={`Scene ${strip.number}: ${strip.heading}. ${COLOUR_LABEL[strip.colour]}. ${formatPages(strip.eighths)}.${strip.cast.length ? ` Cast: ${strip.cast.join(", ")}.` : ""}${strip.omitted ? " Omitted from the script." : ""}`}
                      aria-grabbed={schedule.canEdit ? isGrabbed : undefined}
                      onKeyDown={(e) => onKey(e, strip)}
                      onPointerDown={(e) => onPointerDown(e, strip)}
                      onPointerMove={onPointerMove}
                      onPointerUp={onPointerUp}
                      onPointerCancel={() => setDrag(null)}
                      className={cn(
                        "relative flex select-none items-start gap-2 rounded border border-l-4 px-2 py-1.5 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500",
                        COLOUR_CLASS[strip.colour],
                        schedule.canEdit && "cursor-grab",
                        isGrabbed && "ring-2 ring-amber-500 shadow-lg",
                        isDragged && "opacity-50",
                        strip.omitted && "line-through opacity-70",
                        showLine && "before:absolute before:inset-x-0 before:-top-1 before:h-0.5 before:bg-amber-500",
                      )}
                    >
                      {schedule.canEdit && (
                        <GripVertical
                          aria-hidden
                          data-grip
                          className="mt-0.5 size-4 flex-none touch-none text-zinc-500"
                        />
                      )}
                      <span className="w-8 flex-none font-mono font-semibold">{strip.number}</span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium" title={strip.heading}>
                          {strip.heading}
                        </span>
                        {strip.cast.length > 0 && (
                          <span className="block truncate text-xs text-zinc-700" title={strip.cast.join(", ")}>
                            Cast {castIdsOf(strip.cast, schedule.castIds)}
                          </span>
                        )}
                      </span>
                      <span className="flex-none font-mono text-xs text-zinc-700">{formatEighths(strip.eighths)}</span>
                    </li>
                  );
                })}
                {drag?.moving &&
                  drag.target?.lane === li &&
                  drag.target.index === lane.strips.length &&
                  lane.strips.length > 0 && <li aria-hidden className="h-0.5 rounded bg-amber-500" />}
              </ol>
            </section>
          );
        })}
      </div>
      {editing && (
        <ShootDayDialog
          projectId={projectId}
          day={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete ${deleting ? `day ${deleting.number}` : "the day"}?`}
        confirmLabel="Delete shoot day"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        Its strips go back to the unscheduled strips, and its call sheet and confirmations are deleted.
      </ConfirmDialog>
    </div>
  );
}
