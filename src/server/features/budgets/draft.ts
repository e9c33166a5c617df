import { and, eq } from "drizzle-orm";
import {
  BYPASS_REASON_MIN,
  DEFAULT_CONTINGENCY_BPS,
  budgetDraftInput,
  budgetSaveInput,
  bypassInput,
  expenseInput,
  type BudgetDraftDto,
  type BudgetDraftInput,
  type BudgetDto,
  type BudgetSaveInput,
  type BypassInput,
  type ExpenseInput,
  type StaleBudgetDetails,
  type StaleDraftDetails,
} from "../../../common/budget.ts";
import { isStaff, type SessionUser } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { budgetDrafts, budgetExpenses, budgets } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordActivity, standingOf } from "../projects/index.ts";
import { projectFor, type AccessProject } from "../projects/access.ts";
import { removeStoredReceipt } from "./receipts.ts";
import { checkedLines } from "./fringes.ts";
import { recordLineChanges } from "./history.ts";
import * as repo from "./repository.ts";
import { answers, type S } from "./shared.ts";
import { getBudget, selectDraft } from "./reading.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";
import { isUuid } from "../../../common/ids.ts";

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
export async function change<T>(
  s: S,
  opts: { caller: SessionUser; projectId: string; staffOnly?: string },
  work: (c: Change) => Promise<T>,
): Promise<T> {
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
    invalidate: [
      keys.budget(projectId),
      keys.project(projectId),
      keys.adminDashboard(),
      ...(proposalId ? [keys.budgetProposal(proposalId)] : []),
    ],
    data: { projectId },
  });
}

export class StaleBudget extends Error {}

export async function stale(s: S, opts: { caller: SessionUser; projectId: string }): Promise<AppError> {
  const current = await getBudget(s, opts);
  return new AppError(
    "conflict",
    "Someone else saved this budget after you opened it. Review their changes, then make yours again.",
    { current } satisfies StaleBudgetDetails,
  );
}

// ── The crew's unsaved sheet ────────────────────────────────────────────────────────────────────

/** The crew, staff and admins read the draft: it is the crew's work in progress, not yet the budget. */
/** The crew's draft as their browsers ask for it, kept per standing until the budget or the project (its crew) changes. */
export function browseDraft(
  s: Pick<S, "db" | "events">,
  opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string },
) {
  const scope = { deps: [keys.budget(opts.projectId), keys.project(opts.projectId), keys.projects(), ...PEOPLE_KEYS] };
  return standingOf(s, opts.caller, opts.projectId).then((standing) =>
    answers(s.events, `draft ${standing} ${opts.projectId}`, scope, () => getDraft(s, opts)),
  );
}

export async function getDraft(
  s: Pick<S, "db">,
  opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string },
): Promise<BudgetDraftDto> {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can see its budget draft.",
  });
  return selectDraft(s.db, project.id);
}

/**
 * Keeps the sheet as the crew typed it, if nobody changed the draft since `version`; otherwise 409 naming
 * who did, with the draft as it now is, so two people typing never overwrite each other unseen.
 */
export async function saveDraft(
  s: S,
  opts: { caller: SessionUser; projectId: string; input: BudgetDraftInput },
): Promise<BudgetDraftDto> {
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
      .set({
        content,
        version: current.version + 1,
        updatedBy: opts.caller.id,
        updatedByName: opts.caller.name,
        updatedAt: new Date(),
      })
      .where(eq(budgetDrafts.projectId, project.id))
      .returning();
    return {
      version: row!.version,
      content: row!.content,
      updatedByName: row!.updatedByName,
      updatedAt: row!.updatedAt.toISOString(),
    };
  });
  // Only the budget's answer carries the draft: the project and the overview stay as they are.
  await s.events.publish({
    type: "budget.draft",
    invalidate: [keys.budget(opts.projectId)],
    data: { projectId: opts.projectId },
  });
  return saved;
}

function draftConflict(current: BudgetDraftDto): AppError {
  const who = current.updatedByName ?? "Someone else";
  const what = current.content
    ? `${who} changed the budget draft while you were typing.`
    : `${who} saved the budget while you were typing.`;
  return new AppError(
    "conflict",
    `${what} Your lines are still on your screen: compare, then keep yours or load theirs.`,
    { current } satisfies StaleDraftDetails,
  );
}

