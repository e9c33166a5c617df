import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { jsonAnswers, PEOPLE } from "../../lib/cache.ts";
import { writerOf, type SchoolWriter } from "../../../common/school-writer.ts";
import { and, eq } from "drizzle-orm";
import {
  BUDGET_CATEGORY_LABELS,
  BYPASS_REASON_MIN,
  DEFAULT_CONTINGENCY_BPS,
  PROPOSAL_STATE_LABELS,
  accountsInput,
  budgetDraftInput,
  budgetSaveInput,
  bypassInput,
  computeTotals,
  decisionInput,
  expenseInput,
  formatMinor,
  formatPercent,
  formatQuantity,
  lineAmount,
  proposalSubmitInput,
  sumAmounts,
  type AccountsInput,
  type BudgetAccount,
  type BudgetDraftDto,
  type BudgetDraftInput,
  type BudgetDto,
  type BudgetSaveInput,
  type BypassInput,
  type Decision,
  type DecisionInput,
  type ExpenseInput,
  type PendingBudgetApproval,
  type ProposalDiff,
  type ProposalSnapshot,
  type ProposalSubmitInput,
  type ProposalSubmitted,
  type ProposalSummary,
  type ProposalView,
  type SnapshotLine,
  type StaleBudgetDetails,
  type StaleDraftDetails,
  type VarianceRow,
} from "../../../common/budget.ts";
import { isAdmin, isStaff, type SessionUser } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { budgetDrafts, budgetExpenses, budgetProposals, budgets } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { notify, publishNotified } from "../inbox/service.ts";
import { budgetApprovalMail } from "../notifications/emails/budget-approval.ts";
import { budgetDecidedMail } from "../notifications/emails/budget-decided.ts";
import { queueEmail } from "../notifications/jobs.ts";
import { csvDocument } from "../../lib/csv.ts";
import { feedGreenlight } from "../projects/greenlight.ts";
import { recordActivity } from "../projects/repository.ts";
import { contactsFor, projectsWithContacts } from "../projects/contacts.ts";
import { projectFor, type AccessProject } from "../projects/access.ts";
import { getSchoolSettings } from "../school/service.ts";
import { renderPdf, type PdfSection } from "./pdf.ts";
import { checkUpload, storageFor } from "../../lib/storage.ts";
import { RECEIPT_UPLOADS, receiptKey, receiptOf, removeStoredReceipt } from "./receipts.ts";
import * as repo from "./repository.ts";

type S = Pick<Services, "db" | "events" | "config">;

/** Where a decision came from, for its record. */
export interface Origin {
  ip: string;
  userAgent: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noProposal = () => new AppError("not_found", "There is no budget proposal with this id.");
const iso = (d: Date | null) => d?.toISOString() ?? null;
const DAY_MS = 24 * 3600 * 1000;
/** Who approved a budget when the school's approval bypass did. */
const BYPASS_DECIDER = "the school's approval bypass";

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

const toSummary = (p: repo.ProposalSummaryRow): ProposalSummary => ({
  id: p.id,
  number: p.number,
  state: p.state,
  total: p.total,
  contentHash: p.contentHash,
  approverEmail: p.approverEmail,
  submittedByName: p.submittedByName,
  submittedAt: p.submittedAt.toISOString(),
  message: p.message,
  decidedAt: iso(p.decidedAt),
  decisionName: p.decisionName,
  decisionComment: p.decisionComment,
  bypassed: p.bypassed,
  bypassReason: p.bypassReason,
});

/** A line as the draft and the snapshot show it: its own fields in a fixed order, and its amount. */
const toLine = (l: repo.LineRow): SnapshotLine => ({
  id: l.id,
  accountCode: l.accountCode,
  description: l.description,
  quantity: l.quantity,
  units: l.units,
  rate: l.rate,
  notes: l.notes,
  amount: lineAmount(l.quantity, l.rate),
});

const variance = (key: string, label: string, budget: number, actual: number): VarianceRow => {
  const v = sumAmounts([budget, -actual]);
  return { key, label, budget, actual, variance: v, over: v < 0 };
};

/** Budget against spending, per line, account, category and in total (the total includes the contingency). */
function actualsOf(lines: repo.LineRow[], expenses: (typeof budgetExpenses.$inferSelect)[], totals: ReturnType<typeof computeTotals>) {
  const spentOn = new Map<string, number>();
  let unassigned = 0;
  for (const e of expenses) {
    if (e.lineId) spentOn.set(e.lineId, sumAmounts([spentOn.get(e.lineId) ?? 0, e.amount]));
    else unassigned = sumAmounts([unassigned, e.amount]);
  }
  const lineRows = lines.map((l) => variance(l.id, l.description, lineAmount(l.quantity, l.rate), spentOn.get(l.id) ?? 0));
  const accountActual = new Map<string, number>();
  lines.forEach((l, i) => accountActual.set(l.accountCode, sumAmounts([accountActual.get(l.accountCode) ?? 0, lineRows[i]!.actual])));
  const accountRows = totals.accounts.map((a) => variance(a.code, `${a.code} ${a.name}`, a.amount, accountActual.get(a.code) ?? 0));
  const categoryRows = (["above", "below"] as const).map((c) =>
    variance(
      c,
      BUDGET_CATEGORY_LABELS[c],
      c === "above" ? totals.above : totals.below,
      sumAmounts(totals.accounts.filter((a) => a.category === c).map((a) => accountActual.get(a.code) ?? 0)),
    ),
  );
  const spent = sumAmounts([...spentOn.values(), unassigned]);
  return { lines: lineRows, accounts: accountRows, categories: categoryRows, total: variance("total", "Total", totals.total, spent) };
}

/**
 * Who reads a project's budget, and what of it (DESIGN §4): everyone signed in reads, as they read the
 * project; the contacts on it (approver and supervisor e-mail, a decision's address and browser) go by
 * the contacts rule. Every reader of a budget or of its proposals comes through here.
 */
const budgetAccess = (db: Services["db"], caller: Pick<SessionUser, "id" | "role">, projectId: string) => projectFor(db, caller, projectId);

/**
 * A budget as the crew's browsers ask for it, kept per viewer until an event names this budget (a save, a draft,
 * a proposal, a decision), the chart of accounts, the project (its crew decides who may edit) or the people.
 */
const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 2_000 });

