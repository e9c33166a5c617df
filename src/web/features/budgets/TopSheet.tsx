import { BUDGET_CATEGORY_LABELS, formatMinor, formatPercent, type BudgetCategory, type BudgetTotals } from "../../../common/budget.ts";
import { cn } from "../../lib/cn.ts";

export const cell = "px-3 py-1.5 text-left align-top";
export const num = "px-3 py-1.5 text-right tabular-nums whitespace-nowrap";
export const tableFrame = "relative overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";

/** The top sheet: each account by category, the two category totals, contingency and the grand total. */
export function TopSheet({ totals, currency, caption = "Top sheet" }: { totals: BudgetTotals; currency: string; caption?: string }) {
  const m = (n: number) => formatMinor(n, currency);
  const group = (c: BudgetCategory) => totals.accounts.filter((a) => a.category === c);
  return (
    <div className={tableFrame}>
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>
              Account
            </th>
            <th scope="col" className={num}>
              Amount ({currency})
            </th>
          </tr>
        </thead>
        {(["above", "below"] as const).map((c) => (
          <tbody key={c} className="border-t border-zinc-100 dark:border-zinc-800">
            {group(c).map((a) => (
              <tr key={a.code} className={cn(a.amount === 0 && "text-zinc-500 dark:text-zinc-500")}>
                <td className={cell}>
                  <span className="mr-2 text-xs tabular-nums">{a.code}</span>
                  {a.name}
                </td>
                <td className={num}>{m(a.amount)}</td>
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
              Subtotal
            </th>
            <td className={num}>{m(totals.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" className={cell}>
              Contingency ({formatPercent(totals.contingencyBps)} %)
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
      </table>
    </div>
  );
}
