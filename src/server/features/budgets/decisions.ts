import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  decisionInput,
  type Decision,
  type DecisionInput,
  type PendingBudgetApproval,
  type ProposalDiff,
  type ProposalView,
} from "../../../common/budget.ts";
import { type SessionUser } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { budgetProposals } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { publishNotified } from "../inbox/service.ts";
import { feedGreenlight } from "../projects/greenlight.ts";
import { recordActivity } from "../projects/index.ts";
import { contactsFor, projectsWithContacts } from "../projects/contacts.ts";
import { getSchoolSettings } from "../school/service.ts";
import * as repo from "./repository.ts";
import { noProposal, type Origin, type S } from "./shared.ts";
import { budgetAccess, toSummary } from "./reading.ts";
import { publishBudgetChanged } from "./draft.ts";
import { contentHashOf, notifyTeam, tokenHashOf } from "./proposals.ts";
import { isUuid } from "../../../common/ids.ts";
import { diffLines } from "../../../common/budget-diff.ts";

// ── Deciding ─────────────────────────────────────────────────────────────────────────────────────

function diffOf(p: repo.ProposalRow, previous: repo.ProposalRow | null): ProposalDiff {
  const lines = diffLines(previous?.snapshot.lines ?? [], p.snapshot.lines);
  const prevAccounts = new Map((previous?.totals.accounts ?? []).map((a) => [a.code, a.amount]));
  return {
    previousNumber: previous?.number ?? null,
    previousTotal: previous?.total ?? null,
    accounts: p.totals.accounts
      .map((a) => ({ code: a.code, name: a.name, before: prevAccounts.get(a.code) ?? 0, after: a.amount }))
      .filter((a) => previous !== null && a.before !== a.after),
    ...lines,
    added: previous ? lines.added : [],
  };
}

async function viewOf(s: Pick<S, "db">, p: repo.ProposalRow, canDecide: boolean): Promise<ProposalView> {
  const [previous, settings] = await Promise.all([repo.selectPreviousApproved(s.db, p), getSchoolSettings(s.db)]);
  return {
    ...toSummary(p),
    projectId: p.projectId,
    snapshot: p.snapshot,
    totals: p.totals,
    diff: diffOf(p, previous),
    canDecide: canDecide && p.state === "pending",
    numberFormat: settings.numberFormat,
  };
}

const isApprover = (caller: Pick<SessionUser, "id" | "email">, p: repo.ProposalRow) =>
  (!!p.approverUserId && p.approverUserId === caller.id) ||
  (!!p.approverEmail && p.approverEmail === caller.email.toLowerCase());

/** Signed in: anyone who may read the project reads its proposals; only the named approver decides. */
export async function getProposal(
  s: Pick<S, "db">,
  opts: { caller: SessionUser; proposalId: string },
): Promise<ProposalView> {
  const { proposal: p, contactsVisible } = await proposalAccess(s.db, opts.caller, opts.proposalId);
  return contactsFor(await viewOf(s, p, isApprover(opts.caller, p)), contactsVisible);
}

/** A signed-in reader of one proposal: as for its budget, and its approver sees their own record in full. */
export async function proposalAccess(db: Services["db"], caller: SessionUser, proposalId: string) {
  if (!isUuid(proposalId)) throw noProposal();
  const proposal = await repo.selectProposal(db, proposalId);
  if (!proposal) throw noProposal();
  const access = await budgetAccess(db, caller, proposal.projectId);
  return { proposal, contactsVisible: access.contactsVisible || isApprover(caller, proposal) };
}

const INVALID_LINK =
  "This approval link is not valid. Check that you opened the whole link from the e-mail, or ask the production team to submit the budget again.";

export type LinkProblem = "invalid" | "expired" | "used" | "withdrawn";

/**
 * The link's proposal, if the token is its own, still valid and unused. Anything else answers with no
 * data: a wrong token cannot tell whether the proposal exists; expired and used say only that.
 */
export async function byToken(
  db: Services["db"] | Tx,
  proposalId: string,
  token: string,
  opts: { lock?: boolean; allowDecided?: boolean } = {},
) {
  const invalid = () => new AppError("not_found", INVALID_LINK, { problem: "invalid" satisfies LinkProblem });
  if (!isUuid(proposalId) || !token) throw invalid();
  const p = await repo.selectProposal(db, proposalId, opts);
  if (!p || !p.tokenHash || !p.tokenExpiresAt) throw invalid();
  const given = Buffer.from(tokenHashOf(p, token), "hex");
  const stored = Buffer.from(p.tokenHash, "hex");
  // The token was bound to the snapshot's hash: a snapshot that no longer hashes the same is not the one approved.
  if (given.length !== stored.length || !timingSafeEqual(given, stored) || contentHashOf(p.snapshot) !== p.contentHash)
    throw invalid();
  if (p.state === "withdrawn") {
    throw new AppError(
      "conflict",
      "The production team withdrew this budget, so there is nothing to decide. A newer version comes with its own link.",
      { problem: "withdrawn" satisfies LinkProblem },
    );
  }
  if (p.state !== "pending") {
    if (opts.allowDecided) return p;
    throw new AppError(
      "conflict",
      "This approval link has already been used: the decision on this budget is made and final.",
      { problem: "used" satisfies LinkProblem },
    );
  }
  if (p.tokenExpiresAt.getTime() < Date.now()) {
    throw new AppError(
      "conflict",
      "This approval link has expired. Ask the production team to submit the budget again for a new link.",
      { problem: "expired" satisfies LinkProblem },
    );
  }
  return p;
}

