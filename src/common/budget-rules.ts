/**
 * The budget's approval rules, named: the server decides by them when a version is submitted, and the budget
 * answer shows the crew which applies before they submit.
 */

/** What a budget says about skipping the approver: its own override (set by staff with a reason), if any. */
export interface BypassSetting {
  bypass: boolean | null;
  bypassSetByName: string | null;
  bypassReason: string | null;
}

/** Who approved a budget when the school's approval bypass did. */
export const BYPASS_DECIDER = "the school's approval bypass";

/** Whether a submitted version is approved at once: the project's override when staff set one, else the school's setting. */
export const effectiveBypass = (
  budget: Pick<BypassSetting, "bypass"> | null | undefined,
  schoolBypass: boolean,
): boolean => budget?.bypass ?? schoolBypass;

/** Whether a submitted version waits for an approver's decision. */
export const approvalNeeded = (
  budget: Pick<BypassSetting, "bypass"> | null | undefined,
  schoolBypass: boolean,
): boolean => !effectiveBypass(budget, schoolBypass);

/** Why a version was approved without review, as its record and the team's notice say. */
export const bypassReasonOf = (budget: BypassSetting): string =>
  budget.bypass
    ? `Project override by ${budget.bypassSetByName ?? "staff"}: ${budget.bypassReason ?? ""}`
    : "The school's budget approval bypass is on.";

/** Who a bypassed version's decision is recorded as: the staff member who set the override, or the school's bypass. */
export const bypassDeciderOf = (budget: Pick<BypassSetting, "bypass" | "bypassSetByName">): string =>
  budget.bypass ? (budget.bypassSetByName ?? "staff") : BYPASS_DECIDER;

// ── Money arithmetic (integers only) ─────────────────────────────────────────────────────────────

/** Rounds n / d half away from zero, in BigInt: the one rounding of every share of an amount. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const up = (r < 0n ? -r : r) * 2n >= d;
  return up ? q + (n < 0n ? -1n : 1n) : q;
}

export function toSafe(n: bigint): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(-Number.MAX_SAFE_INTEGER))
    throw new RangeError("amount out of range");
  return Number(n);
}

// ── Fringes ──────────────────────────────────────────────────────────────────────────────────────

export const FRINGE_KINDS = ["percent", "flat"] as const;
export type FringeKind = (typeof FRINGE_KINDS)[number];
export const FRINGE_KIND_LABELS: Record<FringeKind, string> = {
  percent: "% of the line",
  flat: "Flat per line",
};
/** 100 % in basis points: a payroll charge above the wage itself is not a fringe anyone budgets. */
export const FRINGE_PERCENT_MAX_BPS = 10_000;

/**
 * A charge on labour (payroll tax, holiday pay, a union rate), as Movie Magic keeps them: a percentage of a
 * line's amount or a flat amount per line, either optionally capped per line.
 */
export interface Fringe {
  id: string;
  name: string;
  kind: FringeKind;
  /** percent: basis points (1250 = 12.5 %); flat: minor units per line. */
  value: number;
  /** The most the fringe adds to one line, in minor units; null: no cap. */
  cap: number | null;
}

/**
 * What one fringe adds to a line of `amount` minor units. A line that costs nothing pays no charge on it
 * (a flat fringe included), and the result is never negative and never above the cap.
 */
export function fringeOf(amount: number, fringe: Pick<Fringe, "kind" | "value" | "cap">): number {
  if (amount <= 0) return 0;
  const raw =
    fringe.kind === "percent" ? divRound(BigInt(amount) * BigInt(fringe.value), 10_000n) : BigInt(fringe.value);
  const capped = fringe.cap !== null && raw > BigInt(fringe.cap) ? BigInt(fringe.cap) : raw;
  return toSafe(capped < 0n ? 0n : capped);
}

/** The fringes applied to a line, summed; each fringe counts once, and an id no longer on the budget adds nothing. */
export function lineFringe(
  amount: number,
  fringeIds: readonly string[] | undefined,
  fringes: readonly Fringe[],
): number {
  if (!fringeIds?.length) return 0;
  const applied = new Set(fringeIds);
  let total = 0n;
  for (const f of fringes) if (applied.has(f.id)) total += BigInt(fringeOf(amount, f));
  return toSafe(total);
}

/**
 * The accounts that pay people, where fringes apply: the producer, director and cast above the line, and the
 * crew's departments below it (production staff, camera, grip and electric, sound, art, wardrobe and
 * make-up). Story rights, locations, transport, catering, rental, post, music, delivery and insurance pay
 * no wages. Codes are stable in the school's chart, so the rule holds when admins rename accounts.
 */
export const LABOUR_ACCOUNT_CODES: readonly string[] = [
  "1200",
  "1300",
  "1400",
  "2000",
  "2100",
  "2200",
  "2300",
  "2400",
  "2500",
];
export const isLabourAccount = (code: string) => LABOUR_ACCOUNT_CODES.includes(code);

// ── Globals ──────────────────────────────────────────────────────────────────────────────────────

/** A named value of one budget (SHOOT_DAYS = 3) that lines' quantities use by name. */
export interface BudgetGlobal {
  name: string;
  /** Hundredths, as quantities are: 3 days is 300. */
  value: number;
}

export const GLOBAL_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,31}$/;
/** How a typed name is read: case does not matter, so "shoot_days" in a quantity field is SHOOT_DAYS. */
export const globalNameOf = (typed: string) => typed.trim().toUpperCase();
/** Whether typed text names a global rather than a number: it starts with a letter. */
export const looksLikeGlobal = (typed: string) => GLOBAL_NAME_PATTERN.test(globalNameOf(typed));

/** The global a name stands for, or null when the budget has none by that name. */
export const findGlobal = (globals: readonly BudgetGlobal[], typed: string): BudgetGlobal | null =>
  globals.find((g) => g.name === globalNameOf(typed)) ?? null;