export function browseBudget(s: Pick<S, "db" | "events">, opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string }) {
  const scope = { deps: [["budget", opts.projectId], ["budget-accounts"], ["project", opts.projectId], ["projects"], ...PEOPLE, ["school-settings"]] };
  return answers(s.events, `${opts.caller.id} ${opts.projectId}`, scope, () => getBudget(s, opts));
}

export async function getBudget(s: Pick<S, "db">, opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string }): Promise<BudgetDto> {
  const { project, member, contactsVisible } = await budgetAccess(s.db, opts.caller, opts.projectId);
  const [settings, accounts, budget, draft] = await Promise.all([
    getSchoolSettings(s.db),
    repo.selectAccounts(s.db),
    repo.selectBudget(s.db, project.id),
    selectDraft(s.db, project.id),
  ]);
  const [lines, expenses, proposals] = budget ? await Promise.all([repo.selectLines(s.db, budget.id), repo.selectExpenses(s.db, budget.id), repo.selectProposals(s.db, budget.id)]) : [[], [], []];
  const contingencyBps = budget?.contingencyBps ?? DEFAULT_CONTINGENCY_BPS;
  const totals = computeTotals(accounts, lines, contingencyBps);
  return {
    projectId: project.id,
    projectTitle: project.title,
    currency: settings.currency,
    numberFormat: settings.numberFormat,
    version: budget?.version ?? 0,
    contingencyBps,
    accounts,
    lines: lines.map(toLine),
    totals,
    expenses: expenses.map((e) => ({
      id: e.id,
      lineId: e.lineId,
      description: e.description,
      amount: e.amount,
      spentOn: e.spentOn,
      createdByName: e.createdByName,
      createdAt: e.createdAt.toISOString(),
      receipt: receiptOf(project.id, e),
    })),
    actuals: actualsOf(lines, expenses, totals),
    proposals: proposals.map((p) => contactsFor(toSummary(p), contactsVisible)),
    bypass: {
      school: settings.budgetBypass,
      project: budget?.bypass ?? null,
      reason: budget?.bypassReason ?? null,
      setByName: budget?.bypassSetByName ?? null,
      applies: budget?.bypass ?? settings.budgetBypass,
    },
    supervisor: project.supervisorName && project.supervisorEmail ? contactsFor({ name: project.supervisorName, email: project.supervisorEmail }, contactsVisible) : null,
    contactsVisible,
    canEdit: member || isStaff(opts.caller.role),
    draft: member || isStaff(opts.caller.role) ? draft : null,
    canDraft: member,
    canSetBypass: isStaff(opts.caller.role),
    updatedAt: iso(budget?.updatedAt ?? null),
  };
}

// ── Changing the draft ───────────────────────────────────────────────────────────────────────────

export interface Change {
  tx: Tx;
  project: AccessProject;
  budget: repo.BudgetRow | null;
}

/**
 * The one path of every change to a budget: the budget row is locked for the transaction, the caller's
 * right to edit is checked (the crew, staff and admins, as for the project), and afterwards every open
 * tab refetches.
 */
export async function change<T>(s: S, opts: { caller: SessionUser; projectId: string; staffOnly?: string }, work: (c: Change) => Promise<T>): Promise<T> {
  const result = await s.db.transaction(async (tx) => {
    const { project, canEdit } = await projectFor(tx, opts.caller, opts.projectId);
    if (opts.staffOnly && !isStaff(opts.caller.role)) throw new AppError("forbidden", opts.staffOnly);
    if (!canEdit) throw new AppError("forbidden", "Only the project's crew, staff and admins can change its budget.");
    const budget = await repo.selectBudget(tx, project.id, { lock: true });
    return work({ tx, project, budget });
  });
  await publishBudgetChanged(s, opts.projectId);
  return result;
}

export async function publishBudgetChanged(s: Pick<S, "events">, projectId: string, proposalId?: string) {
  await s.events.publish({
    type: "budget.changed",
    invalidate: [["budget", projectId], ["project", projectId], ["admin-dashboard"], ...(proposalId ? [["budget-proposal", proposalId]] : [])],
    data: { projectId },
  });
}

class StaleBudget extends Error {}

async function stale(s: S, opts: { caller: SessionUser; projectId: string }): Promise<AppError> {
  const current = await getBudget(s, opts);
  return new AppError("conflict", "Someone else saved this budget after you opened it. Review their changes, then make yours again.", { current } satisfies StaleBudgetDetails);
}

// ── The crew's unsaved sheet ────────────────────────────────────────────────────────────────────

const NO_DRAFT: BudgetDraftDto = { version: 0, content: null, updatedByName: null, updatedAt: null };

async function selectDraft(db: Services["db"] | Tx, projectId: string, opts: { lock?: boolean } = {}): Promise<BudgetDraftDto> {
  const q = db.select().from(budgetDrafts).where(eq(budgetDrafts.projectId, projectId));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row ? { version: row.version, content: row.content, updatedByName: row.updatedByName, updatedAt: row.updatedAt.toISOString() } : NO_DRAFT;
}

/** The crew, staff and admins read the draft: it is the crew's work in progress, not yet the budget. */
/** The crew's draft as their browsers ask for it, kept per viewer until the budget or the project (its crew) changes. */
export function browseDraft(s: Pick<S, "db" | "events">, opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string }) {
  const scope = { deps: [["budget", opts.projectId], ["project", opts.projectId], ["projects"], ...PEOPLE] };
  return answers(s.events, `draft ${opts.caller.id} ${opts.projectId}`, scope, () => getDraft(s, opts));
}

export async function getDraft(s: Pick<S, "db">, opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string }): Promise<BudgetDraftDto> {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, { need: "edit", denied: "Only the project's crew, staff and admins can see its budget draft." });
  return selectDraft(s.db, project.id);
}

/**
 * Keeps the sheet as the crew typed it, if nobody changed the draft since `version`; otherwise 409 naming
 * who did, with the draft as it now is, so two people typing never overwrite each other unseen.
 */