export async function getProposalByToken(
  s: Pick<S, "db">,
  opts: { proposalId: string; token: string },
): Promise<ProposalView> {
  return viewOf(s, await byToken(s.db, opts.proposalId, opts.token), true);
}

const OUTCOME: Record<Decision, string> = {
  approved: "Approved",
  changes_requested: "Changes requested",
  rejected: "Rejected",
};

/** Records the one decision on a pending proposal and tells the team; approval ticks the greenlight item. */
async function decide(
  s: S,
  opts: {
    proposal: repo.ProposalRow;
    input: DecisionInput;
    origin: Origin;
    userId: string | null;
    via: "link" | "signed_in";
    tx: Tx;
  },
) {
  const { tx, input, proposal } = opts;
  const [row] = await tx
    .update(budgetProposals)
    .set({
      state: input.decision,
      decidedAt: new Date(),
      decisionName: input.name,
      decisionComment: input.comment,
      decisionIp: opts.origin.ip,
      decisionUserAgent: opts.origin.userAgent.slice(0, 500),
      decidedByUserId: opts.userId,
      decisionVia: opts.via,
    })
    .where(and(eq(budgetProposals.id, proposal.id), eq(budgetProposals.state, "pending")))
    .returning();
  if (!row)
    throw new AppError("conflict", "This budget has already been decided; the decision is final.", {
      problem: "used" satisfies LinkProblem,
    });
  const project = await repo.selectProject(tx, row.projectId);
  if (input.decision === "approved")
    await feedGreenlight(tx, {
      projectId: row.projectId,
      source: "budget",
      done: true,
      note: `Version ${row.number} approved by ${input.name}`,
    });
  await recordActivity(tx, {
    projectId: row.projectId,
    actor: { id: opts.userId as string, name: input.name },
    kind: `budget.${input.decision}`,
    summary: `${input.name} decided on budget version ${row.number}: ${OUTCOME[input.decision].toLowerCase()}${input.comment ? ` (${input.comment})` : ""}`,
    details: { proposalId: row.id, via: opts.via },
  });
  const notified = await notifyTeam(s, tx, {
    project: { id: row.projectId, title: project?.title ?? row.snapshot.projectTitle },
    proposal: row,
    outcome: OUTCOME[input.decision],
    decidedBy: input.name,
    comment: input.comment,
  });
  return { row, notified };
}

async function afterDecision(s: S, r: { row: repo.ProposalRow; notified: string[] }): Promise<ProposalView> {
  await publishBudgetChanged(s, r.row.projectId, r.row.id);
  await publishNotified(s, r.notified);
  return viewOf(s, r.row, false);
}

export async function decideByToken(
  s: S,
  opts: { proposalId: string; token: string; input: DecisionInput; origin: Origin },
): Promise<ProposalView> {
  const input = decisionInput.parse(opts.input);
  const r = await s.db.transaction(async (tx) => {
    const proposal = await byToken(tx, opts.proposalId, opts.token, { lock: true });
    return decide(s, { proposal, input, origin: opts.origin, userId: null, via: "link", tx });
  });
  return afterDecision(s, r);
}

/** Signed in, the approver's name is their account's unless they give another. */
export async function decideSignedIn(
  s: S,
  opts: { caller: SessionUser; proposalId: string; input: Record<string, unknown>; origin: Origin },
): Promise<ProposalView> {
  const input = decisionInput.parse({ ...opts.input, name: opts.input.name || opts.caller.name });
  if (!isUuid(opts.proposalId)) throw noProposal();
  const r = await s.db.transaction(async (tx) => {
    const proposal = await repo.selectProposal(tx, opts.proposalId, { lock: true });
    if (!proposal) throw noProposal();
    if (!isApprover(opts.caller, proposal))
      throw new AppError("forbidden", "Only the approver named on this proposal can decide on it.");
    return decide(s, { proposal, input, origin: opts.origin, userId: opts.caller.id, via: "signed_in", tx });
  });
  return afterDecision(s, r);
}

export async function listPendingApprovals(
  s: Pick<S, "db">,
  opts: { caller: Pick<SessionUser, "id" | "role">; limit?: number },
): Promise<PendingBudgetApproval[]> {
  const [settings, rows] = await Promise.all([getSchoolSettings(s.db), repo.selectPending(s.db, opts.limit ?? 20)]);
  const visible = await projectsWithContacts(
    s.db,
    opts.caller,
    rows.map((r) => r.proposal.projectId),
  );
  return rows.map(({ proposal: p, projectTitle }) =>
    contactsFor(
      {
        id: p.id,
        projectId: p.projectId,
        projectTitle,
        number: p.number,
        total: p.total,
        currency: settings.currency,
        approverEmail: p.approverEmail,
        submittedByName: p.submittedByName,
        submittedAt: p.submittedAt.toISOString(),
      },
      visible(p.projectId),
    ),
  );
}
