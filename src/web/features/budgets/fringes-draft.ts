import {
  findGlobal,
  FRINGE_PERCENT_MAX_BPS,
  GLOBAL_NAME_PATTERN,
  globalNameOf,
  looksLikeGlobal,
  type BudgetGlobal,
  type Fringe,
} from "../../../common/budget-rules.ts";
import {
  formatPercent,
  formatQuantity,
  type BudgetDraftFringe,
  type BudgetDraftGlobal,
  type BudgetDto,
} from "../../../common/budget.ts";
import { formatMinor } from "../../../common/money.ts";
import { formatNumber, parseNumberInput, type NumberFormat } from "../../../common/number-input.ts";
import { currencyMinorDigits } from "../../../common/money.ts";

/** A fringe as its fields show it before anyone types: numbers as text in the school's format. */
export const draftFringeOf = (f: Fringe, digits: number, format: NumberFormat): BudgetDraftFringe => ({
  id: f.id,
  name: f.name,
  kind: f.kind,
  value: f.kind === "percent" ? formatPercent(f.value, format) : formatNumber(f.value, digits, format),
  cap: f.cap === null ? "" : formatNumber(f.cap, digits, format),
});

export const draftGlobalOf = (g: BudgetGlobal, format: NumberFormat): BudgetDraftGlobal => ({
  id: crypto.randomUUID(),
  name: g.name,
  value: formatQuantity(g.value, format),
});

/** The budget's fringes as the editor shows them before anyone types. */
export const draftFringesOf = (b: BudgetDto): BudgetDraftFringe[] =>
  b.fringes.map((f) => draftFringeOf(f, currencyMinorDigits(b.currency), b.numberFormat));

export const draftGlobalsOf = (b: BudgetDto): BudgetDraftGlobal[] =>
  b.globals.map((g) => draftGlobalOf(g, b.numberFormat));

export interface Read<T> {
  /** Every entry that reads, for the live totals while the rest is being typed. */
  values: T[];
  /** The first entry that does not read, said for people; the save stops on it. */
  problem: string | null;
}

/** The typed fringes, read through the one number parser: a percentage in hundredths of a percent, money in minor units. */
export function readFringes(typed: readonly BudgetDraftFringe[], digits: number, format: NumberFormat): Read<Fringe> {
  const values: Fringe[] = [];
  let problem: string | null = null;
  typed.forEach((f, i) => {
    const name = f.name.trim();
    const what = `Fringe ${i + 1}${name ? ` (“${name}”)` : ""}`;
    const value = parseNumberInput(f.value, { digits: f.kind === "percent" ? 2 : digits, format });
    const cap = f.cap.trim() ? parseNumberInput(f.cap, { digits, format }) : null;
    const fail = (why: string) => void (problem ??= `${what}: ${why}`);
    if (!name) return fail("give it a name, like Payroll tax.");
    if (!value.ok) return fail(`${f.kind === "percent" ? "the percentage" : "the amount"}: ${value.message}`);
    if (value.value < 0) return fail("it cannot be negative.");
    if (f.kind === "percent" && value.value > FRINGE_PERCENT_MAX_BPS) return fail("a percentage is at most 100.");
    if (cap && !cap.ok) return fail(`the cap: ${cap.message}`);
    if (cap && cap.value < 0) return fail("the cap cannot be negative.");
    values.push({ id: f.id, name, kind: f.kind, value: value.value, cap: cap ? cap.value : null });
  });
  return { values, problem };
}

export function readGlobals(typed: readonly BudgetDraftGlobal[], format: NumberFormat): Read<BudgetGlobal> {
  const values: BudgetGlobal[] = [];
  let problem: string | null = null;
  typed.forEach((g, i) => {
    const name = globalNameOf(g.name);
    const value = parseNumberInput(g.value, { digits: 2, format });
    const fail = (why: string) => void (problem ??= `Global ${i + 1}${name ? ` (${name})` : ""}: ${why}`);
    if (!GLOBAL_NAME_PATTERN.test(name))
      return fail("a name is letters, digits and _, starting with a letter, like SHOOT_DAYS.");
    if (values.some((v) => v.name === name)) return fail("another global has this name.");
    if (!value.ok) return fail(value.message);
    if (value.value < 0) return fail("it cannot be negative.");
    values.push({ name, value: value.value });
  });
  return { values, problem };
}

/**
 * A quantity cell's text: a number, or a global's name standing for its value. Answers the value, the
 * global's name when one is used, or why it cannot be read.
 */
export function readQuantity(
  text: string,
  globals: readonly BudgetGlobal[],
  format: NumberFormat,
): { ok: true; value: number; global: string | null } | { ok: false; message: string } {
  if (looksLikeGlobal(text)) {
    const g = findGlobal(globals, text);
    return g
      ? { ok: true, value: g.value, global: g.name }
      : {
          ok: false,
          message: `There is no global named ${globalNameOf(text)}; add it under Globals or type a number.`,
        };
  }
  const n = parseNumberInput(text, { digits: 2, format });
  return n.ok ? { ok: true, value: n.value, global: null } : { ok: false, message: n.message };
}

/** How a fringe is described next to its name: "12.5 %", "25.00 flat, at most 100.00". */
export function fringeSummary(f: Fringe, currency: string, format: NumberFormat): string {
  const rate =
    f.kind === "percent" ? `${formatPercent(f.value, format)} %` : `${formatMinor(f.value, currency, format)} flat`;
  return f.cap === null ? rate : `${rate}, at most ${formatMinor(f.cap, currency, format)}`;
}
