import { findGlobal, globalNameOf, isLabourAccount, LABOUR_ACCOUNT_CODES } from "../../../common/budget-rules.ts";
import { computeTotals, type BudgetSaveInput } from "../../../common/budget.ts";
import { AppError } from "../../lib/errors.ts";

/** A line as it is written: its fringes listed (none is []) and the quantity its global stands for. */
export interface CheckedLine extends Omit<BudgetSaveInput["lines"][number], "fringeIds" | "quantityGlobal"> {
  fringeIds: string[];
  quantityGlobal: string | null;
}

/**
 * The saved lines as they are written: each in an account of the chart, its fringes the budget's own and on a
 * labour line only, its global one the budget defines (the quantity becomes that global's value, so changing
 * the global changes every line using it at the next save), and the total still exact.
 */
export function checkedLines(input: BudgetSaveInput, chart: Set<string>): CheckedLine[] {
  const fringes = input.fringes ?? [];
  const globals = input.globals ?? [];
  const fringeIds = new Set(fringes.map((f) => f.id));
  const lines = input.lines.map((l, i): CheckedLine => {
    const what = `Line ${i + 1} (“${l.description}”)`;
    if (!chart.has(l.accountCode))
      throw new AppError("bad_request", `${what}: there is no account ${l.accountCode} in the chart of accounts.`);
    const applied = [...new Set(l.fringeIds ?? [])];
    if (applied.some((id) => !fringeIds.has(id)))
      throw new AppError("bad_request", `${what}: a fringe applied to it is not among this budget's fringes.`);
    if (applied.length > 0 && !isLabourAccount(l.accountCode))
      throw new AppError(
        "bad_request",
        `${what}: fringes apply to labour lines only (accounts ${LABOUR_ACCOUNT_CODES.join(", ")}).`,
      );
    let quantity = l.quantity;
    let quantityGlobal: string | null = null;
    if (l.quantityGlobal) {
      const global = findGlobal(globals, l.quantityGlobal);
      if (!global)
        throw new AppError(
          "bad_request",
          `${what}: there is no global named ${globalNameOf(l.quantityGlobal)} on this budget; add it under Globals or type a number.`,
        );
      quantity = global.value;
      quantityGlobal = global.name;
    }
    return { ...l, quantity, fringeIds: applied, quantityGlobal };
  });
  try {
    computeTotals([], lines, input.contingencyBps, fringes);
  } catch {
    throw new AppError(
      "bad_request",
      "The budget's total is too large to keep exactly; check the quantities and rates.",
    );
  }
  return lines;
}
