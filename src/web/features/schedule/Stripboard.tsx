import { Flag, Pencil, Plus, Trash2 } from "lucide-react";
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { dayTotals, groupBank, type BannerDto } from "../../../common/banners.ts";
import type { ScheduleDto, ShootDayDto, StripColour, StripDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
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
import { BankViewControls, useBankView } from "./BankView.tsx";
import {
  BannerCard,
  COLOUR_CLASS,
  COLOUR_LABEL,
  DayBreak,
  describe,
  isBanner,
  lanesOf,
  positionText,
  StripCard,
  viewed,
  type LaneItem,
} from "./LaneItems.tsx";
import { BannerDialog, EstimateDialog } from "./StripDialogs.tsx";

export { COLOUR_LABEL } from "./LaneItems.tsx";

type Lane = LaneOf<LaneItem>;

export function Stripboard({ schedule, projectId }: { schedule: ScheduleDto; projectId: string }) {
  const fmt = useFormats();
  const save = useSaveBoard(projectId);
  const remove = useDeleteDay(projectId);
  const [draft, setDraft] = useState<Lane[] | null>(null);
  const [view, setView] = useBankView(projectId);
  const lanes = useMemo(() => viewed(draft ?? lanesOf(schedule), view), [draft, schedule, view]);
  const groups = useMemo(() => groupBank(lanes[0]!.strips as StripDto[], view.sort, view.character), [lanes, view]);
  const [bannerFor, setBannerFor] = useState<{ dayId: string; dayName: string; banner: BannerDto | null } | null>(null);
  const [estimating, setEstimating] = useState<StripDto | null>(null);
  const characters = useMemo(() => schedule.cast.filter((c) => c.inScript).map((c) => c.character), [schedule.cast]);
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

  // A move made while the last one is being saved waits for its answer and goes with the version it brings, so
  // quick moves in a row are saved one after another instead of the second being refused as someone else's.
  const saving = useRef<{ busy: boolean; next: Lane[] | null }>({ busy: false, next: null });
  // The server's answer replaces the local draft once it arrives, unless a move made since still waits.
  useEffect(() => {
    if (!saving.current.busy) setDraft(null);
  }, [schedule]);
  useEffect(() => {
    if (!focusAfter.current) return;
    board.current?.querySelector<HTMLElement>(`[data-strip="${CSS.escape(focusAfter.current)}"]`)?.focus();
    focusAfter.current = null;
  });

  const send = (next: Lane[], version: number) => {
    saving.current.busy = true;
    save.mutate(
      {
        version,
        days: next.slice(1).map((l) => ({
          id: l.id,
          scenes: l.strips.filter((it) => !isBanner(it)).map((s) => s.number),
          // A banner's place is its index in the lane, strips and banners counted together.
          banners: l.strips.flatMap((it, at) => (isBanner(it) ? [{ id: it.id, at }] : [])),
        })),
      },
      {
        onSuccess: (saved) => {
          const waiting = saving.current.next;
          saving.current.next = null;
          if (waiting) return send(waiting, saved.version);
          saving.current.busy = false;
          setDraft(null);
        },
        onError: () => {
          saving.current = { busy: false, next: null };
          setDraft(null);
        },
      },
    );
  };
  const commit = (next: Lane[]) => {
    setDraft(next);
    if (saving.current.busy) saving.current.next = next;
    else send(next, schedule.version);
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, strip: LaneItem) => {
    // Keys on a strip's own buttons (its estimate, a banner's edit) are theirs.
    if (!schedule.canEdit || e.target !== e.currentTarget) return;
    if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      if (!grabbed) {
        setGrabbed({ number: strip.number, before: lanes });
        setDraft(lanes);
        setAnnouncement(
          `Picked up ${describe(strip)}, ${positionText(lanes, strip.number)}. Arrow keys move it, Space drops it, Escape cancels.`,
        );
      } else {
        setGrabbed(null);
        setAnnouncement(`Dropped ${describe(strip)} ${positionText(lanes, strip.number)}.`);
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
      setAnnouncement(`Move cancelled. ${describe(strip)} is back ${positionText(grabbed.before, strip.number)}.`);
      focusAfter.current = strip.number;
      return;
    }
    const at = where(lanes, strip.number);
    let to: { lane: number; index: number } | null = null;
    if (e.key === "ArrowUp") to = { lane: at.lane, index: at.index - 1 };
    if (e.key === "ArrowDown") to = { lane: at.lane, index: at.index + 1 };
    // A banner belongs to a day: it never goes back to the unscheduled strips.
    if (e.key === "ArrowLeft" && at.lane > (isBanner(strip) ? 1 : 0)) to = sideways(lanes, strip.number, at.lane - 1);
    if (e.key === "ArrowRight" && at.lane < lanes.length - 1) to = sideways(lanes, strip.number, at.lane + 1);
    if (!to) return;
    e.preventDefault();
    if (to.index < 0 || (to.lane === at.lane && to.index >= lanes[at.lane]!.strips.length)) return;
    const next = move(lanes, strip.number, to.lane, to.index);
    setDraft(next);
    setAnnouncement(`${describe(strip)} is now ${positionText(next, strip.number)}.`);
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
  const onPointerDown = (e: PointerEvent<HTMLLIElement>, strip: LaneItem) => {
    if (!schedule.canEdit || e.button !== 0 || grabbed) return;
    if ((e.target as HTMLElement).closest("button")) return;
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
    if (target.lane === 0 && number.startsWith("banner:")) return;
    // Dropping below itself in its own lane counts the gap it leaves.
    const index = target.lane === from.lane && target.index > from.index ? target.index - 1 : target.index;
    if (target.lane === from.lane && index === from.index) return;
    const next = move(lanes, number, target.lane, index);
    const strip = next.flatMap((l) => l.strips).find((s) => s.number === number)!;
    setAnnouncement(`Moved ${describe(strip)} ${positionText(next, number)}.`);
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
          const scenes = lane.strips.filter((it): it is StripDto => !isBanner(it));
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
                  {!day && (
                    <p className="text-xs font-medium text-zinc-800 dark:text-zinc-200" data-total>
                      {scenes.length} {scenes.length === 1 ? "scene" : "scenes"} ·{" "}
                      {formatPages(scenes.reduce((n, s) => n + s.eighths, 0))}
                    </p>
                  )}
                  {!day && <BankViewControls view={view} onChange={setView} characters={characters} />}
                  {day && <DayChecks checks={day.checks} compact />}
                  {day && reportOf && <DayReportLink projectId={projectId} day={day} {...reportOf(day.id)} />}
                </div>
                {day && schedule.canEdit && (
                  <div className="flex flex-none">
                    <Button
                      variant="ghost"
                      className="px-2"
                      aria-label={`Add a banner to ${lane.name}`}
                      title="Add a banner: a note, a company move, a meal break"
                      onClick={() => setBannerFor({ dayId: day.id, dayName: lane.name, banner: null })}
                    >
                      <Flag aria-hidden className="size-4" />
                    </Button>
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
                {lane.strips.map((item, index) => {
                  const shared = {
                    li: {
                      "data-strip": item.number,
                      "data-lane": li,
                      "data-index": index,
                      tabIndex: 0,
                      "aria-describedby": schedule.canEdit ? "strip-instructions" : undefined,
                      "aria-grabbed": schedule.canEdit ? grabbed?.number === item.number : undefined,
                      onKeyDown: (e: KeyboardEvent<HTMLLIElement>) => onKey(e, item),
                      onPointerDown: (e: PointerEvent<HTMLLIElement>) => onPointerDown(e, item),
                      onPointerMove,
                      onPointerUp,
                      onPointerCancel: () => setDrag(null),
                    },
                    canEdit: schedule.canEdit,
                    grabbed: grabbed?.number === item.number,
                    dragged: !!drag?.moving && drag.number === item.number,
                    line: !!drag?.moving && drag.target?.lane === li && drag.target.index === index,
                  };
                  const group =
                    li === 0 && view.sort !== "scene" ? groups.find((g) => g.strips[0] === item) : undefined;
                  return (
                    <Fragment key={item.number}>
                      {group?.label && (
                        <li
                          role="presentation"
                          className="px-1 pt-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
                        >
                          {group.label} <span className="font-normal">({group.strips.length})</span>
                        </li>
                      )}
                      {isBanner(item) ? (
                        <BannerCard
                          {...shared}
                          banner={item}
                          onEdit={() => setBannerFor({ dayId: lane.id, dayName: lane.name, banner: item })}
                        />
                      ) : (
                        <StripCard
                          {...shared}
                          strip={item}
                          castIds={schedule.castIds}
                          onEstimate={() => setEstimating(item)}
                        />
                      )}
                    </Fragment>
                  );
                })}
                {drag?.moving &&
                  drag.target?.lane === li &&
                  drag.target.index === lane.strips.length &&
                  lane.strips.length > 0 && <li aria-hidden className="h-0.5 rounded bg-amber-500" />}
              </ol>
              {day && (
                <DayBreak
                  name={lane.name}
                  totals={dayTotals({
                    generalCall: day.generalCall,
                    wrap: day.wrap,
                    strips: scenes,
                    banners: lane.strips.filter(isBanner),
                  })}
                />
              )}
            </section>
          );
        })}
      </div>
      {bannerFor && <BannerDialog projectId={projectId} {...bannerFor} onClose={() => setBannerFor(null)} />}
      {estimating && <EstimateDialog projectId={projectId} strip={estimating} onClose={() => setEstimating(null)} />}
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
