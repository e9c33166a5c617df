import {
  findGlobal,
  globalNameOf,
  isLabourAccount,
  LABOUR_ACCOUNT_CODES,
  type BudgetGlobal,
  type Fringe,
} from "../../../common/budget-rules.ts";
import { computeTotals } from "../../../common/budget.ts";
import { AppError } from "../../lib/errors.ts";

/** What a budget's line and a course template's line share: the fields the checks read. */
interface LineIn {
  accountCode: string;
  description: string;
  quantity: number;
  rate: number;
  fringeIds?: string[] | undefined;
  quantityGlobal?: string | null | undefined;
}

/** A line as it is written: its fringes listed (none is []) and the quantity its global stands for. */
export type CheckedLine<L extends LineIn> = Omit<L, "fringeIds" | "quantityGlobal"> & {
  fringeIds: string[];
  quantityGlobal: string | null;
};

export function checkedLines<L extends LineIn>(
  input: { lines: L[]; fringes?: Fringe[] | undefined; globals?: BudgetGlobal[] | undefined; contingencyBps?: number },
  chart: Set<string>,
): CheckedLine<L>[] {
  const fringes = input.fringes ?? [];
  const globals = input.globals ?? [];
  const fringeIds = new Set(fringes.map((f) => f.id));
  const lines = input.lines.map((l, i): CheckedLine<L> => {
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
    computeTotals([], lines, input.contingencyBps ?? 0, fringes);
  } catch {
    throw new AppError(
      "bad_request",
      "The budget's total is too large to keep exactly; check the quantities and rates.",
    );
  }
  return lines;
}
