import { BUDGET_UNITS, type BudgetUnit } from "../../../common/budget.ts";
import type { BudgetTemplateLine } from "../../../common/budget-template.ts";
import { formatNumber, parseNumberInput, type NumberFormat } from "../../../common/number-input.ts";

/** A template line as typed: the numbers stay the text in their fields until the save reads them. */
export interface TemplateRow {
  accountCode: string;
  description: string;
  quantity: string;
  units: BudgetUnit;
  rate: string;
}

export const emptyTemplateRow = (): TemplateRow => ({
  accountCode: "",
  description: "",
  quantity: "1",
  units: BUDGET_UNITS[0],
  rate: "",
});

/** A saved line as its fields show it, in the school's number format. */
export const templateRowOf = (l: BudgetTemplateLine, digits: number, format: NumberFormat): TemplateRow => ({
  accountCode: l.accountCode,
  description: l.description,
  quantity: formatNumber(l.quantity, 2, format, { trim: true }),
  units: l.units,
  rate: formatNumber(l.rate, digits, format),
});

/** The typed rows as the API takes them, or the first problem named by its line. */
export function readTemplateRows(
  rows: TemplateRow[],
  digits: number,
  format: NumberFormat,
): { lines: BudgetTemplateLine[] } | { problem: string } {
  const lines: BudgetTemplateLine[] = [];
  for (const [i, r] of rows.entries()) {
    if (!r.accountCode) return { problem: `Line ${i + 1} needs an account: choose one.` };
    if (!r.description.trim()) return { problem: `Line ${i + 1} needs a description.` };
    const quantity = parseNumberInput(r.quantity, { digits: 2, format });
    if (!quantity.ok) return { problem: `Line ${i + 1} quantity: ${quantity.message}` };
    const rate = parseNumberInput(r.rate.trim() === "" ? "0" : r.rate, { digits, format });
    if (!rate.ok) return { problem: `Line ${i + 1} rate: ${rate.message}` };
    if (quantity.value < 0 || rate.value < 0) return { problem: `Line ${i + 1}: numbers cannot be negative.` };
    lines.push({
      accountCode: r.accountCode,
      description: r.description.trim(),
      quantity: quantity.value,
      units: r.units,
      rate: rate.value,
    });
  }
  return { lines };
}
