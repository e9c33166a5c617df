import {
  BUDGET_CATEGORY_LABELS,
  formatPercent,
  type BudgetCategory,
  type BudgetTotals,
} from "../../../common/budget.ts";
import { formatMinor } from "../../../common/money.ts";
import type { NumberFormat } from "../../../common/number-input.ts";
import { cn } from "../../lib/cn.ts";
import { cell, DataTable, num } from "./Table.tsx";

/**
 * The top sheet: each account by category (with the fringes on its lines under it), the two category totals,
 * the fringes in their own row, contingency and the grand total.
 */
export function TopSheet({
  totals,
  currency,
  format,
  caption = "Top sheet",
}: {
  totals: BudgetTotals;
  currency: string;
  format?: NumberFormat;
  caption?: string;
}) {
  const m = (n: number) => formatMinor(n, currency, format);
  const group = (c: BudgetCategory) => totals.accounts.filter((a) => a.category === c);
  return (
    <DataTable caption={caption} columns={[{ label: "Account" }, { label: `Amount (${currency})`, numeric: true }]}>
      {(["above", "below"] as const).map((c) => (
        <tbody key={c} className="border-t border-zinc-100 dark:border-zinc-800">
          {group(c).map((a) => (
            <tr key={a.code} className={cn(a.amount === 0 && "text-zinc-500 dark:text-zinc-500")}>
              <td className={cell}>
                <span className="mr-2 text-xs tabular-nums">{a.code}</span>
                {a.name}
              </td>
              <td className={num}>
                {m(a.amount)}
                {!!a.fringes && (
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">+ {m(a.fringes)} fringes</span>
                )}
              </td>
            </tr>
          ))}
          <tr className="font-semibold">
            <th scope="row" className={cell}>
              {BUDGET_CATEGORY_LABELS[c]}
            </th>
            <td className={num}>{m(c === "above" ? totals.above : totals.below)}</td>
          </tr>
        </tbody>
      ))}
      <tbody className="border-t-2 border-zinc-300 dark:border-zinc-700">
        <tr>
          <th scope="row" className={cell}>
            Fringes
          </th>
          <td className={num}>{m(totals.fringes ?? 0)}</td>
        </tr>
        <tr>
          <th scope="row" className={cell}>
            Subtotal
          </th>
          <td className={num}>{m(totals.subtotal)}</td>
        </tr>
        <tr>
          <th scope="row" className={cell}>
            Contingency ({formatPercent(totals.contingencyBps, format)} %)
          </th>
          <td className={num}>{m(totals.contingency)}</td>
        </tr>
        <tr className="text-base font-semibold">
          <th scope="row" className={cell}>
            Total
          </th>
          <td className={num}>{m(totals.total)}</td>
        </tr>
      </tbody>
    </DataTable>
  );
}
