import { effectiveBypass, lineFringe } from "../../../common/budget-rules.ts";
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import {
  BUDGET_CATEGORY_LABELS,
  DEFAULT_CONTINGENCY_BPS,
  computeTotals,
  lineAmount,
  sumAmounts,
  type BudgetAccount,
  type BudgetDraftDto,
  type BudgetDto,
  type Fringe,
  type ProposalSummary,
  type SnapshotLine,
  type VarianceRow,
} from "../../../common/budget.ts";
import { isStaff, type SessionUser } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { budgetDrafts, budgetExpenses } from "../../db/schema/index.ts";
import { cachePerBus } from "../../lib/cache.ts";
import { contactsFor } from "../projects/contacts.ts";
import { projectFor } from "../projects/access.ts";
import { standingOf } from "../projects/index.ts";
import { getSchoolSettings } from "../school/service.ts";
import { receiptOf } from "./receipts.ts";
import * as repo from "./repository.ts";
import { answers, iso, type S } from "./shared.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

const draftOf = (db: Services["db"] | Tx, projectId: string | SQLWrapper) =>
  db.select().from(budgetDrafts).where(eq(budgetDrafts.projectId, projectId));
const keptDraftOf = preparedQuery((db) => draftOf(db, sql.placeholder("projectId")));

export async function selectDraft(
  db: Services["db"] | Tx,
  projectId: string,
  opts: { lock?: boolean } = {},
): Promise<BudgetDraftDto> {
  const [row] = opts.lock ? await draftOf(db, projectId).for("update") : await keptDraftOf(db, { projectId });
  return row
    ? {
        version: row.version,
        content: row.content,
        updatedByName: row.updatedByName,
        updatedAt: row.updatedAt.toISOString(),
      }
    : NO_DRAFT;
}

const NO_DRAFT: BudgetDraftDto = { version: 0, content: null, updatedByName: null, updatedAt: null };