/** Saves the whole draft if nobody saved since `version`; otherwise 409 with the draft as it now is. */
export async function saveBudget(
  s: S,
  opts: { caller: SessionUser; projectId: string; input: BudgetSaveInput },
): Promise<BudgetDto> {
  const input = budgetSaveInput.parse(opts.input);
  try {
    await change(s, opts, async ({ tx, project, budget }) => {
      if ((budget?.version ?? 0) !== input.version) throw new StaleBudget();
      const lines = checkedLines(input, new Set((await repo.selectAccounts(tx)).map((a) => a.code)));
      const kept = { fringes: input.fringes ?? [], globals: input.globals ?? [] };
      let id: string;
      let version = 1;
      const before = budget ? await repo.selectLines(tx, budget.id) : [];
      if (!budget) {
        const [row] = await tx
          .insert(budgets)
          .values({ projectId: project.id, contingencyBps: input.contingencyBps, ...kept })
          .onConflictDoNothing()
          .returning({ id: budgets.id });
        if (!row) throw new StaleBudget();
        id = row.id;
      } else {
        id = budget.id;
        const spent = await repo.selectSpentLinesOutside(
          tx,
          id,
          input.lines.map((l) => l.id),
        );
        if (spent.length > 0) {
          throw new AppError(
            "conflict",
            `The line “${spent[0]!.description}” has expenses recorded against it. Delete or move those expenses before deleting the line.`,
          );
        }
        version = budget.version + 1;
        await tx
          .update(budgets)
          .set({ contingencyBps: input.contingencyBps, ...kept, version, updatedAt: new Date() })
          .where(eq(budgets.id, id));
      }
      const written = await repo.writeLines(tx, id, lines);
      if (written !== input.lines.length)
        throw new AppError("bad_request", "A line's id belongs to another budget; reload the page and try again.");
      await recordLineChanges(tx, {
        budgetId: id,
        version,
        caller: opts.caller,
        before: { lines: before, fringes: budget?.fringes ?? [] },
        after: { lines: lines.map((l, position) => ({ ...l, position })), fringes: kept.fringes },
      });
      // What was typed is now the budget: the draft empties, and its version moves on so a colleague still
      // typing on the old one hears that the budget was saved instead of overwriting it.
      await tx.insert(budgetDrafts).values({ projectId: project.id }).onConflictDoNothing();
      const draft = await selectDraft(tx, project.id, { lock: true });
      if (input.draftVersion !== undefined && draft.version !== input.draftVersion) throw draftConflict(draft);
      await tx
        .update(budgetDrafts)
        .set({
          content: null,
          version: draft.version + 1,
          updatedBy: opts.caller.id,
          updatedByName: opts.caller.name,
          updatedAt: new Date(),
        })
        .where(eq(budgetDrafts.projectId, project.id));
    });
  } catch (err) {
    if (err instanceof StaleBudget) throw await stale(s, opts);
    throw err;
  }
  return getBudget(s, opts);
}

/** Staff only: whether this project's budgets skip approval, overriding the school's setting, with why. */
export async function setBypass(
  s: S,
  opts: { caller: SessionUser; projectId: string; input: BypassInput },
): Promise<BudgetDto> {
  const input = bypassInput.parse(opts.input);
  if (input.bypass !== null && input.reason.length < BYPASS_REASON_MIN) {
    throw new AppError(
      "bad_request",
      `Say why this project's budget ${input.bypass ? "skips" : "needs"} approval (at least ${BYPASS_REASON_MIN} characters).`,
    );
  }
  await change(
    s,
    { ...opts, staffOnly: "Only staff and admins can change whether a budget needs approval." },
    async ({ tx, project, budget }) => {
      const values = {
        bypass: input.bypass,
        bypassReason: input.bypass === null ? null : input.reason,
        bypassSetBy: opts.caller.id,
        bypassSetByName: opts.caller.name,
        updatedAt: new Date(),
      };
      if (budget) await tx.update(budgets).set(values).where(eq(budgets.id, budget.id));
      else
        await tx.insert(budgets).values({ projectId: project.id, contingencyBps: DEFAULT_CONTINGENCY_BPS, ...values });
      await recordActivity(tx, {
        projectId: project.id,
        actor: opts.caller,
        kind: "budget.bypass",
        summary:
          input.bypass === null
            ? `${opts.caller.name} made the budget follow the school's approval setting again`
            : `${opts.caller.name} set the budget to ${input.bypass ? "skip" : "need"} approval: ${input.reason}`,
      });
    },
  );
  return getBudget(s, opts);
}

/** Records spending against a saved line; answers the new expense's id (a receipt is attached to it next). */
export async function addExpense(
  s: S,
  opts: { caller: SessionUser; projectId: string; input: ExpenseInput },
): Promise<{ expenseId: string; budget: BudgetDto }> {
  const input = expenseInput.parse(opts.input);
  const expenseId = await change(s, opts, async ({ tx, budget }) => {
    const lines = budget ? await repo.selectLines(tx, budget.id) : [];
    if (!budget || !lines.some((l) => l.id === input.lineId))
      throw new AppError("bad_request", "Choose a saved line of this budget for the expense.");
    const [row] = await tx
      .insert(budgetExpenses)
      .values({ budgetId: budget.id, ...input, createdBy: opts.caller.id, createdByName: opts.caller.name })
      .returning({ id: budgetExpenses.id });
    return row!.id;
  });
  return { expenseId, budget: await getBudget(s, opts) };
}

/** Deletes an expense and, once that is committed, its receipt file. */
export async function deleteExpense(
  s: S,
  opts: { caller: SessionUser; projectId: string; expenseId: string },
): Promise<BudgetDto> {
  const gone = await change(s, opts, async ({ tx, budget }) => {
    const rows =
      budget && isUuid(opts.expenseId)
        ? await tx
            .delete(budgetExpenses)
            .where(and(eq(budgetExpenses.id, opts.expenseId), eq(budgetExpenses.budgetId, budget.id)))
            .returning()
        : [];
    if (rows.length === 0) throw new AppError("not_found", "There is no expense with this id on this budget.");
    return rows[0]!;
  });
  if (gone.receiptKey) await removeStoredReceipt(s, gone.receiptKey);
  return getBudget(s, opts);
}
