import { AlertTriangle, Clock, GripVertical, Pencil } from "lucide-react";
import type { HTMLAttributes } from "react";
import {
  bannerLine,
  formatDuration,
  type BannerDto,
  type BannerKind,
  type DayTotals,
} from "../../../common/banners.ts";
import { groupBank, mergeLane } from "../../../common/banners.ts";
import { castIdsOf, type ScheduleDto, type StripColour, type StripDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import type { BankView } from "./BankView.tsx";
import { where, type Lane } from "./lanes.ts";
import { formatEighths } from "../../../common/eighths.ts";
import { cn } from "../../lib/cn.ts";

/** A banner in a lane, keyed like a strip (`banner:<id>`) so strips and banners move by the same rules (lanes.ts). */
export type BannerItem = BannerDto & { number: string };
export type LaneItem = StripDto | BannerItem;
export const isBanner = (item: LaneItem): item is BannerItem => "kind" in item;
export const bannerItem = (b: BannerDto): BannerItem => ({ ...b, number: `banner:${b.id}` });

/** The usual stripboard colours; the text stays dark on every one, in both themes. */
export const COLOUR_CLASS: Record<StripColour, string> = {
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
const BANNER_CLASS: Record<BannerKind, string> = {
  note: "bg-violet-100 border-violet-400 text-zinc-900",
  move: "bg-orange-200 border-orange-500 text-zinc-900",
  meal: "bg-zinc-700 border-zinc-900 text-white",
};

/** What a strip or banner says to a screen reader when moved: "scene 3, INT. CAR - NIGHT", "Meal break · 30 min". */
export const describe = (item: LaneItem) =>
  isBanner(item) ? bannerLine(item) : `scene ${item.number}, ${item.heading}`;

interface Shared {
  li: HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string | number | undefined>;
  canEdit: boolean;
  grabbed: boolean;
  dragged: boolean;
  line: boolean;
}

const itemClass = (p: Shared) =>
  cn(
    "relative flex select-none items-start gap-2 rounded border border-l-4 px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500",
    p.canEdit && "cursor-grab",
    p.grabbed && "ring-2 ring-amber-500 shadow-lg",
    p.dragged && "opacity-50",
    p.line && "before:absolute before:inset-x-0 before:-top-1 before:h-0.5 before:bg-amber-500",
  );

const Grip = ({ canEdit }: { canEdit: boolean }) =>
  canEdit ? <GripVertical aria-hidden data-grip className="mt-0.5 size-4 flex-none touch-none opacity-70" /> : null;

export function StripCard(p: Shared & { strip: StripDto; castIds: Record<string, number>; onEstimate(): void }) {
  const { strip } = p;
  const time = formatDuration(strip.minutes);
  return (
    <li
      {...p.li}
      aria-roledescription="strip"
      aria-label={`Scene ${strip.number}: ${strip.heading}. ${COLOUR_LABEL[strip.colour]}. ${formatPages(strip.eighths)}, estimated ${time}.${strip.cast.length ? ` Cast: ${strip.cast.join(", ")}.` : ""}${strip.omitted ? " Omitted from the script." : ""}`}
      className={cn(
        itemClass(p),
        "text-zinc-900",
        COLOUR_CLASS[strip.colour],
        strip.omitted && "line-through opacity-70",
      )}
    >
      <Grip canEdit={p.canEdit} />
      <span className="w-8 flex-none font-mono font-semibold">{strip.number}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium" title={strip.heading}>
          {strip.heading}
        </span>
        {strip.cast.length > 0 && (
          <span className="block truncate text-xs text-zinc-700" title={strip.cast.join(", ")}>
            Cast {castIdsOf(strip.cast, p.castIds)}
          </span>
        )}
      </span>
      <span className="flex flex-none flex-col items-end gap-0.5">
        <span className="font-mono text-xs text-zinc-700">{formatEighths(strip.eighths)}</span>
        {p.canEdit && !strip.omitted ? (
          <button
            type="button"
            onClick={p.onEstimate}
            aria-label={`Estimated time of scene ${strip.number}: ${time}${strip.estimated ? "" : " from its pages"}. Edit`}
            className="flex items-center gap-0.5 rounded px-0.5 font-mono text-xs text-zinc-700 underline decoration-dotted underline-offset-2 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            <Clock aria-hidden className="size-3" />
            {time}
            {strip.estimated && <span aria-hidden>*</span>}
          </button>
        ) : (
          !strip.omitted && <span className="font-mono text-xs text-zinc-700">{time}</span>
        )}
      </span>
    </li>
  );
}

export function BannerCard(p: Shared & { banner: BannerItem; onEdit(): void }) {
  const line = bannerLine(p.banner);
  return (
    <li
      {...p.li}
      aria-roledescription="banner"
      aria-label={`Banner: ${line}.`}
      className={cn(itemClass(p), "items-center font-medium", BANNER_CLASS[p.banner.kind])}
    >
      <Grip canEdit={p.canEdit} />
      <span className="min-w-0 flex-1 truncate" title={line}>
        {line}
      </span>
      {p.canEdit && (
        <button
          type="button"
          onClick={p.onEdit}
          aria-label={`Edit banner: ${line}`}
          className="flex-none rounded p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-amber-500"
        >
          <Pencil aria-hidden className="size-3.5" />
        </button>
      )}
    </li>
  );
}

/** The day break strip: the day's scenes, pages and estimated time against call to wrap, as the industry prints it. */
export function DayBreak({ name, totals }: { name: string; totals: DayTotals }) {
  return (
    <div
      data-day-break
      className={cn(
        "mx-2 mb-2 rounded border-l-4 px-2 py-1.5 text-xs font-medium",
        totals.over ? "border-red-500 bg-red-900 text-white" : "border-zinc-500 bg-zinc-900 text-white",
      )}
    >
      <p className="font-semibold uppercase tracking-wide">End of {name}</p>
      <p data-total>
        {totals.scenes} {totals.scenes === 1 ? "scene" : "scenes"} · {formatPages(totals.eighths)}
      </p>
      <p data-estimate className="flex items-center gap-1">
        {totals.over && <AlertTriangle aria-hidden className="size-3.5 flex-none" />}
        Est. {formatDuration(totals.minutes)}
        {totals.length !== null ? ` of ${formatDuration(totals.length)} call to wrap` : " · no wrap planned"}
        {totals.over && <span className="sr-only"> (over the day's length)</span>}
      </p>
    </div>
  );
}

// ── The lanes ──

export const BANK = "bank";

export function lanesOf(s: ScheduleDto): Lane<LaneItem>[] {
  return [
    { id: BANK, name: "Unscheduled", strips: s.bank },
    ...s.days.map((d) => ({
      id: d.id,
      name: `Day ${d.number}`,
      strips: mergeLane<LaneItem, LaneItem & { at: number }>(d.strips, d.banners.map(bannerItem)),
    })),
  ];
}

/** The unscheduled strips in the chosen view's order (a view: what is scheduled keeps its order). */
export const viewed = (lanes: Lane<LaneItem>[], view: BankView): Lane<LaneItem>[] => [
  {
    ...lanes[0]!,
    strips: groupBank(lanes[0]!.strips as StripDto[], view.sort, view.character).flatMap((g) => g.strips),
  },
  ...lanes.slice(1),
];

/** Where a strip is among its day's scenes (banners are not counted), or which scene a banner follows. */
export function positionText(ls: Lane<LaneItem>[], number: string): string {
  const at = where(ls, number);
  const lane = ls[at.lane]!;
  if (at.lane === 0) return "in the unscheduled strips";
  const item = lane.strips[at.index]!;
  if (isBanner(item)) {
    const before = lane.strips.slice(0, at.index).findLast((it) => !isBanner(it));
    return `in ${lane.name}, ${before ? `after scene ${before.number}` : "at the start"}`;
  }
  const scenes = lane.strips.filter((it) => !isBanner(it));
  return `in ${lane.name}, position ${scenes.indexOf(item) + 1} of ${scenes.length}`;
}