export const toSummary = (p: repo.ProposalSummaryRow): ProposalSummary => ({
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

/**
 * A line as the draft and the snapshot show it: its own fields in a fixed order, and its amount; its fringes
 * and global only when it has them, so a snapshot of a budget without either hashes as it always did.
 */
export function toLine(l: repo.LineRow, fringes: readonly Fringe[]): SnapshotLine {
  const amount = lineAmount(l.quantity, l.rate);
  return {
    id: l.id,
    accountCode: l.accountCode,
    description: l.description,
    quantity: l.quantity,
    units: l.units,
    rate: l.rate,
    notes: l.notes,
    amount,
    ...(l.fringeIds.length > 0 ? { fringeIds: l.fringeIds, fringe: lineFringe(amount, l.fringeIds, fringes) } : {}),
    ...(l.quantityGlobal ? { quantityGlobal: l.quantityGlobal } : {}),
  };
}

const variance = (key: string, label: string, budget: number, actual: number): VarianceRow => {
  const v = sumAmounts([budget, -actual]);
  return { key, label, budget, actual, variance: v, over: v < 0 };
};

/** Budget against spending, per line, account, category and in total (the total includes the contingency). */
function actualsOf(
  lines: repo.LineRow[],
  expenses: (typeof budgetExpenses.$inferSelect)[],
  totals: ReturnType<typeof computeTotals>,
) {
  const spentOn = new Map<string, number>();
  let unassigned = 0;
  for (const e of expenses) {
    if (e.lineId) spentOn.set(e.lineId, sumAmounts([spentOn.get(e.lineId) ?? 0, e.amount]));
    else unassigned = sumAmounts([unassigned, e.amount]);
  }
  const lineRows = lines.map((l) =>
    variance(l.id, l.description, lineAmount(l.quantity, l.rate), spentOn.get(l.id) ?? 0),
  );
  const accountActual = new Map<string, number>();
  lines.forEach((l, i) =>
    accountActual.set(l.accountCode, sumAmounts([accountActual.get(l.accountCode) ?? 0, lineRows[i]!.actual])),
  );
  const accountRows = totals.accounts.map((a) =>
    variance(a.code, `${a.code} ${a.name}`, a.amount, accountActual.get(a.code) ?? 0),
  );
  const categoryRows = (["above", "below"] as const).map((c) =>
    variance(
      c,
      BUDGET_CATEGORY_LABELS[c],
      c === "above" ? totals.above : totals.below,
      sumAmounts(totals.accounts.filter((a) => a.category === c).map((a) => accountActual.get(a.code) ?? 0)),
    ),
  );
  const spent = sumAmounts([...spentOn.values(), unassigned]);
  return {
    lines: lineRows,
    accounts: accountRows,
    categories: categoryRows,
    total: variance("total", "Total", totals.total, spent),
  };
}

/**
 * Who reads a project's budget, and what of it (DESIGN §4): everyone signed in reads, as they read the
 * project; the contacts on it (approver and supervisor e-mail, a decision's address and browser) go by
 * the contacts rule. Every reader of a budget or of its proposals comes through here.
 */
export const budgetAccess = (db: Services["db"], caller: Pick<SessionUser, "id" | "role">, projectId: string) =>
  projectFor(db, caller, projectId);

export function browseBudget(
  s: Pick<S, "db" | "events">,
  opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string },
) {
  const scope = {
    deps: [
      keys.budget(opts.projectId),
      keys.budgetAccounts(),
      keys.project(opts.projectId),
      keys.projects(),
      ...PEOPLE_KEYS,
      keys.schoolSettings(),
    ],
  };
  // Kept per standing: what a budget shows a caller follows from their role and crew alone.
  return standingOf(s, opts.caller, opts.projectId).then((standing) =>
    answers(s.events, `${standing} ${opts.projectId}`, scope, () => getBudget(s, opts)),
  );
}

/**
 * The school's chart, read by every budget's first read: kept per portal until an event names it. Readers share the
 * array, and only read it.
 */
const charts = cachePerBus<BudgetAccount[]>({ ttlMs: 5 * 60_000, maxEntries: 1 });
const keptAccounts = (s: Pick<S, "db" | "events">) =>
  charts(s.events).get("chart", () => repo.selectAccounts(s.db), undefined, { deps: [keys.budgetAccounts()] });

export async function getBudget(
  s: Pick<S, "db" | "events">,
  opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string },
): Promise<BudgetDto> {
  const { project, member, contactsVisible } = await budgetAccess(s.db, opts.caller, opts.projectId);
  const seesDraft = member || isStaff(opts.caller.role);
  const [settings, accounts, budget, draft] = await Promise.all([
    getSchoolSettings(s.db),
    keptAccounts(s),
    repo.selectBudget(s.db, project.id),
    // The draft is the crew's and the staff's: not read for anyone else, who is not shown it.
    seesDraft ? selectDraft(s.db, project.id) : null,
  ]);
  const [lines, expenses, proposals] = budget
    ? await Promise.all([
        repo.selectLines(s.db, budget.id),
        repo.selectExpenses(s.db, budget.id),
        repo.selectProposals(s.db, budget.id),
      ])
    : [[], [], []];
  const contingencyBps = budget?.contingencyBps ?? DEFAULT_CONTINGENCY_BPS;
  const fringes = budget?.fringes ?? [];
  const totals = computeTotals(accounts, lines, contingencyBps, fringes);
  return {
    projectId: project.id,
    projectTitle: project.title,
    currency: settings.currency,
    numberFormat: settings.numberFormat,
    version: budget?.version ?? 0,
    contingencyBps,
    fringes,
    globals: budget?.globals ?? [],
    accounts,
    lines: lines.map((l) => {
      const line = toLine(l, fringes);
      return { ...line, fringe: line.fringe ?? 0 };
    }),
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
      applies: effectiveBypass(budget, settings.budgetBypass),
    },
    supervisor:
      project.supervisorName && project.supervisorEmail
        ? contactsFor({ name: project.supervisorName, email: project.supervisorEmail }, contactsVisible)
        : null,
    contactsVisible,
    canEdit: member || isStaff(opts.caller.role),
    draft,
    canDraft: member,
    canSetBypass: isStaff(opts.caller.role),
    updatedAt: iso(budget?.updatedAt ?? null),
  };
}
