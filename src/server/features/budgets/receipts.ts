import { randomUUID } from "node:crypto";
import type { ReceiptDto } from "../../../common/budget.ts";
import type { Services } from "../../context.ts";
import type { budgetExpenses } from "../../db/schema/index.ts";
import { GENERAL_UPLOADS, HEIC, storageFor, type UploadRule } from "../../lib/storage.ts";

/** Receipts are what a till or a phone camera gives: PDFs, photos and scans; HEIC is kept but downloaded, as few browsers show it. */
export const RECEIPT_UPLOADS: UploadRule = {
  mimes: new Set(["application/pdf", "image/jpeg", "image/png", HEIC.mime]),
  accepted: "PDF, JPEG, PNG or HEIC",
};

export const receiptUrl = (projectId: string, expenseId: string) =>
  `/storage/v1/object/receipts/${projectId}/${expenseId}`;

/** A new key for every upload, so a replaced receipt is never half-overwritten and the old one can go after the commit. */
export const receiptKey = (projectId: string, expenseId: string, ext: string) =>
  `receipts/${projectId}/${expenseId}/${randomUUID()}.${ext}`;

type ExpenseRow = typeof budgetExpenses.$inferSelect;

export function receiptOf(projectId: string, e: ExpenseRow): ReceiptDto | null {
  if (!e.receiptKey || !e.receiptName || !e.receiptType || !e.receiptUploadedAt) return null;
  return {
    fileName: e.receiptName,
    contentType: e.receiptType,
    size: e.receiptSize ?? 0,
    uploadedAt: e.receiptUploadedAt.toISOString(),
    uploadedByName: e.receiptUploadedByName,
    url: receiptUrl(projectId, e.id),
    viewable: e.receiptType !== HEIC.mime && GENERAL_UPLOADS.mimes.has(e.receiptType),
  };
}

/** Removes a file no row points at any more; a failure leaves an orphan on disk, never a row without its file. */
export async function removeStoredReceipt(s: Pick<Services, "config"> & Partial<Pick<Services, "log">>, key: string) {
  try {
    await storageFor(s.config).delete(key);
  } catch (err) {
    s.log?.warn({ err, key }, "a replaced or deleted receipt could not be removed from storage");
  }
}