export async function saveDraft(s: S, opts: { caller: SessionUser; projectId: string; input: BudgetDraftInput }): Promise<BudgetDraftDto> {
  const { version, ...content } = budgetDraftInput.parse(opts.input);
  const saved = await s.db.transaction(async (tx) => {
    const { project } = await projectFor(tx, opts.caller, opts.projectId, {
      need: "crew",
      denied: "Only the project's crew types into its budget draft; staff and admins save the budget directly.",
    });
    await tx.insert(budgetDrafts).values({ projectId: project.id }).onConflictDoNothing();
    const current = await selectDraft(tx, project.id, { lock: true });
    if (current.version !== version) throw draftConflict(current);
    const [row] = await tx
      .update(budgetDrafts)
      .set({ content, version: current.version + 1, updatedBy: opts.caller.id, updatedByName: opts.caller.name, updatedAt: new Date() })
      .where(eq(budgetDrafts.projectId, project.id))
      .returning();
    return { version: row!.version, content: row!.content, updatedByName: row!.updatedByName, updatedAt: row!.updatedAt.toISOString() };
  });
  // Only the budget's answer carries the draft: the project and the overview stay as they are.
  await s.events.publish({ type: "budget.draft", invalidate: [["budget", opts.projectId]], data: { projectId: opts.projectId } });
  return saved;
}

function draftConflict(current: BudgetDraftDto): AppError {
  const who = current.updatedByName ?? "Someone else";
  const what = current.content ? `${who} changed the budget draft while you were typing.` : `${who} saved the budget while you were typing.`;
  return new AppError("conflict", `${what} Your lines are still on your screen: compare, then keep yours or load theirs.`, { current } satisfies StaleDraftDetails);
}

/** Saves the whole draft if nobody saved since `version`; otherwise 409 with the draft as it now is. */
export async function saveBudget(s: S, opts: { caller: SessionUser; projectId: string; input: BudgetSaveInput }): Promise<BudgetDto> {
  const input = budgetSaveInput.parse(opts.input);
  try {
    await change(s, opts, async ({ tx, project, budget }) => {
      if ((budget?.version ?? 0) !== input.version) throw new StaleBudget();
      const codes = new Set((await repo.selectAccounts(tx)).map((a) => a.code));
      input.lines.forEach((l, i) => {
        if (!codes.has(l.accountCode)) throw new AppError("bad_request", `Line ${i + 1} (“${l.description}”): there is no account ${l.accountCode} in the chart of accounts.`);
      });
      try {
        computeTotals([], input.lines, input.contingencyBps);
      } catch {
        throw new AppError("bad_request", "The budget's total is too large to keep exactly; check the quantities and rates.");
      }
      let id: string;
      if (!budget) {
        const [row] = await tx.insert(budgets).values({ projectId: project.id, contingencyBps: input.contingencyBps }).onConflictDoNothing().returning({ id: budgets.id });
        if (!row) throw new StaleBudget();
        id = row.id;
      } else {
        id = budget.id;
        const spent = await repo.selectSpentLinesOutside(tx, id, input.lines.map((l) => l.id));
        if (spent.length > 0) {
          throw new AppError("conflict", `The line “${spent[0]!.description}” has expenses recorded against it. Delete or move those expenses before deleting the line.`);
        }
        await tx.update(budgets).set({ contingencyBps: input.contingencyBps, version: budget.version + 1, updatedAt: new Date() }).where(eq(budgets.id, id));
      }
      const written = await repo.writeLines(tx, id, input.lines);
      if (written !== input.lines.length) throw new AppError("bad_request", "A line's id belongs to another budget; reload the page and try again.");
      // What was typed is now the budget: the draft empties, and its version moves on so a colleague still
      // typing on the old one hears that the budget was saved instead of overwriting it.
      await tx.insert(budgetDrafts).values({ projectId: project.id }).onConflictDoNothing();
      const draft = await selectDraft(tx, project.id, { lock: true });
      if (input.draftVersion !== undefined && draft.version !== input.draftVersion) throw draftConflict(draft);
      await tx
        .update(budgetDrafts)
        .set({ content: null, version: draft.version + 1, updatedBy: opts.caller.id, updatedByName: opts.caller.name, updatedAt: new Date() })
        .where(eq(budgetDrafts.projectId, project.id));
    });
  } catch (err) {
    if (err instanceof StaleBudget) throw await stale(s, opts);
    throw err;
  }
  return getBudget(s, opts);
}

/** Staff only: whether this project's budgets skip approval, overriding the school's setting, with why. */
export async function setBypass(s: S, opts: { caller: SessionUser; projectId: string; input: BypassInput }): Promise<BudgetDto> {
  const input = bypassInput.parse(opts.input);
  if (input.bypass !== null && input.reason.length < BYPASS_REASON_MIN) {
    throw new AppError("bad_request", `Say why this project's budget ${input.bypass ? "skips" : "needs"} approval (at least ${BYPASS_REASON_MIN} characters).`);
  }
  await change(s, { ...opts, staffOnly: "Only staff and admins can change whether a budget needs approval." }, async ({ tx, project, budget }) => {
    const values = {
      bypass: input.bypass,
      bypassReason: input.bypass === null ? null : input.reason,
      bypassSetBy: opts.caller.id,
      bypassSetByName: opts.caller.name,
      updatedAt: new Date(),
    };
    if (budget) await tx.update(budgets).set(values).where(eq(budgets.id, budget.id));
    else await tx.insert(budgets).values({ projectId: project.id, contingencyBps: DEFAULT_CONTINGENCY_BPS, ...values });
    await recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "budget.bypass",
      summary:
        input.bypass === null
          ? `${opts.caller.name} made the budget follow the school's approval setting again`
          : `${opts.caller.name} set the budget to ${input.bypass ? "skip" : "need"} approval: ${input.reason}`,
    });
  });
  return getBudget(s, opts);
}

/** Records spending against a saved line; answers the new expense's id (a receipt is attached to it next). */
export async function addExpense(s: S, opts: { caller: SessionUser; projectId: string; input: ExpenseInput }): Promise<{ expenseId: string; budget: BudgetDto }> {
  const input = expenseInput.parse(opts.input);
  const expenseId = await change(s, opts, async ({ tx, budget }) => {
    const lines = budget ? await repo.selectLines(tx, budget.id) : [];
    if (!budget || !lines.some((l) => l.id === input.lineId)) throw new AppError("bad_request", "Choose a saved line of this budget for the expense.");
    const [row] = await tx.insert(budgetExpenses).values({ budgetId: budget.id, ...input, createdBy: opts.caller.id, createdByName: opts.caller.name }).returning({ id: budgetExpenses.id });
    return row!.id;
  });
  return { expenseId, budget: await getBudget(s, opts) };
}

