/**
 * The stripboard's banners (notes, company moves, meal breaks in a day's lane), the scenes' estimated shooting
 * times and a day's totals against its length, and the views of the unscheduled strips (issue 20). Shared by the
 * server (the answers, the day check "length", the printed one-liner) and the web (the board, the forms).
 */
import { z } from "zod";
import { minutesToWrap } from "./working-hours.ts";
import { parseNumberInput, type NumberFormat } from "./number-input.ts";

// ── Banners ──────────────────────────────────────────────────────────────────────────────────────

export const BANNER_KINDS = ["note", "move", "meal"] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];
export const BANNER_KIND_LABELS: Record<BannerKind, string> = {
  note: "Note",
  move: "Company move",
  meal: "Meal break",
};
export const BANNER_TEXT_MAX = 300;
/** A day's banners are few; the limit keeps a lane readable. */
export const BANNERS_PER_DAY_MAX = 30;
/** A meal or a move is at most a working day. */
export const BANNER_MINUTES_MAX = 12 * 60;

const text = (what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(BANNER_TEXT_MAX, `${what} may be at most ${BANNER_TEXT_MAX} characters long.`);
const minutes = z
  .number("Give the minutes as a number")
  .int("Give whole minutes")
  .min(0, "Minutes cannot be negative")
  .max(BANNER_MINUTES_MAX, `A banner's time is at most ${BANNER_MINUTES_MAX / 60} hours.`);

const bannerFields = {
  kind: z.enum(BANNER_KINDS, "A banner is a note, a company move or a meal break"),
  text: text("The note").default(""),
  from: text("Where the move starts").default(""),
  to: text("Where the move goes").default(""),
  minutes: minutes.default(0),
};

function bannerRules(b: { kind: BannerKind; text: string; to: string; minutes: number }, ctx: z.RefinementCtx) {
  if (b.kind === "note" && !b.text) ctx.addIssue({ code: "custom", message: "Write the note.", path: ["text"] });
  if (b.kind === "move" && !b.to)
    ctx.addIssue({ code: "custom", message: "Say where the company moves to.", path: ["to"] });
  if (b.kind === "meal" && b.minutes < 1)
    ctx.addIssue({ code: "custom", message: "Give the meal break's length in minutes.", path: ["minutes"] });
}

/** A new banner goes at the end of its day's lane; it moves with the strips afterwards. */
export const bannerCreateInput = z
  .object({ dayId: z.uuid("Choose the shoot day of the banner"), ...bannerFields })
  .superRefine(bannerRules);
export type BannerCreateInput = z.input<typeof bannerCreateInput>;
export const bannerUpdateInput = z.object(bannerFields).superRefine(bannerRules);
export type BannerUpdateInput = z.input<typeof bannerUpdateInput>;

export interface BannerDto {
  id: string;
  kind: BannerKind;
  text: string;
  from: string;
  to: string;
  minutes: number;
  /** Its index in the day's lane, strips and banners counted together. */
  at: number;
}

/** What a banner strip reads: "Meal break · 45 min", "Company move · Harbour → Ferry (30 min)", the note. */
export function bannerLine(b: Pick<BannerDto, "kind" | "text" | "from" | "to" | "minutes">): string {
  const time = b.minutes > 0 ? formatDuration(b.minutes) : "";
  const extra = b.text ? ` — ${b.text}` : "";
  if (b.kind === "meal") return `Meal break · ${time}${extra}`;
  if (b.kind === "move") {
    const route = [b.from, b.to].filter(Boolean).join(" → ");
    return `Company move · ${route}${time ? ` (${time})` : ""}${extra}`;
  }
  return b.text;
}

/**
 * The lane's order as one list: the strips in their order with each banner put back at its index `at` (banners in
 * ascending `at`, an index past the end meaning the end). The one ordering rule of a day, on the server and the board.
 */
export function mergeLane<S, B extends { at: number }>(strips: readonly S[], banners: readonly B[]): (S | B)[] {
  const out: (S | B)[] = [...strips];
  for (const b of [...banners].sort((x, y) => x.at - y.at)) out.splice(Math.min(b.at, out.length), 0, b);
  return out;
}

// ── Estimated times ──────────────────────────────────────────────────────────────────────────────

/**
 * A scene's shooting time when nobody has estimated it: one page an hour, the rule of thumb of student and
 * low-budget shoots (a professional unit plans 3–5 pages a day of 10–12 hours; a school unit about one an hour).
 */
export const MINUTES_PER_PAGE = 60;
export const ESTIMATE_MAX_MINUTES = 24 * 60;

/** Eighths of a page to minutes by `MINUTES_PER_PAGE`, to the whole minute (a 1/8 page scene: 8 min). */
export const minutesFromEighths = (eighths: number) => Math.round((eighths * MINUTES_PER_PAGE) / 8);

/** Sets (minutes) or clears (null: from its pages again) a scene's estimated shooting time. */
export const estimateInput = z.object({
  scene: z.string("Name the scene").trim().min(1, "Name the scene").max(20, "A scene number is at most 20 characters"),
  minutes: z
    .number("Give the minutes as a number")
    .int("Give whole minutes")
    .min(1, "An estimate is at least a minute")
    .max(ESTIMATE_MAX_MINUTES, "An estimate is at most 24 hours")
    .nullable(),
});
export type EstimateInput = z.infer<typeof estimateInput>;

/** "45 min", "1 h", "2 h 30 min". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

export type ParsedDuration = { ok: true; minutes: number } | { ok: false; message: string };

/**
 * A typed duration in minutes: "90" (minutes), "1:30" (h:mm), "1 h 30", "1h30m", "2 h", "45 min", and what
 * `formatDuration` writes. Plain numbers go through `parseNumberInput`, so "1,5" is not read as anything but
 * what the school's number format says; a fraction of a minute is refused.
 */
export function parseDuration(input: string, format?: NumberFormat): ParsedDuration {
  const t = input.trim().toLowerCase();
  const bad: ParsedDuration = {
    ok: false,
    message: `“${input.trim()}” is not a time. Type minutes (90) or hours and minutes (1:30).`,
  };
  if (!t) return { ok: false, message: "Type the minutes (90) or hours and minutes (1:30)." };
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(t);
  if (clock) return { ok: true, minutes: Number(clock[1]) * 60 + Number(clock[2]) };
  const hm = /^(?:(\d{1,2})\s*h(?:ours?|rs?)?)?\s*(?:(\d{1,4})\s*(?:m|min|mins|minutes?)?)?$/.exec(t);
  if (hm && hm[1] !== undefined) return { ok: true, minutes: Number(hm[1]) * 60 + Number(hm[2] ?? 0) };
  const plain = /^(.*?)\s*(?:m|min|mins|minutes?)?$/.exec(t)![1]!;
  const n = parseNumberInput(plain, { digits: 0, format });
  if (!n.ok || n.value < 0) return bad;
  return { ok: true, minutes: n.value };
}

// ── A day's totals ───────────────────────────────────────────────────────────────────────────────

export interface DayTotals {
  scenes: number;
  eighths: number;
  /** The scenes' estimated minutes plus the banners' (meals, moves). */
  minutes: number;
  /** Minutes from the general call to the wrap, or null while the wrap is not planned. */
  length: number | null;
  /** The estimate runs past the wrap. */
  over: boolean;
}

export function dayTotals(day: {
  generalCall: string;
  wrap: string;
  strips: readonly { eighths: number; minutes: number }[];
  banners: readonly { minutes: number }[];
}): DayTotals {
  const minutes = day.strips.reduce((n, s) => n + s.minutes, 0) + day.banners.reduce((n, b) => n + b.minutes, 0);
  const length = day.wrap ? minutesToWrap(day.generalCall, day.wrap) : null;
  return {
    scenes: day.strips.length,
    eighths: day.strips.reduce((n, s) => n + s.eighths, 0),
    minutes,
    length,
    over: length !== null && minutes > length,
  };
}

/** The day check's words: "Estimated 11 h 30 min of shooting, but call to wrap is 10 h." */
export const overLengthMessage = (t: DayTotals) =>
  `Estimated ${formatDuration(t.minutes)} of shooting, but call to wrap is ${formatDuration(t.length ?? 0)}.`;

// ── Views of the unscheduled strips ──────────────────────────────────────────────────────────────

export const BANK_SORTS = ["scene", "location", "intExt", "time", "cast"] as const;
export type BankSort = (typeof BANK_SORTS)[number];
export const BANK_SORT_LABELS: Record<BankSort, string> = {
  scene: "Scene number",
  location: "Location",
  intExt: "INT/EXT",
  time: "Day/night",
  cast: "Cast",
};

interface Sortable {
  number: string;
  location: string;
  intExt: string;
  night: boolean;
  cast: string[];
}

const sceneOrder = new Intl.Collator("en", { numeric: true }).compare;

/**
 * The unscheduled strips as a view sorts and groups them: by scene number (one group), location, INT/EXT, day or
 * night, or whether a chosen character is in the scene (those first). Within a group, scene order. A view only:
 * it never changes what is scheduled.
 */
export function groupBank<S extends Sortable>(
  strips: readonly S[],
  sort: BankSort,
  character = "",
): { label: string; strips: S[] }[] {
  const byScene = [...strips].sort((a, b) => sceneOrder(a.number, b.number));
  if (sort === "scene") return [{ label: "", strips: byScene }];
  const keyOf = (s: S): [rank: string, label: string] => {
    if (sort === "location") return [s.location.toUpperCase(), s.location || "No location"];
    if (sort === "intExt") return [s.intExt, s.intExt || "Neither INT nor EXT"];
    if (sort === "time") return s.night ? ["1", "Night"] : ["0", "Day"];
    return s.cast.includes(character) ? ["0", `With ${character}`] : ["1", character ? `Without ${character}` : ""];
  };
  const groups = new Map<string, { rank: string; label: string; strips: S[] }>();
  for (const s of byScene) {
    const [rank, label] = keyOf(s);
    const g = groups.get(rank) ?? { rank, label, strips: [] };
    g.strips.push(s);
    groups.set(rank, g);
  }
  return [...groups.values()]
    .sort((a, b) => sceneOrder(a.rank, b.rank))
    .map(({ label, strips: list }) => ({ label, strips: list }));
}
