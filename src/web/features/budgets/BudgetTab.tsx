import { Download, FileText } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  BYPASS_REASON_MIN,
  PROPOSAL_STATE_LABELS,
  type BudgetDto,
  type ProposalSubmitted,
} from "../../../common/budget.ts";
import { formatMoney } from "../../../common/money.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { api } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { useReadyInSlices } from "../../lib/ready.ts";
import { Actuals } from "./Actuals.tsx";
import { budgetPath, useBudget, useBudgetChange } from "./api.ts";
import { Sheet } from "./Sheet.tsx";
import { StateBadge } from "./StateBadge.tsx";
import { Versions } from "./Versions.tsx";

/** The budget place of /project/{id}: the draft sheet, submitting it, its proposals, actuals and exports. */
export function BudgetTab({ projectId }: { projectId: string }) {
  const budget = useBudget(projectId);
  const ready = useReadyInSlices(!budget.isPending);
  if (budget.isPending || !ready) {
    return (
      <div role="status" aria-label="Loading the budget" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (budget.isError) {
    return <LoadError what="The budget" error={budget.error} onRetry={() => void budget.refetch()} />;
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
      <Versions budget={b} />
      <Actuals budget={b} />
      {b.canSetBypass && <Bypass budget={b} />}
    </div>
  );
}

function Exports({ budget: b }: { budget: BudgetDto }) {
  const link =
    "inline-flex min-h-10 items-center gap-1.5 rounded-md border border-zinc-300 px-3 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800";
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

function Submit({ budget: b }: { budget: BudgetDto }) {
  const [approverEmail, setApproverEmail] = useState("");
  const [message, setMessage] = useState("");
  const submit = useBudgetChange(
    b.projectId,
    // Submitting leaves the draft as it is; only the proposals list changes.
    async () => ({
      ...b,
      proposals: (
        await api<ProposalSubmitted>(`${budgetPath(b.projectId)}/proposals`, {
          json: { version: b.version, approverEmail, message },
        })
      ).proposals,
    }),
    {
      success: () =>
        b.bypass.applies
          ? ["Budget approved", "Approval is bypassed for this project, so the budget is approved at once."]
          : [
              "Budget submitted",
              `The approval request is on its way to ${approverEmail || b.supervisor?.email || "the approver"}.`,
            ],
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
        Submitting freezes the saved budget (version {b.version || "—"}) as a proposal; you can keep editing the draft
        for the next round.{" "}
        {b.bypass.applies
          ? "Approval is bypassed for this project: the proposal is approved at once, with the reason on record."
          : b.supervisor
            ? `The approval request goes to the supervisor, ${b.supervisor.name}, unless you name someone else.`
            : "The project has no supervisor yet: name the approver's e-mail address."}
      </p>
      <form onSubmit={onSubmit} className="grid max-w-2xl gap-3 sm:grid-cols-2">
        {!b.bypass.applies && (
          <Field
            label="Approver's e-mail"
            type="email"
            value={approverEmail}
            onChange={(e) => setApproverEmail(e.target.value)}
            placeholder={b.supervisor?.email ?? "name@school.edu"}
            hint="Leave empty for the supervisor."
          />
        )}
        <Textarea
          label="Note to the approver"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="sm:col-span-2"
          rows={2}
        />
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
  const fmt = useFormats();
  const withdraw = useBudgetChange(
    b.projectId,
    (id: string) => api<BudgetDto>(`${budgetPath(b.projectId)}/proposals/${id}/withdraw`, { method: "POST" }),
    {
      success: () => ["Proposal withdrawn", "Its approval link no longer works."],
      failure: "Proposal not withdrawn",
    },
  );
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
            <li
              key={p.id}
              className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex flex-col gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/budget-approval/${p.id}`} className="font-medium underline-offset-4 hover:underline">
                    Version {p.number}
                  </Link>
                  <StateBadge state={p.state} />
                  <span className="tabular-nums">{formatMoney(p.total, b.currency, b.numberFormat)}</span>
                </div>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  Submitted by {p.submittedByName}, {fmt.dateTime(p.submittedAt)}
                  {p.approverEmail && ` · approver ${p.approverEmail}`}
                  {p.decidedAt &&
                    p.state !== "pending" &&
                    ` · ${PROPOSAL_STATE_LABELS[p.state].toLowerCase()} ${fmt.dateTime(p.decidedAt)}${p.decisionName ? ` by ${p.decisionName}` : ""}`}
                </span>
                {p.decisionComment && <span className="text-xs">“{p.decisionComment}”</span>}
                {p.bypassed && <span className="text-xs">Approval bypassed: {p.bypassReason}</span>}
              </div>
              {p.state === "pending" && b.canEdit && (
                <Button
                  variant="secondary"
                  busy={withdraw.isPending && withdraw.variables === p.id}
                  onClick={() => withdraw.mutate(p.id)}
                >
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

function Bypass({ budget: b }: { budget: BudgetDto }) {
  const [reason, setReason] = useState("");
  const set = useBudgetChange(
    b.projectId,
    (bypass: boolean | null) =>
      api<BudgetDto>(`${budgetPath(b.projectId)}/bypass`, { method: "PUT", json: { bypass, reason } }),
    {
      success: (_b, v) => [
        "Approval setting changed",
        v === null
          ? "The project follows the school's setting."
          : v
            ? "Budgets of this project are approved on submission."
            : "Budgets of this project need approval.",
      ],
      failure: "Approval setting not changed",
      onSuccess: () => setReason(""),
    },
  );
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
      <Textarea
        label="Why"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={2}
        hint={`At least ${BYPASS_REASON_MIN} characters; kept with every budget approved this way.`}
        className="max-w-2xl"
      />
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