/** Deletes an expense and, once that is committed, its receipt file. */
export async function deleteExpense(s: S, opts: { caller: SessionUser; projectId: string; expenseId: string }): Promise<BudgetDto> {
  const gone = await change(s, opts, async ({ tx, budget }) => {
    const rows =
      budget && UUID.test(opts.expenseId)
        ? await tx.delete(budgetExpenses).where(and(eq(budgetExpenses.id, opts.expenseId), eq(budgetExpenses.budgetId, budget.id))).returning()
        : [];
    if (rows.length === 0) throw new AppError("not_found", "There is no expense with this id on this budget.");
    return rows[0]!;
  });
  if (gone.receiptKey) await removeStoredReceipt(s, gone.receiptKey);
  return getBudget(s, opts);
}

// ── The chart of accounts ───────────────────────────────────────────────────────────────────────

export const getAccounts = (s: Pick<S, "db">) => repo.selectAccounts(s.db);

/**
 * Admins only: the school's chart, as a whole. An account that draft lines still use cannot be removed (the
 * lines would no longer save); renaming and moving it between categories can. Proposals keep their own copy.
 */
export async function saveAccounts(s: S, opts: { caller: SessionUser; input: AccountsInput }): Promise<BudgetAccount[]> {
  if (!isAdmin(opts.caller.role)) throw new AppError("forbidden", "Only an admin can change the chart of accounts.");
  const input = accountsInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const before = await repo.selectAccounts(tx);
    const kept = new Set(input.accounts.map((a) => a.code));
    const removed = before.filter((a) => !kept.has(a.code));
    const used = await repo.countLinesByAccount(tx, removed.map((a) => a.code));
    if (used.length > 0) {
      const a = removed.find((r) => r.code === used[0]!.code)!;
      throw new AppError("conflict", `The account ${a.code} ${a.name} is used by ${used[0]!.n} budget line${used[0]!.n === 1 ? "" : "s"}; move those lines to another account before removing it.`);
    }
    await repo.replaceAccounts(tx, input.accounts);
    await recordAudit(tx, opts.caller, {
      action: "budget.accounts_changed",
      targetType: "school",
      targetId: "1",
      targetLabel: "Chart of accounts",
      details: { removed: removed.map((a) => a.code), count: input.accounts.length },
    });
  });
  await s.events.publish({ type: "budget.accounts", invalidate: [["budget-accounts"], ["budget"], ["audit-log"]] });
  return repo.selectAccounts(s.db);
}

// ── Proposals ────────────────────────────────────────────────────────────────────────────────────

function snapshotOf(project: { title: string }, currency: string, accounts: BudgetAccount[], contingencyBps: number, lines: repo.LineRow[]): ProposalSnapshot {
  return {
    projectTitle: project.title,
    currency,
    contingencyBps,
    accounts: accounts.map((a) => ({ code: a.code, name: a.name, category: a.category })),
    lines: lines.map(toLine),
  };
}

const INTEGER_LIKE = /^(?:0|[1-9][0-9]*)$/;

/**
 * Each object again with its keys in sorted order, for JSON.stringify to write them so. JSON.stringify would
 * still put integer-like keys first in numeric order, so those are refused: a snapshot has none (its shape is
 * ProposalSnapshot), and a hash that silently differed from the sorted form would unbind every link.
 */
function sortedKeys(_key: string, value: unknown) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    if (INTEGER_LIKE.test(k)) throw new Error(`canonical JSON cannot sort the integer-like key “${k}”`);
    sorted[k] = (value as Record<string, unknown>)[k];
  }
  return sorted;
}

/**
 * JSON with keys sorted at every level: jsonb hands keys back in its own order, and the hash must not care.
 * One JSON.stringify with a replacer: a hand-written walk cost 15–30 ms for 2,000 lines, this about 6.
 */
export const canonicalJson = (value: unknown): string => JSON.stringify(value, sortedKeys);

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
export const contentHashOf = (snapshot: ProposalSnapshot) => sha256Hex(canonicalJson(snapshot));
const tokenHashOf = (p: { id: string; contentHash: string }, token: string) => createHash("sha256").update(`${p.id}:${p.contentHash}:${token}`).digest("hex");
const approvalPath = (id: string) => `/budget-approval/${id}`;
const budgetPath = (projectId: string) => `/project/${projectId}?tab=budget`;

/**
 * Freezes the saved draft into a proposal (the draft stays editable for the next round). A proposal still
 * waiting is withdrawn by the new one. When bypass applies, the proposal is approved at once with who and why
 * on record; otherwise the approver (the supervisor, or the address given) gets a single-use link.
 */
