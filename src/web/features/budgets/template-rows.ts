import { isLabourAccount, type BudgetGlobal } from "../../../common/budget-rules.ts";
import { BUDGET_UNITS, type BudgetUnit } from "../../../common/budget.ts";
import type { BudgetTemplateLine } from "../../../common/budget-template.ts";
import { formatNumber, parseNumberInput, type NumberFormat } from "../../../common/number-input.ts";
import { readQuantity } from "./fringes-draft.ts";

/** A template line as typed: the numbers stay the text in their fields until the save reads them. */
export interface TemplateRow {
  accountCode: string;
  description: string;
  /** A number, or a template global's name (SHOOT_DAYS). */
  quantity: string;
  units: BudgetUnit;
  rate: string;
  fringeIds?: string[];
}

export const emptyTemplateRow = (): TemplateRow => ({
  accountCode: "",
  description: "",
  quantity: "1",
  units: BUDGET_UNITS[0],
  rate: "",
});

/** A saved line as its fields show it, in the school's number format; a line on a global shows its name. */
export const templateRowOf = (l: BudgetTemplateLine, digits: number, format: NumberFormat): TemplateRow => ({
  accountCode: l.accountCode,
  description: l.description,
  quantity: l.quantityGlobal ?? formatNumber(l.quantity, 2, format, { trim: true }),
  units: l.units,
  rate: formatNumber(l.rate, digits, format),
  ...(l.fringeIds?.length ? { fringeIds: l.fringeIds } : {}),
});

/** The typed rows as the API takes them, or the first problem named by its line. */
export function readTemplateRows(
  rows: TemplateRow[],
  digits: number,
  format: NumberFormat,
  globals: readonly BudgetGlobal[] = [],
): { lines: BudgetTemplateLine[] } | { problem: string } {
  const lines: BudgetTemplateLine[] = [];
  for (const [i, r] of rows.entries()) {
    if (!r.accountCode) return { problem: `Line ${i + 1} needs an account: choose one.` };
    if (!r.description.trim()) return { problem: `Line ${i + 1} needs a description.` };
    const quantity = readQuantity(r.quantity, globals, format);
    if (!quantity.ok) return { problem: `Line ${i + 1} quantity: ${quantity.message}` };
    const rate = parseNumberInput(r.rate.trim() === "" ? "0" : r.rate, { digits, format });
    if (!rate.ok) return { problem: `Line ${i + 1} rate: ${rate.message}` };
    if (quantity.value < 0 || rate.value < 0) return { problem: `Line ${i + 1}: numbers cannot be negative.` };
    // Fringes stay on a line only while it is a labour line, as on the budget's sheet.
    const fringeIds = isLabourAccount(r.accountCode) ? (r.fringeIds ?? []) : [];
    lines.push({
      accountCode: r.accountCode,
      description: r.description.trim(),
      quantity: quantity.value,
      units: r.units,
      rate: rate.value,
      ...(fringeIds.length ? { fringeIds } : {}),
      ...(quantity.global ? { quantityGlobal: quantity.global } : {}),
    });
  }
  return { lines };
}
