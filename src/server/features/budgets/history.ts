import { and, desc, eq } from "drizzle-orm";
import { diffLines, lineStateOf, type BudgetVersionDto, type LineChangeDto } from "../../../common/budget-diff.ts";
import type { Fringe, SnapshotLine } from "../../../common/budget.ts";
import { isUuid } from "../../../common/ids.ts";
import type { SessionUser } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { budgetLineChanges } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { getSchoolSettings } from "../school/service.ts";
import * as repo from "./repository.ts";
import { budgetAccess, toLine } from "./reading.ts";
import type { S } from "./shared.ts";

// ── A line's history: recorded by the one save of a budget, read on demand ─────────────────────────

/**
 * Records what a save did to each line (added, changed, removed), with who and which version it made.
 * Called by saveBudget inside its transaction, with the lines as they were and as they are now.
 */
export async function recordLineChanges(
  tx: Tx,
  opts: {
    budgetId: string;
    version: number;
    caller: Pick<SessionUser, "id" | "name">;
    before: { lines: repo.LineRow[]; fringes: readonly Fringe[] };
    after: { lines: repo.LineRow[]; fringes: readonly Fringe[] };
  },
) {
  const diff = diffLines(
    opts.before.lines.map((l) => toLine(l, opts.before.fringes)),
    opts.after.lines.map((l) => toLine(l, opts.after.fringes)),
  );
  const row = (
    lineId: string,
    kind: "added" | "changed" | "removed",
    before: SnapshotLine | null,
    after: SnapshotLine | null,
  ) => ({
    budgetId: opts.budgetId,
    lineId,
    kind,
    before: before && lineStateOf(before),
    after: after && lineStateOf(after),
    version: opts.version,
    changedBy: opts.caller.id,
    changedByName: opts.caller.name,
  });
  const rows = [
    ...diff.added.map((l) => row(l.id, "added", null, l)),
    ...diff.changed.map((c) => row(c.after.id, "changed", c.before, c.after)),
    ...diff.removed.map((l) => row(l.id, "removed", l, null)),
  ];
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(budgetLineChanges).values(rows.slice(i, i + 1000));
}

/** Every saved change of one line, newest first; anyone who reads the budget reads its history. */
export async function getLineHistory(
  s: Pick<S, "db">,
  opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string; lineId: string },
): Promise<LineChangeDto[]> {
  const { project } = await budgetAccess(s.db, opts.caller, opts.projectId);
  const budget = await repo.selectBudget(s.db, project.id);
  if (!budget || !isUuid(opts.lineId)) return [];
  const rows = await s.db
    .select()
    .from(budgetLineChanges)
    .where(and(eq(budgetLineChanges.budgetId, budget.id), eq(budgetLineChanges.lineId, opts.lineId)))
    .orderBy(desc(budgetLineChanges.changedAt), desc(budgetLineChanges.version))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    before: r.before,
    after: r.after,
    version: r.version,
    changedByName: r.changedByName,
    changedAt: r.changedAt.toISOString(),
  }));
}

// ── Versions: a saved proposal, or the budget as it now is ─────────────────────────────────────────

export const CURRENT_VERSION = "current";

/** One version of the budget, to compare with another: "current" or a proposal's id. */
export async function getBudgetVersion(
  s: Pick<S, "db">,
  opts: { caller: Pick<SessionUser, "id" | "role">; projectId: string; version: string },
): Promise<BudgetVersionDto> {
  const { project } = await budgetAccess(s.db, opts.caller, opts.projectId);
  const budget = await repo.selectBudget(s.db, project.id);
  if (opts.version === CURRENT_VERSION) {
    const [settings, accounts, lines] = await Promise.all([
      getSchoolSettings(s.db),
      repo.selectAccounts(s.db),
      budget ? repo.selectLines(s.db, budget.id) : Promise.resolve([]),
    ]);
    const fringes = budget?.fringes ?? [];
    return {
      key: CURRENT_VERSION,
      label: budget ? `Saved now (version ${budget.version})` : "Saved now (empty)",
      currency: settings.currency,
      accounts,
      lines: lines.map((l) => toLine(l, fringes)),
      contingencyBps: budget?.contingencyBps ?? 0,
      fringes,
    };
  }
  const proposal = isUuid(opts.version) ? await repo.selectProposal(s.db, opts.version) : null;
  if (!proposal || !budget || proposal.budgetId !== budget.id)
    throw new AppError("not_found", "This budget has no submitted version with this id.");
  const snap = proposal.snapshot;
  return {
    key: proposal.id,
    label: `Submitted version ${proposal.number}`,
    currency: snap.currency,
    accounts: snap.accounts,
    lines: snap.lines,
    contingencyBps: snap.contingencyBps,
    fringes: snap.fringes ?? [],
  };
}