export async function submitProposal(s: S, opts: { caller: SessionUser; projectId: string; input: ProposalSubmitInput }): Promise<ProposalSubmitted> {
  const input = proposalSubmitInput.parse(opts.input);
  const settings = await getSchoolSettings(s.db);
  let notifiedIds: string[] = [];
  const proposalId = await change(s, opts, async ({ tx, project, budget }) => {
    if (!budget || budget.version !== input.version) throw new StaleBudget();
    const lines = await repo.selectLines(tx, budget.id);
    if (lines.length === 0) throw new AppError("bad_request", "Add at least one line before submitting the budget.");
    const accounts = await repo.selectAccounts(tx);
    const snapshot = snapshotOf(project, settings.currency, accounts, budget.contingencyBps, lines);
    const totals = computeTotals(accounts, lines, budget.contingencyBps);
    // The canonical text is both what is hashed and what is stored: jsonb keeps the same values either way.
    const snapshotJson = canonicalJson(snapshot);
    const contentHash = sha256Hex(snapshotJson);
    const bypass = budget.bypass ?? settings.budgetBypass;
    const approverEmail = input.approverEmail || project.supervisorEmail || null;
    if (!bypass && !approverEmail) throw new AppError("bad_request", "This project has no supervisor yet: give the approver's e-mail address.");

    await tx
      .update(budgetProposals)
      .set({ state: "withdrawn", decidedAt: new Date(), decisionName: opts.caller.name, decisionComment: "Replaced by a newer version", decisionVia: "superseded" })
      .where(and(eq(budgetProposals.budgetId, budget.id), eq(budgetProposals.state, "pending")));
    const number = await repo.nextProposalNumber(tx, budget.id);
    const bypassReason = bypass
      ? budget.bypass
        ? `Project override by ${budget.bypassSetByName ?? "staff"}: ${budget.bypassReason ?? ""}`
        : "The school's budget approval bypass is on."
      : null;
    // The id is made here so the link's token can be bound to it in the same insert: a second write of the
    // row would make the immutability trigger compare the whole snapshot again.
    const id = randomUUID();
    const token = bypass ? null : randomBytes(32).toString("base64url");
    const [row] = await tx
      .insert(budgetProposals)
      .values({
        id,
        budgetId: budget.id,
        projectId: project.id,
        number,
        snapshot: repo.jsonbParam(snapshotJson),
        totals,
        total: totals.total,
        contentHash,
        message: input.message,
        submittedBy: opts.caller.id,
        submittedByName: opts.caller.name,
        approverEmail: bypass ? null : approverEmail,
        approverUserId: bypass || !approverEmail ? null : await repo.selectUserIdByEmail(tx, approverEmail),
        ...(token ? { tokenHash: tokenHashOf({ id, contentHash }, token), tokenExpiresAt: new Date(Date.now() + settings.approvalLinkDays * DAY_MS) } : {}),
        ...(bypass
          ? {
              state: "approved" as const,
              bypassed: true,
              bypassReason,
              decidedAt: new Date(),
              // The approval is the bypass's, never the student's who submitted: the staff member who set the
              // project's override, or the school's setting.
              decisionName: budget.bypass ? (budget.bypassSetByName ?? "staff") : BYPASS_DECIDER,
              decidedByUserId: budget.bypass ? budget.bypassSetBy : null,
              decisionVia: "bypass",
            }
          : {}),
      })
      // Only what the rest of the submission uses: the snapshot is as large as the budget and is not read back.
      .returning({ id: budgetProposals.id, number: budgetProposals.number, approverUserId: budgetProposals.approverUserId });
    const proposal = row!;
    const w = writerOf(settings);
    const total = w.money(totals.total);
    if (bypass) {
      await feedGreenlight(tx, { projectId: project.id, source: "budget", done: true, note: `Version ${number} approved without review: ${bypassReason}` });
      await recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "budget.bypassed",
        summary: `${opts.caller.name} submitted budget version ${number} (${total}); approval was bypassed: ${bypassReason}`,
        details: { proposalId: proposal.id },
      });
      notifiedIds = await notifyTeam(s, tx, { project, proposal, outcome: "Approved (approval bypassed)", decidedBy: budget.bypass ? (budget.bypassSetByName ?? "staff") : BYPASS_DECIDER, comment: bypassReason ?? "", skip: opts.caller.id });
      return proposal.id;
    }
    const url = new URL(`/budget-approval-redirect/${proposal.id}?token=${encodeURIComponent(token!)}`, s.config.PUBLIC_URL).toString();
    await queueEmail(
      { db: tx },
      {
        to: approverEmail!,
        // The approver answers the student who asked, not the portal.
        replyTo: opts.caller.email,
        ...budgetApprovalMail({
          submittedBy: opts.caller.name,
          projectTitle: project.title,
          number,
          total,
          message: input.message,
          url,
          expiresInDays: settings.approvalLinkDays,
          expiresOn: w.date(new Date(Date.now() + settings.approvalLinkDays * DAY_MS), { style: "long", weekday: true }),
        }),
      },
    );
    if (proposal.approverUserId) {
      notifiedIds = await notify(tx, {
        userIds: [proposal.approverUserId],
        kind: "budget",
        title: `Budget of “${project.title}” waits for your approval`,
        body: `${opts.caller.name} submitted version ${number}, ${total}.`,
        link: approvalPath(proposal.id),
      });
    }
    await recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "budget.submitted",
      summary: `${opts.caller.name} submitted budget version ${number} (${total}) to ${approverEmail} for approval`,
      details: { proposalId: proposal.id },
    });
    return proposal.id;
  }).catch(async (err) => {
    if (err instanceof StaleBudget) throw await stale(s, opts);
    throw err;
  });
  await publishNotified(s, notifiedIds);
  // The draft is unchanged by a submission, so the client needs only the proposals list, not the whole budget again.
  const budget = await repo.selectBudget(s.db, opts.projectId);
  return { proposalId, proposals: budget ? (await repo.selectProposals(s.db, budget.id)).map(toSummary) : [] };
}

async function notifyTeam(
  s: Pick<S, "config">,
  tx: Tx,
  opts: { project: { id: string; title: string }; proposal: Pick<repo.ProposalRow, "number">; outcome: string; decidedBy: string; comment: string; skip?: string },
) {
  const crew = (await repo.selectCrewIds(tx, opts.project.id)).filter((id) => id !== opts.skip);
  return notify(tx, {
    userIds: crew,
    kind: "budget",
    title: `Budget of “${opts.project.title}”: ${opts.outcome}`,
    body: `Version ${opts.proposal.number}, decided by ${opts.decidedBy}${opts.comment ? `: ${opts.comment}` : "."}`,
    link: budgetPath(opts.project.id),
    email: budgetDecidedMail({
      projectTitle: opts.project.title,
      number: opts.proposal.number,
      outcome: opts.outcome,
      decidedBy: opts.decidedBy,
      comment: opts.comment,
      url: new URL(budgetPath(opts.project.id), s.config.PUBLIC_URL).toString(),
    }),
  });
}

export async function withdrawProposal(s: S, opts: { caller: SessionUser; projectId: string; proposalId: string }): Promise<BudgetDto> {
  await change(s, opts, async ({ tx, project, budget }) => {
    if (!budget || !UUID.test(opts.proposalId)) throw noProposal();
    const [row] = await tx
      .update(budgetProposals)
      .set({ state: "withdrawn", decidedAt: new Date(), decisionName: opts.caller.name, decidedByUserId: opts.caller.id, decisionVia: "withdrawn" })
      .where(and(eq(budgetProposals.id, opts.proposalId), eq(budgetProposals.budgetId, budget.id), eq(budgetProposals.state, "pending")))
      .returning();
    if (!row) throw new AppError("conflict", "Only a proposal that waits for a decision can be withdrawn.");
    await recordActivity(tx, { projectId: project.id, actor: opts.caller, kind: "budget.withdrawn", summary: `${opts.caller.name} withdrew budget version ${row.number}` });
  });
  return getBudget(s, opts);
}

// ── Deciding ─────────────────────────────────────────────────────────────────────────────────────

