import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, FileText } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  BYPASS_REASON_MIN,
  PROPOSAL_STATE_LABELS,
  formatMinor,
  formatMoney,
  parseDecimal,
  type BudgetDto,
  type ProposalState,
  type VarianceRow,
} from "../../../common/budget.ts";
import { currencyMinorDigits } from "../../../common/school.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Badge, errorText, failed } from "../projects/shared.tsx";
import { budgetPath, useBudget } from "./api.ts";
import { Sheet } from "./Sheet.tsx";
import { cell, num, tableFrame } from "./TopSheet.tsx";

const STATE_TONES: Record<ProposalState, "neutral" | "warn" | "bad" | "good"> = {
  pending: "warn",
  approved: "good",
  changes_requested: "warn",
  rejected: "bad",
  withdrawn: "neutral",
};

export function StateBadge({ state }: { state: ProposalState }) {
  return <Badge tone={STATE_TONES[state]}>{PROPOSAL_STATE_LABELS[state]}</Badge>;
}

/** The budget place of /project/{id}: the draft sheet, submitting it, its proposals, actuals and exports. */
export function BudgetTab({ projectId }: { projectId: string }) {
  const budget = useBudget(projectId);
  if (budget.isPending) {
    return (
      <div role="status" aria-label="Loading the budget" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (budget.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>The budget could not be loaded: {errorText(budget.error)}</p>
        <Button variant="secondary" onClick={() => void budget.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const b = budget.data;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="budget-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="budget-heading" className="text-lg font-semibold">
            Budget
          </h2>
          <Exports budget={b} />
        </div>
        <Sheet budget={b} />
      </section>
      <Submit budget={b} />
      <Proposals budget={b} />
      <Actuals budget={b} />
      {b.canSetBypass && <Bypass budget={b} />}
    </div>
  );
}

function Exports({ budget: b }: { budget: BudgetDto }) {
  const link = "inline-flex min-h-10 items-center gap-1.5 rounded-md border border-zinc-300 px-3 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800";
  return (
    <div className="flex flex-wrap gap-2">
      <a className={link} href={`${budgetPath(b.projectId)}/export.csv?part=topsheet`} download>
        <Download aria-hidden className="size-4" />
        Top sheet CSV
      </a>
      <a className={link} href={`${budgetPath(b.projectId)}/export.csv?part=detail`} download>
        <Download aria-hidden className="size-4" />
        Detail CSV
      </a>
      <a className={link} href={`${budgetPath(b.projectId)}/export.pdf`} download>
        <FileText aria-hidden className="size-4" />
        PDF
      </a>
    </div>
  );
}

function useBudgetChange<V>(projectId: string, fn: (v: V) => Promise<BudgetDto>, messages: { success: (v: V) => [string, string]; failure: string; onSuccess?: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (b, v) => {
      queryClient.setQueryData(["budget", projectId], b);
      void queryClient.invalidateQueries({ queryKey: ["project", projectId] });
      const [title, description] = messages.success(v);
      toast.success(title, { description });
      messages.onSuccess?.();
    },
    onError: failed(messages.failure),
  });
}

function Submit({ budget: b }: { budget: BudgetDto }) {
  const [approverEmail, setApproverEmail] = useState("");
  const [message, setMessage] = useState("");
  const submit = useBudgetChange(
    b.projectId,
    async () => (await api<{ budget: BudgetDto }>(`${budgetPath(b.projectId)}/proposals`, { json: { version: b.version, approverEmail, message } })).budget,
    {
      success: () =>
        b.bypass.applies
          ? ["Budget approved", "Approval is bypassed for this project, so the budget is approved at once."]
          : ["Budget submitted", `The approval request is on its way to ${approverEmail || b.supervisor?.email || "the approver"}.`],
      failure: "Budget not submitted",
      onSuccess: () => setMessage(""),
    },
  );
  if (!b.canEdit) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate(undefined);
  };
  return (
    <section aria-labelledby="submit-heading" className="flex flex-col gap-3">
      <h2 id="submit-heading" className="text-lg font-semibold">
        Submit for approval
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Submitting freezes the saved budget (version {b.version || "—"}) as a proposal; you can keep editing the draft for the next round.{" "}
        {b.bypass.applies
          ? "Approval is bypassed for this project: the proposal is approved at once, with the reason on record."
          : b.supervisor
            ? `The approval request goes to the supervisor, ${b.supervisor.name}, unless you name someone else.`
            : "The project has no supervisor yet: name the approver's e-mail address."}
      </p>
      <form onSubmit={onSubmit} className="grid max-w-2xl gap-3 sm:grid-cols-2">
        {!b.bypass.applies && (
          <Field label="Approver's e-mail" type="email" value={approverEmail} onChange={(e) => setApproverEmail(e.target.value)} placeholder={b.supervisor?.email ?? "name@school.edu"} hint="Leave empty for the supervisor." />
        )}
        <Textarea label="Note to the approver" value={message} onChange={(e) => setMessage(e.target.value)} className="sm:col-span-2" rows={2} />
        <div>
          <Button type="submit" busy={submit.isPending} disabled={b.version === 0}>
            Submit budget
          </Button>
        </div>
      </form>
    </section>
  );
}

function Proposals({ budget: b }: { budget: BudgetDto }) {
  const withdraw = useBudgetChange(b.projectId, (id: string) => api<BudgetDto>(`${budgetPath(b.projectId)}/proposals/${id}/withdraw`, { method: "POST" }), {
    success: () => ["Proposal withdrawn", "Its approval link no longer works."],
    failure: "Proposal not withdrawn",
  });
  return (
    <section aria-labelledby="proposals-heading" className="flex flex-col gap-3">
      <h2 id="proposals-heading" className="text-lg font-semibold">
        Proposals
      </h2>
      {b.proposals.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing submitted yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {b.proposals.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/budget-approval/${p.id}`} className="font-medium underline-offset-4 hover:underline">
                    Version {p.number}
                  </Link>
                  <StateBadge state={p.state} />
                  <span className="tabular-nums">{formatMoney(p.total, b.currency)}</span>
                </div>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  Submitted by {p.submittedByName}, {formatDateTime(p.submittedAt)}
                  {p.approverEmail && ` · approver ${p.approverEmail}`}
                  {p.decidedAt && p.state !== "pending" && ` · ${PROPOSAL_STATE_LABELS[p.state].toLowerCase()} ${formatDateTime(p.decidedAt)}${p.decisionName ? ` by ${p.decisionName}` : ""}`}
                </span>
                {p.decisionComment && <span className="text-xs">“{p.decisionComment}”</span>}
                {p.bypassed && <span className="text-xs">Approval bypassed: {p.bypassReason}</span>}
              </div>
              {p.state === "pending" && b.canEdit && (
                <Button variant="secondary" busy={withdraw.isPending && withdraw.variables === p.id} onClick={() => withdraw.mutate(p.id)}>
                  Withdraw
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VarianceTable({ rows, caption, currency }: { rows: VarianceRow[]; caption: string; currency: string }) {
  const m = (n: number) => formatMinor(n, currency);
  return (
    <div className={tableFrame}>
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>
              {caption.startsWith("By line") ? "Line" : "Account"}
            </th>
            <th scope="col" className={num}>
              Budget
            </th>
            <th scope="col" className={num}>
              Actual
            </th>
            <th scope="col" className={num}>
              Variance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((r) => (
            <tr key={r.key} className={cn(r.over && "bg-red-50 font-medium text-red-900 dark:bg-red-950/30 dark:text-red-200")}>
              <td className={cell}>
                {r.label}
                {r.over && <span className="ml-2 text-xs">(over budget)</span>}
              </td>
              <td className={num}>{m(r.budget)}</td>
              <td className={num}>{m(r.actual)}</td>
              <td className={num}>{m(r.variance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Spending against the budget: expenses per line, variance per line, account and category, and bars by category. */
function Actuals({ budget: b }: { budget: BudgetDto }) {
  const digits = currencyMinorDigits(b.currency);
  const [lineId, setLineId] = useState("");
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [spentOn, setSpentOn] = useState(() => new Date().toISOString().slice(0, 10));
  const add = useBudgetChange(b.projectId, (json: unknown) => api<BudgetDto>(`${budgetPath(b.projectId)}/expenses`, { json }), {
    success: () => ["Expense recorded", "The actuals and variance are updated."],
    failure: "Expense not recorded",
    onSuccess: () => {
      setDescription("");
      setAmount("");
    },
  });
  const remove = useBudgetChange(b.projectId, (id: string) => api<BudgetDto>(`${budgetPath(b.projectId)}/expenses/${id}`, { method: "DELETE" }), {
    success: () => ["Expense deleted", "The actuals and variance are updated."],
    failure: "Expense not deleted",
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const minor = parseDecimal(amount, digits);
    if (!lineId) return void toast.error("Expense not recorded", { description: "Choose the budget line the expense belongs to." });
    if (minor === null || minor <= 0) return void toast.error("Expense not recorded", { description: `The amount is a positive number with at most ${digits} decimals.` });
    add.mutate({ lineId, description, amount: minor, spentOn });
  };
  const lineName = new Map(b.lines.map((l) => [l.id, l.description]));
  const usedAccounts = b.actuals.accounts.filter((a) => a.budget > 0 || a.actual > 0);
  const max = Math.max(1, ...b.actuals.categories.flatMap((c) => [c.budget, c.actual]));
  return (
    <section aria-labelledby="actuals-heading" className="flex flex-col gap-4">
      <h2 id="actuals-heading" className="text-lg font-semibold">
        Actuals
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Spent {formatMoney(b.actuals.total.actual, b.currency)} of {formatMoney(b.actuals.total.budget, b.currency)};{" "}
        {b.actuals.total.over ? <strong className="text-red-700 dark:text-red-400">over budget by {formatMoney(-b.actuals.total.variance, b.currency)}</strong> : `${formatMoney(b.actuals.total.variance, b.currency)} left`}.
      </p>
      <figure aria-label="Budget against actuals by category" className="flex flex-col gap-2">
        {b.actuals.categories.map((c) => (
          <div key={c.key} className="grid grid-cols-[8rem_1fr] items-center gap-2 text-xs">
            <span>{c.label}</span>
            <div className="flex flex-col gap-1">
              <div className="h-3 rounded bg-zinc-400 dark:bg-zinc-600" style={{ width: `${(c.budget / max) * 100}%` }} title={`Budget ${formatMinor(c.budget, b.currency)}`} />
              <div className={cn("h-3 rounded", c.over ? "bg-red-600" : "bg-emerald-600")} style={{ width: `${(c.actual / max) * 100}%` }} title={`Actual ${formatMinor(c.actual, b.currency)}`} />
            </div>
          </div>
        ))}
        <figcaption className="text-xs text-zinc-600 dark:text-zinc-400">Grey: budget; green: spent (red when over).</figcaption>
      </figure>
      {b.canEdit && b.lines.length > 0 && (
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_1fr_auto] sm:items-end">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="expense-line" className="text-sm font-medium">
              Budget line
            </label>
            <select id="expense-line" value={lineId} onChange={(e) => setLineId(e.target.value)} className="min-h-10 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900">
              <option value="">Choose a line…</option>
              {b.lines.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.accountCode} {l.description}
                </option>
              ))}
            </select>
          </div>
          <Field label="What was bought" value={description} onChange={(e) => setDescription(e.target.value)} />
          <Field label={`Amount (${b.currency})`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          <Field label="Date" type="date" value={spentOn} onChange={(e) => setSpentOn(e.target.value)} />
          <Button type="submit" busy={add.isPending}>
            Record expense
          </Button>
        </form>
      )}
      {b.expenses.length > 0 && (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {b.expenses.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span>
                {e.spentOn} · {e.description} <span className="text-zinc-600 dark:text-zinc-400">({e.lineId ? lineName.get(e.lineId) : "no line"})</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{formatMinor(e.amount, b.currency)}</span>
                {b.canEdit && (
                  <Button variant="ghost" aria-label={`Delete expense ${e.description}`} onClick={() => remove.mutate(e.id)}>
                    Delete
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <VarianceTable rows={b.actuals.categories} caption="By category" currency={b.currency} />
      {usedAccounts.length > 0 && <VarianceTable rows={usedAccounts} caption="By account" currency={b.currency} />}
      {b.actuals.lines.some((l) => l.actual > 0) && <VarianceTable rows={b.actuals.lines.filter((l) => l.actual > 0)} caption="By line (lines with spending)" currency={b.currency} />}
    </section>
  );
}

function Bypass({ budget: b }: { budget: BudgetDto }) {
  const [reason, setReason] = useState("");
  const set = useBudgetChange(b.projectId, (bypass: boolean | null) => api<BudgetDto>(`${budgetPath(b.projectId)}/bypass`, { method: "PUT", json: { bypass, reason } }), {
    success: (v) => ["Approval setting changed", v === null ? "The project follows the school's setting." : v ? "Budgets of this project are approved on submission." : "Budgets of this project need approval."],
    failure: "Approval setting not changed",
    onSuccess: () => setReason(""),
  });
  return (
    <section aria-labelledby="bypass-heading" className="flex flex-col gap-3">
      <h2 id="bypass-heading" className="text-lg font-semibold">
        Approval bypass (staff)
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The school's setting: approval is {b.bypass.school ? "bypassed" : "required"}.{" "}
        {b.bypass.project === null
          ? "This project follows it."
          : `This project overrides it: approval is ${b.bypass.project ? "bypassed" : "required"} (set by ${b.bypass.setByName ?? "staff"}: ${b.bypass.reason}).`}
      </p>
      <Textarea label="Why" value={reason} onChange={(e) => setReason(e.target.value)} rows={2} hint={`At least ${BYPASS_REASON_MIN} characters; kept with every budget approved this way.`} className="max-w-2xl" />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => set.mutate(true)} busy={set.isPending && set.variables === true}>
          Bypass approval for this project
        </Button>
        <Button variant="secondary" onClick={() => set.mutate(false)} busy={set.isPending && set.variables === false}>
          Require approval for this project
        </Button>
        {b.bypass.project !== null && (
          <Button variant="ghost" onClick={() => set.mutate(null)}>
            Follow the school's setting
          </Button>
        )}
      </div>
    </section>
  );
}
