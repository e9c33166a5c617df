import { PiggyBank, Trash2 } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  accountsInput,
  BUDGET_CATEGORIES,
  BUDGET_CATEGORY_LABELS,
  type BudgetAccount,
  type BudgetCategory,
} from "../../../common/budget.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { Section } from "../settings/Section.tsx";
import { useAccounts, useSaveAccounts } from "./api.ts";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";

/** Admins' editor of the school's chart of accounts, the template every budget is built on. */
export function AccountsSection() {
  const chart = useAccounts();
  const [rows, setRows] = useState<BudgetAccount[] | null>(null);
  useEffect(() => {
    if (chart.data && rows === null) setRows(chart.data);
  }, [chart.data, rows]);
  useLeaveGuard(
    !!rows && !!chart.data && JSON.stringify(rows) !== JSON.stringify(chart.data),
    "your changes to the chart of accounts",
  );
  const onSaveKey = useSaveShortcut();
  const save = useSaveAccounts({
    success: (saved) => ["Chart of accounts saved", `${saved.length} accounts.`],
    failure: "Chart of accounts not saved",
    onSuccess: (saved) => setRows(saved),
  });
  const set = (i: number, patch: Partial<BudgetAccount>) =>
    setRows((r) => r!.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(accountsInput, { accounts: rows });
    if (problem) return void toast.error("Chart of accounts not saved", { description: problem.message });
    save.mutate(rows!);
  };
  const input =
    "min-h-10 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
  return (
    <Section
      id="accounts-heading"
      title="Chart of accounts"
      icon={<PiggyBank aria-hidden className="size-5" />}
      description="The accounts every budget's lines are booked to, above and below the line, in the order the top sheet shows them. An account that budget lines use cannot be removed."
    >
      {!rows ? (
        <Skeleton className="h-40" />
      ) : (
        <form onSubmit={onSubmit} onKeyDown={onSaveKey} className="flex flex-col gap-3">
          <ul className="flex flex-col gap-2">
            {rows.map((a, i) => (
              <li
                key={i}
                className="grid grid-cols-[5rem_1fr_auto] items-center gap-2 sm:grid-cols-[5rem_1fr_10rem_auto]"
              >
                <input
                  aria-label={`Account ${i + 1} code`}
                  className={`${input} tabular-nums`}
                  value={a.code}
                  onChange={(e) => set(i, { code: e.target.value })}
                />
                <input
                  aria-label={`Account ${i + 1} name`}
                  className={input}
                  value={a.name}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
                <select
                  aria-label={`Account ${i + 1} category`}
                  className={`${input} col-span-2 sm:col-span-1`}
                  value={a.category}
                  onChange={(e) => set(i, { category: e.target.value as BudgetCategory })}
                >
                  {BUDGET_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {BUDGET_CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  aria-label={`Remove account ${a.code} ${a.name}`}
                  className="inline-flex size-10 items-center justify-center rounded text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-red-400 dark:hover:bg-red-950"
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setRows([...rows, { code: "", name: "", category: "below" }])}>
              Add account
            </Button>
            <Button type="submit" busy={save.isPending}>
              Save chart of accounts
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
