import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type BudgetDto } from "../../../common/budget.ts";
import { type SessionUser } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { budgetExpenses } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordActivity } from "../projects/index.ts";
import { projectFor } from "../projects/access.ts";
import { checkUpload, storageFor } from "../../lib/storage.ts";
import { RECEIPT_UPLOADS, receiptKey, removeStoredReceipt } from "./receipts.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { getBudget } from "./reading.ts";
import { change } from "./draft.ts";
import { isUuid } from "../../../common/ids.ts";

// ── Receipts ─────────────────────────────────────────────────────────────────────────────────────

const noExpense = () => new AppError("not_found", "There is no expense with this id on this budget.");
export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function lockExpense(tx: Tx, budget: repo.BudgetRow | null, expenseId: string) {
  if (!budget || !isUuid(expenseId)) throw noExpense();
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
export async function uploadReceipt(
  s: S,
  opts: { caller: SessionUser; projectId: string; expenseId: string; fileName: string; bytes: Uint8Array },
): Promise<BudgetDto> {
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

export async function deleteReceipt(
  s: S,
  opts: { caller: SessionUser; projectId: string; expenseId: string },
): Promise<BudgetDto> {
  const removed = await change(s, opts, async ({ tx, project, budget }) => {
    const expense = await lockExpense(tx, budget, opts.expenseId);
    if (!expense.receiptKey) throw new AppError("not_found", "This expense has no receipt to delete.");
    await tx
      .update(budgetExpenses)
      .set({
        receiptKey: null,
        receiptName: null,
        receiptType: null,
        receiptSize: null,
        receiptSha256: null,
        receiptUploadedAt: null,
        receiptUploadedByName: null,
      })
      .where(eq(budgetExpenses.id, expense.id));
    await recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "budget.receipt",
      summary: `${opts.caller.name} deleted the receipt of “${expense.description}”`,
    });
    return expense.receiptKey;
  });
  await removeStoredReceipt(s, removed);
  return getBudget(s, opts);
}

/**
 * A receipt's bytes, for the crew, staff and admins: a receipt can carry card digits and addresses, so it is
 * not open to every signed-in reader of the budget the way the totals are.
 */
export async function readReceipt(
  s: Pick<S, "db" | "config">,
  opts: { caller: SessionUser; projectId: string; expenseId: string },
) {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can open its receipts.",
  });
  const budget = await repo.selectBudget(s.db, project.id);
  if (!budget || !isUuid(opts.expenseId)) throw noExpense();
  const [expense] = await s.db
    .select()
    .from(budgetExpenses)
    .where(and(eq(budgetExpenses.id, opts.expenseId), eq(budgetExpenses.budgetId, budget.id)));
  if (!expense) throw noExpense();
  if (!expense.receiptKey || !expense.receiptType || !expense.receiptName)
    throw new AppError("not_found", "This expense has no receipt.");
  const bytes = await storageFor(s.config).get(expense.receiptKey);
  if (!bytes) throw new AppError("not_found", "The receipt's file is missing from storage.");
  if (expense.receiptSha256 && sha256(bytes) !== expense.receiptSha256) {
    throw new AppError(
      "conflict",
      "This receipt no longer matches the file that was uploaded: it was changed outside the portal, so it is not served.",
    );
  }
  return { bytes, fileName: expense.receiptName, contentType: expense.receiptType, sha256: expense.receiptSha256 };
}

/** A name that is safe in a header and on any disk, ending in what the file really is. */
function safeFileName(fileName: string, ext: string) {
  const base =
    fileName
      .split(/[\\/]/)
      .pop()!
      .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
      .slice(0, 120)
      .trim() || "receipt";
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base.replace(/\.[^.]*$/, "")}.${ext}`;
}