function diffOf(p: repo.ProposalRow, previous: repo.ProposalRow | null): ProposalDiff {
  const before = previous?.snapshot.lines ?? [];
  const after = p.snapshot.lines;
  const beforeById = new Map(before.map((l) => [l.id, l]));
  const afterIds = new Set(after.map((l) => l.id));
  const same = (a: SnapshotLine, b: SnapshotLine) => JSON.stringify(a) === JSON.stringify(b);
  const prevAccounts = new Map((previous?.totals.accounts ?? []).map((a) => [a.code, a.amount]));
  return {
    previousNumber: previous?.number ?? null,
    previousTotal: previous?.total ?? null,
    accounts: p.totals.accounts
      .map((a) => ({ code: a.code, name: a.name, before: prevAccounts.get(a.code) ?? 0, after: a.amount }))
      .filter((a) => previous !== null && a.before !== a.after),
    added: previous ? after.filter((l) => !beforeById.has(l.id)) : [],
    removed: before.filter((l) => !afterIds.has(l.id)),
    changed: after.flatMap((l) => {
      const b = beforeById.get(l.id);
      return b && !same(b, l) ? [{ before: b, after: l }] : [];
    }),
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
  (!!p.approverUserId && p.approverUserId === caller.id) || (!!p.approverEmail && p.approverEmail === caller.email.toLowerCase());

/** Signed in: anyone who may read the project reads its proposals; only the named approver decides. */
export async function getProposal(s: Pick<S, "db">, opts: { caller: SessionUser; proposalId: string }): Promise<ProposalView> {
  const { proposal: p, contactsVisible } = await proposalAccess(s.db, opts.caller, opts.proposalId);
  return contactsFor(await viewOf(s, p, isApprover(opts.caller, p)), contactsVisible);
}

/** A signed-in reader of one proposal: as for its budget, and its approver sees their own record in full. */
async function proposalAccess(db: Services["db"], caller: SessionUser, proposalId: string) {
  if (!UUID.test(proposalId)) throw noProposal();
  const proposal = await repo.selectProposal(db, proposalId);
  if (!proposal) throw noProposal();
  const access = await budgetAccess(db, caller, proposal.projectId);
  return { proposal, contactsVisible: access.contactsVisible || isApprover(caller, proposal) };
}

const INVALID_LINK = "This approval link is not valid. Check that you opened the whole link from the e-mail, or ask the production team to submit the budget again.";

export type LinkProblem = "invalid" | "expired" | "used" | "withdrawn";

/**
 * The link's proposal, if the token is its own, still valid and unused. Anything else answers with no
 * data: a wrong token cannot tell whether the proposal exists; expired and used say only that.
 */
async function byToken(db: Services["db"] | Tx, proposalId: string, token: string, opts: { lock?: boolean; allowDecided?: boolean } = {}) {
  const invalid = () => new AppError("not_found", INVALID_LINK, { problem: "invalid" satisfies LinkProblem });
  if (!UUID.test(proposalId) || !token) throw invalid();
  const p = await repo.selectProposal(db, proposalId, opts);
  if (!p || !p.tokenHash || !p.tokenExpiresAt) throw invalid();
  const given = Buffer.from(tokenHashOf(p, token), "hex");
  const stored = Buffer.from(p.tokenHash, "hex");
  // The token was bound to the snapshot's hash: a snapshot that no longer hashes the same is not the one approved.
  if (given.length !== stored.length || !timingSafeEqual(given, stored) || contentHashOf(p.snapshot) !== p.contentHash) throw invalid();
  if (p.state === "withdrawn") {
    throw new AppError("conflict", "The production team withdrew this budget, so there is nothing to decide. A newer version comes with its own link.", { problem: "withdrawn" satisfies LinkProblem });
  }
  if (p.state !== "pending") {
    if (opts.allowDecided) return p;
    throw new AppError("conflict", "This approval link has already been used: the decision on this budget is made and final.", { problem: "used" satisfies LinkProblem });
  }
  if (p.tokenExpiresAt.getTime() < Date.now()) {
    throw new AppError("conflict", "This approval link has expired. Ask the production team to submit the budget again for a new link.", { problem: "expired" satisfies LinkProblem });
  }
  return p;
}

export async function getProposalByToken(s: Pick<S, "db">, opts: { proposalId: string; token: string }): Promise<ProposalView> {
  return viewOf(s, await byToken(s.db, opts.proposalId, opts.token), true);
}

const OUTCOME: Record<Decision, string> = { approved: "Approved", changes_requested: "Changes requested", rejected: "Rejected" };

/** Records the one decision on a pending proposal and tells the team; approval ticks the greenlight item. */
async function decide(s: S, opts: { proposal: repo.ProposalRow; input: DecisionInput; origin: Origin; userId: string | null; via: "link" | "signed_in"; tx: Tx }) {
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
  if (!row) throw new AppError("conflict", "This budget has already been decided; the decision is final.", { problem: "used" satisfies LinkProblem });
  const project = await repo.selectProject(tx, row.projectId);
  if (input.decision === "approved") await feedGreenlight(tx, { projectId: row.projectId, source: "budget", done: true, note: `Version ${row.number} approved by ${input.name}` });
  await recordActivity(tx, {
    projectId: row.projectId,
    actor: { id: opts.userId as string, name: input.name },
    kind: `budget.${input.decision}`,
    summary: `${input.name} decided on budget version ${row.number}: ${OUTCOME[input.decision].toLowerCase()}${input.comment ? ` (${input.comment})` : ""}`,
    details: { proposalId: row.id, via: opts.via },
  });
  const notified = await notifyTeam(s, tx, { project: { id: row.projectId, title: project?.title ?? row.snapshot.projectTitle }, proposal: row, outcome: OUTCOME[input.decision], decidedBy: input.name, comment: input.comment });
  return { row, notified };
}

async function afterDecision(s: S, r: { row: repo.ProposalRow; notified: string[] }): Promise<ProposalView> {
  await publishBudgetChanged(s, r.row.projectId, r.row.id);
  await publishNotified(s, r.notified);
  return viewOf(s, r.row, false);
}

export async function decideByToken(s: S, opts: { proposalId: string; token: string; input: DecisionInput; origin: Origin }): Promise<ProposalView> {
  const input = decisionInput.parse(opts.input);
  const r = await s.db.transaction(async (tx) => {
    const proposal = await byToken(tx, opts.proposalId, opts.token, { lock: true });
    return decide(s, { proposal, input, origin: opts.origin, userId: null, via: "link", tx });
  });
  return afterDecision(s, r);
}

/** Signed in, the approver's name is their account's unless they give another. */
export async function decideSignedIn(s: S, opts: { caller: SessionUser; proposalId: string; input: Record<string, unknown>; origin: Origin }): Promise<ProposalView> {
  const input = decisionInput.parse({ ...opts.input, name: opts.input.name || opts.caller.name });
  if (!UUID.test(opts.proposalId)) throw noProposal();
  const r = await s.db.transaction(async (tx) => {
    const proposal = await repo.selectProposal(tx, opts.proposalId, { lock: true });
    if (!proposal) throw noProposal();
    if (!isApprover(opts.caller, proposal)) throw new AppError("forbidden", "Only the approver named on this proposal can decide on it.");
    return decide(s, { proposal, input, origin: opts.origin, userId: opts.caller.id, via: "signed_in", tx });
  });
  return afterDecision(s, r);
}

export async function listPendingApprovals(s: Pick<S, "db">, opts: { caller: Pick<SessionUser, "id" | "role">; limit?: number }): Promise<PendingBudgetApproval[]> {
  const [settings, rows] = await Promise.all([getSchoolSettings(s.db), repo.selectPending(s.db, opts.limit ?? 20)]);
  const visible = await projectsWithContacts(s.db, opts.caller, rows.map((r) => r.proposal.projectId));
  return rows.map(({ proposal: p, projectTitle }) => contactsFor({
    id: p.id,
    projectId: p.projectId,
    projectTitle,
    number: p.number,
    total: p.total,
    currency: settings.currency,
    approverEmail: p.approverEmail,
    submittedByName: p.submittedByName,
    submittedAt: p.submittedAt.toISOString(),
  }, visible(p.projectId)));
}

// ── Exports ──────────────────────────────────────────────────────────────────────────────────────

const plain = (minor: number, currency: string) => formatMinor(minor, currency).replace(/,/g, "");

export async function exportCsv(s: Pick<S, "db">, opts: { caller: SessionUser; projectId: string; part: "topsheet" | "detail" }): Promise<{ filename: string; body: string }> {
  const b = await getBudget(s, opts);
  const c = b.currency;
  const slug = b.projectTitle.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "budget";
  if (opts.part === "topsheet") {
    const rows = [
      ["Code", "Account", "Category", `Amount (${c})`],
      ...b.totals.accounts.map((a) => [a.code, a.name, BUDGET_CATEGORY_LABELS[a.category], plain(a.amount, c)]),
      ["", "Above the line", "", plain(b.totals.above, c)],
      ["", "Below the line", "", plain(b.totals.below, c)],
      ["", `Contingency (${formatPercent(b.contingencyBps)} %)`, "", plain(b.totals.contingency, c)],
      ["", "Total", "", plain(b.totals.total, c)],
    ];
    return { filename: `${slug}-top-sheet.csv`, body: csvDocument(rows) };
  }
  const names = new Map(b.accounts.map((a) => [a.code, a.name]));
  const actual = new Map(b.actuals.lines.map((v) => [v.key, v]));
  const rows = [
    ["Code", "Account", "Description", "Quantity", "Units", `Rate (${c})`, `Amount (${c})`, `Actual (${c})`, `Variance (${c})`, "Notes"],
    ...b.lines.map((l) =>
      [
        l.accountCode,
        names.get(l.accountCode) ?? "",
        l.description,
        formatQuantity(l.quantity),
        l.units,
        plain(l.rate, c),
        plain(l.amount, c),
        plain(actual.get(l.id)?.actual ?? 0, c),
        plain(actual.get(l.id)?.variance ?? l.amount, c),
        l.notes,
      ],
    ),
  ];
  return { filename: `${slug}-detail.csv`, body: csvDocument(rows) };
}

function topSheetSection(totals: ProposalView["totals"], currency: string, w: SchoolWriter): PdfSection {
  const m = (n: number) => w.amount(n, currency);
  return {
    heading: "Top sheet",
    widths: [1, 5, 2],
    numeric: 1,
    rows: [
      { cells: ["Code", "Account", `Amount (${currency})`], bold: true },
      ...totals.accounts.map((a) => ({ cells: [a.code, a.name, m(a.amount)] })),
      { cells: ["", "Above the line", m(totals.above)], bold: true },
      { cells: ["", "Below the line", m(totals.below)], bold: true },
      { cells: ["", `Contingency (${w.percent(totals.contingencyBps)} %)`, m(totals.contingency)] },
      { cells: ["", "Total", m(totals.total)], bold: true },
    ],
  };
}

function detailSection(lines: SnapshotLine[], currency: string, w: SchoolWriter): PdfSection {
  const m = (n: number) => w.amount(n, currency);
  return {
    heading: "Lines",
    widths: [1, 6, 1.3, 1.2, 2, 2],
    numeric: 3,
    rows: [
      { cells: ["Code", "Description", "Qty", "Units", "Rate", "Amount"], bold: true },
      ...lines.map((l) => ({ cells: [l.accountCode, l.description, w.quantity(l.quantity), l.units, m(l.rate), m(l.amount)] })),
    ],
  };
}

export async function exportPdf(s: Pick<S, "db">, opts: { caller: SessionUser; projectId: string }): Promise<{ filename: string; body: Uint8Array }> {
  const [b, settings] = await Promise.all([getBudget(s, opts), getSchoolSettings(s.db)]);
  const w = writerOf(settings);
  const body = await renderPdf({
    title: `Budget: ${b.projectTitle}`,
    facts: [
      ["Currency", b.currency],
      ["Draft version", String(b.version)],
      ["Total", w.money(b.totals.total, b.currency)],
      ["Spent so far", w.money(b.actuals.total.actual, b.currency)],
    ],
    sections: [topSheetSection(b.totals, b.currency, w), detailSection(b.lines, b.currency, w)],
  });
  return { filename: "budget.pdf", body };
}

/** The approver's record of a decision: what was decided, by whom, when and from where, and what was approved. */
export async function decisionPdf(s: Pick<S, "db">, opts: { proposalId: string; token: string } | { proposalId: string; caller: SessionUser }): Promise<Uint8Array> {
  let p: repo.ProposalRow;
  // The approver's own link shows their own record in full; a signed-in reader goes by the budget's rule.
  let origin = true;
  if ("token" in opts) p = await byToken(s.db, opts.proposalId, opts.token, { allowDecided: true });
  else ({ proposal: p, contactsVisible: origin } = await proposalAccess(s.db, opts.caller, opts.proposalId));
  if (p.state === "pending") throw new AppError("conflict", "This budget has not been decided yet; its decision record exists once it is.");
  const c = p.snapshot.currency;
  const w = writerOf(await getSchoolSettings(s.db));
  return renderPdf({
    title: `Budget decision: ${p.snapshot.projectTitle}, version ${p.number}`,
    facts: [
      ["Decision", PROPOSAL_STATE_LABELS[p.state]],
      ["Decided by", p.decisionName ?? ""],
      ["Decided at", p.decidedAt ? w.dateTime(p.decidedAt) : ""],
      ...(p.decisionComment ? ([["Comment", p.decisionComment]] as [string, string][]) : []),
      ...(p.bypassed ? ([["Bypass", p.bypassReason ?? ""]] as [string, string][]) : []),
      ["Via", p.decisionVia === "link" ? "E-mailed approval link" : p.decisionVia === "signed_in" ? "Signed in to The Portal" : (p.decisionVia ?? "")],
      ...(origin
        ? ([
            ["IP address", p.decisionIp ?? "not recorded"],
            ["User agent", p.decisionUserAgent ?? "not recorded"],
          ] as [string, string][])
        : []),
      ["Submitted by", `${p.submittedByName}, ${w.dateTime(p.submittedAt)}`],
      ["Total", w.money(p.total, c)],
      ["Content hash", p.contentHash],
    ],
    sections: [topSheetSection(p.totals, c, w), detailSection(p.snapshot.lines, c, w)],
  });
}

// ── Receipts ─────────────────────────────────────────────────────────────────────────────────────

const noExpense = () => new AppError("not_found", "There is no expense with this id on this budget.");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function lockExpense(tx: Tx, budget: repo.BudgetRow | null, expenseId: string) {
  if (!budget || !UUID.test(expenseId)) throw noExpense();
  const [row] = await tx
    .select()
    .from(budgetExpenses)
    .where(and(eq(budgetExpenses.id, expenseId), eq(budgetExpenses.budgetId, budget.id)))
    .for("update");
  if (!row) throw noExpense();
  return row;
}

/**
 * Attaches a receipt to an expense, or replaces the one it has. The bytes are checked (size, and what they
 * really are), stored under a new key inside the transaction, and the replaced file is removed after the commit.
 */
export async function uploadReceipt(s: S, opts: { caller: SessionUser; projectId: string; expenseId: string; fileName: string; bytes: Uint8Array }): Promise<BudgetDto> {
  const type = checkUpload(s.config, opts.bytes, opts.fileName, RECEIPT_UPLOADS);
  const store = storageFor(s.config);
  let stored: string | null = null;
  try {
    const replaced = await change(s, opts, async ({ tx, project, budget }) => {
      const expense = await lockExpense(tx, budget, opts.expenseId);
      const key = receiptKey(project.id, expense.id, type.ext);
      await store.put(key, opts.bytes);
      stored = key;
      await tx
        .update(budgetExpenses)
        .set({
          receiptKey: key,
          receiptName: safeFileName(opts.fileName, type.ext),
          receiptType: type.mime,
          receiptSize: opts.bytes.byteLength,
          receiptSha256: sha256(opts.bytes),
          receiptUploadedAt: new Date(),
          receiptUploadedByName: opts.caller.name,
        })
        .where(eq(budgetExpenses.id, expense.id));
      await recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "budget.receipt",
        summary: `${opts.caller.name} ${expense.receiptKey ? "replaced" : "attached"} the receipt of “${expense.description}”`,
      });
      return expense.receiptKey;
    });
    if (replaced) await removeStoredReceipt(s, replaced);
  } catch (err) {
    if (stored) await removeStoredReceipt(s, stored);
    throw err;
  }
  return getBudget(s, opts);
}

