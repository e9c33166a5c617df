import { useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  DECISION_LABELS,
  DECISIONS,
  decisionInput,
  formatQuantity,
  type Decision,
  type ProposalView,
  type SnapshotLine,
} from "../../../common/budget.ts";
import { formatMinor, formatMoney } from "../../../common/money.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { decideProposal, decisionPdfHref, useProposal } from "./api.ts";
import { keys } from "../../../common/query-keys.ts";
import { StateBadge } from "./StateBadge.tsx";
import { cell, DataTable, num } from "./Table.tsx";
import { TopSheet } from "./TopSheet.tsx";
import type { NumberFormat } from "../../../common/number-input.ts";
import { isNotFound, NotFoundState } from "../../components/NotFoundState.tsx";

const LINK_PROBLEMS: Record<string, { title: string; text: string }> = {
  invalid: {
    title: "This link does not work",
    text: "The approval link is not valid. Check that you opened the whole link from the e-mail, or ask the production team to submit the budget again.",
  },
  expired: {
    title: "This link has expired",
    text: "Approval links work for a limited time. Ask the production team to submit the budget again; a new e-mail with a new link will follow.",
  },
  used: {
    title: "This link has been used",
    text: "A decision on this budget has already been made through this link, and it is final. The production team has been told.",
  },
  withdrawn: {
    title: "This budget was withdrawn",
    text: "The production team withdrew this version, so there is nothing to decide. A newer version comes with its own link.",
  },
};

/**
 * /budget-approval/:proposalId — the approver's page. With ?token= it works without an account; without one
 * it is the in-app view for the signed-in approver (and the team's read-only view of a proposal).
 */
