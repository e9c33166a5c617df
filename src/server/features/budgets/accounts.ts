import { accountsInput, type AccountsInput, type BudgetAccount } from "../../../common/budget.ts";
import { isAdmin, type SessionUser } from "../../auth/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { keys } from "../../../common/query-keys.ts";

// ── The chart of accounts ───────────────────────────────────────────────────────────────────────

export const getAccounts = (s: Pick<S, "db">) => repo.selectAccounts(s.db);

/**
 * Admins only: the school's chart, as a whole. An account that draft lines still use cannot be removed (the
 * lines would no longer save); renaming and moving it between categories can. Proposals keep their own copy.
 */
export async function saveAccounts(
  s: S,
  opts: { caller: SessionUser; input: AccountsInput },
): Promise<BudgetAccount[]> {
  if (!isAdmin(opts.caller.role)) throw new AppError("forbidden", "Only an admin can change the chart of accounts.");
  const input = accountsInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const before = await repo.selectAccounts(tx);
    const kept = new Set(input.accounts.map((a) => a.code));
    const removed = before.filter((a) => !kept.has(a.code));
    const used = await repo.countLinesByAccount(
      tx,
      removed.map((a) => a.code),
    );
    if (used.length > 0) {
      const a = removed.find((r) => r.code === used[0]!.code)!;
      throw new AppError(
        "conflict",
        `The account ${a.code} ${a.name} is used by ${used[0]!.n} budget line${used[0]!.n === 1 ? "" : "s"}; move those lines to another account before removing it.`,
      );
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
  await s.events.publish({
    type: "budget.accounts",
    invalidate: [keys.budgetAccounts(), keys.budget(), keys.auditLog()],
  });
  return repo.selectAccounts(s.db);
}