export async function deleteReceipt(s: S, opts: { caller: SessionUser; projectId: string; expenseId: string }): Promise<BudgetDto> {
  const removed = await change(s, opts, async ({ tx, project, budget }) => {
    const expense = await lockExpense(tx, budget, opts.expenseId);
    if (!expense.receiptKey) throw new AppError("not_found", "This expense has no receipt to delete.");
    await tx
      .update(budgetExpenses)
      .set({ receiptKey: null, receiptName: null, receiptType: null, receiptSize: null, receiptSha256: null, receiptUploadedAt: null, receiptUploadedByName: null })
      .where(eq(budgetExpenses.id, expense.id));
    await recordActivity(tx, { projectId: project.id, actor: opts.caller, kind: "budget.receipt", summary: `${opts.caller.name} deleted the receipt of “${expense.description}”` });
    return expense.receiptKey;
  });
  await removeStoredReceipt(s, removed);
  return getBudget(s, opts);
}

/**
 * A receipt's bytes, for the crew, staff and admins: a receipt can carry card digits and addresses, so it is
 * not open to every signed-in reader of the budget the way the totals are.
 */
export async function readReceipt(s: Pick<S, "db" | "config">, opts: { caller: SessionUser; projectId: string; expenseId: string }) {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, { need: "edit", denied: "Only the project's crew, staff and admins can open its receipts." })
  const budget = await repo.selectBudget(s.db, project.id);
  if (!budget || !UUID.test(opts.expenseId)) throw noExpense();
  const [expense] = await s.db.select().from(budgetExpenses).where(and(eq(budgetExpenses.id, opts.expenseId), eq(budgetExpenses.budgetId, budget.id)));
  if (!expense) throw noExpense();
  if (!expense.receiptKey || !expense.receiptType || !expense.receiptName) throw new AppError("not_found", "This expense has no receipt.");
  const bytes = await storageFor(s.config).get(expense.receiptKey);
  if (!bytes) throw new AppError("not_found", "The receipt's file is missing from storage.");
  if (expense.receiptSha256 && sha256(bytes) !== expense.receiptSha256) {
    throw new AppError("conflict", "This receipt no longer matches the file that was uploaded: it was changed outside the portal, so it is not served.");
  }
  return { bytes, fileName: expense.receiptName, contentType: expense.receiptType, sha256: expense.receiptSha256 };
}

/** A name that is safe in a header and on any disk, ending in what the file really is. */
function safeFileName(fileName: string, ext: string) {
  const base = fileName.split(/[\\/]/).pop()!.replace(/[^\p{L}\p{N} ._()-]/gu, "_").slice(0, 120).trim() || "receipt";
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base.replace(/\.[^.]*$/, "")}.${ext}`;
}