export default function BudgetApprovalPage() {
  const { proposalId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token");
  const { user, loading } = useAuth();
  const signedOutWithoutToken = !token && !loading && !user;
  const proposal = useProposal(proposalId, token, !!token || !!user);

  if (signedOutWithoutToken) {
    return (
      <Shell>
        <Card role="alert">
          <h2 className="mb-1 text-lg font-semibold">Sign in to review this budget</h2>
          <p className="text-sm">Open the link from the approval e-mail, or sign in if you have an account.</p>
          <Link
            className="mt-3 inline-block underline"
            to={`/auth?next=${encodeURIComponent(`/budget-approval/${proposalId}`)}`}
          >
            Sign in
          </Link>
        </Card>
      </Shell>
    );
  }
  if (proposal.isPending || (!token && loading)) {
    return (
      <Shell>
        <div role="status" aria-label="Loading the budget" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-64 w-full" />
        </div>
      </Shell>
    );
  }
  if (proposal.isError) {
    const err = proposal.error;
    const problem =
      err instanceof ApiError
        ? ((err.details as { problem?: string } | undefined)?.problem ?? (err.status === 404 ? "invalid" : null))
        : null;
    const known = problem ? LINK_PROBLEMS[problem] : null;
    // Signed in and without a link, the address is the portal's own: an id that names nothing is not a broken e-mail link.
    if (!token && isNotFound(err)) return <NotFoundState message={err.message} />;
    return (
      <Shell>
        <Card role="alert">
          <h2 className="mb-1 text-lg font-semibold">{known?.title ?? "The budget could not be loaded"}</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{known?.text ?? errorText(err)}</p>
        </Card>
      </Shell>
    );
  }
  return (
    <Shell>
      <Review view={proposal.data} token={token} defaultName={user?.user_metadata.full_name ?? ""} signedIn={!!user} />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Budget Approval</h1>
      {children}
    </div>
  );
}

const DECISION_TOASTS: Record<Decision, string> = {
  approved: "Budget approved",
  changes_requested: "Changes requested",
  rejected: "Budget rejected",
};

/** What each decision does, asked before it is recorded: a decision is final. */
const DECISION_QUESTIONS: Record<Decision, { title: string; text: string }> = {
  approved: {
    title: "Approve this budget?",
    text: "The crew is told and the budget becomes the approved version. A decision is final.",
  },
  changes_requested: {
    title: "Request changes?",
    text: "The crew is told what to change, with your comment, and submits a new version for approval. A decision is final.",
  },
  rejected: {
    title: "Reject this budget?",
    text: "The crew is told it is rejected, with your comment; this version can no longer be approved. A decision is final.",
  },
};

function Review({
  view: v,
  token,
  defaultName,
  signedIn,
}: {
  view: ProposalView;
  token: string | null;
  defaultName: string;
  signedIn: boolean;
}) {
  const fmt = useFormats();
  const queryClient = useQueryClient();
  const [name, setName] = useState(defaultName);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState<Decision | null>(null);
  const [decided, setDecided] = useState<ProposalView | null>(null);
  const c = v.snapshot.currency;
  const current = decided ?? v;

  const [asking, setAsking] = useState<Decision | null>(null);
  const ask = (decision: Decision) => {
    const problem = firstProblem(decisionInput, { decision, name, comment });
    if (problem) return void toast.error("Decision not recorded", { description: problem.message });
    setAsking(decision);
  };
  const decide = async (decision: Decision) => {
    setBusy(decision);
    try {
      const out = await decideProposal(v.id, token, { decision, name, comment });
      setDecided(out);
      setAsking(null);
      if (!token) void queryClient.invalidateQueries({ queryKey: keys.budgetProposal(v.id) });
      toast.success(DECISION_TOASTS[decision], { description: "The production team has been told." });
    } catch (err) {
      toast.error("Decision not recorded", { description: errorText(err) });
    } finally {
      setBusy(null);
    }
  };
  const pdfHref = decisionPdfHref(v.id, token);

  return (
    <>
      <header className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold break-words">
          {v.snapshot.projectTitle}: version {v.number}
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <StateBadge state={current.state} />
          <span className="font-semibold tabular-nums">{formatMoney(v.total, c, v.numberFormat)}</span>
          <span>
            Submitted by {v.submittedByName}, {fmt.dateTime(v.submittedAt)}
          </span>
        </div>
        {v.message && <p className="text-sm">Note from the team: “{v.message}”</p>}
        <p className="text-xs break-all text-zinc-500">
          <span title="Fingerprint of this version: any change makes a new one">Fingerprint of this version</span> (any
          change makes a new one): {v.contentHash}
        </p>
        {signedIn && (
          <Link to={`/project/${v.projectId}`} className="text-sm underline underline-offset-2">
            Open the project
          </Link>
        )}
      </header>

      {current.state !== "pending" && (
        <Card role="status">
          <h3 className="font-semibold">
            {current.bypassed
              ? "Approved without review by the approval bypass"
              : `Decision: ${current.state.replace("_", " ")}`}
            {current.decisionName && ` by ${current.decisionName}`}
            {current.decidedAt && `, ${fmt.dateTime(current.decidedAt)}`}
          </h3>
          {current.decisionComment && <p className="mt-1 text-sm">“{current.decisionComment}”</p>}
          {current.bypassReason && <p className="mt-1 text-sm">{current.bypassReason}</p>}
          {current.state !== "withdrawn" && (
            <a href={pdfHref} download className="mt-3 inline-flex min-h-10 items-center gap-1.5 text-sm underline">
              <FileText aria-hidden className="size-4" />
              Download the decision (PDF)
            </a>
          )}
        </Card>
      )}

      <Difference view={v} />
      <TopSheet totals={v.totals} currency={c} format={v.numberFormat} />
      <Lines lines={v.snapshot.lines} currency={c} format={v.numberFormat} />

      {current.canDecide && !decided && (
        <section aria-labelledby="decide-heading" className="flex flex-col gap-3">
          <h2 id="decide-heading" className="text-lg font-semibold">
            Your decision
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            One decision is recorded, with its time and where it was made from; it is final.
          </p>
          <div className="grid max-w-2xl gap-3">
            <Field
              label="Your name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
            />
            <Textarea
              label="Comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              hint="Needed when you request changes or reject: say what should change, or why."
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {DECISIONS.map((d) => (
              <Button
                key={d}
                variant={d === "approved" ? "primary" : d === "rejected" ? "danger" : "secondary"}
                busy={busy === d}
                disabled={busy !== null}
                onClick={() => ask(d)}
              >
                {DECISION_LABELS[d]}
              </Button>
            ))}
          </div>
          <ConfirmDialog
            open={asking !== null}
            title={asking ? DECISION_QUESTIONS[asking].title : ""}
            confirmLabel={asking ? DECISION_LABELS[asking] : ""}
            busy={busy !== null}
            onCancel={() => setAsking(null)}
            onConfirm={() => asking && void decide(asking)}
          >
            {asking && DECISION_QUESTIONS[asking].text}
          </ConfirmDialog>
        </section>
      )}
    </>
  );
}

function Difference({ view: v }: { view: ProposalView }) {
  const d = v.diff;
  const c = v.snapshot.currency;
  if (d.previousNumber === null)
    return (
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        No earlier version of this budget was approved, so there is nothing to compare with.
      </p>
    );
  const m = (n: number) => formatMinor(n, c, v.numberFormat);
  const change = (before: number, after: number) => `${m(before)} → ${m(after)}`;
  const same = d.accounts.length === 0 && d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;
  return (
    <section
      aria-labelledby="diff-heading"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/30 dark:text-amber-100"
    >
      <h2 id="diff-heading" className="font-semibold">
        Changes since approved version {d.previousNumber} (total {change(d.previousTotal ?? 0, v.total)})
      </h2>
      {same && <p>The lines are the same as in the approved version.</p>}
      {d.accounts.length > 0 && (
        <ul className="list-disc pl-5">
          {d.accounts.map((a) => (
            <li key={a.code}>
              {a.code} {a.name}: {change(a.before, a.after)}
            </li>
          ))}
        </ul>
      )}
      {d.added.map((l) => (
        <p key={l.id}>
          Added: {l.description} ({m(l.amount)})
        </p>
      ))}
      {d.removed.map((l) => (
        <p key={l.id}>
          Removed: {l.description} ({m(l.amount)})
        </p>
      ))}
      {d.changed.map(({ before, after }) => (
        <p key={after.id}>
          Changed: {after.description} ({change(before.amount, after.amount)})
        </p>
      ))}
    </section>
  );
}

function Lines({ lines, currency, format }: { lines: SnapshotLine[]; currency: string; format: NumberFormat }) {
  const m = (n: number) => formatMinor(n, currency, format);
  return (
    <DataTable
      caption="Lines"
      className="min-w-[40rem]"
      columns={[
        { label: "Account" },
        { label: "Description" },
        { label: "Quantity", numeric: true },
        { label: "Rate", numeric: true },
        { label: "Amount", numeric: true },
        { label: "Fringes", numeric: true },
      ]}
    >
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {lines.map((l) => (
          <tr key={l.id}>
            <td className={cell}>{l.accountCode}</td>
            <td className={cell}>
              {l.description}
              {l.notes && <div className="text-xs text-zinc-600 dark:text-zinc-400">{l.notes}</div>}
            </td>
            <td className={num}>
              {formatQuantity(l.quantity, format)} {l.units}
              {l.quantityGlobal && (
                <div className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{l.quantityGlobal}</div>
              )}
            </td>
            <td className={num}>{m(l.rate)}</td>
            <td className={num}>{m(l.amount)}</td>
            <td className={num}>{l.fringe ? m(l.fringe) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
