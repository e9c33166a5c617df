/** The budgets service, one file per topic; routes, the seed and other domains import it from here. */
export type { Origin } from "./shared.ts";
export { browseBudget, getBudget } from "./reading.ts";
export {
  change,
  publishBudgetChanged,
  browseDraft,
  getDraft,
  saveDraft,
  saveBudget,
  setBypass,
  addExpense,
  deleteExpense,
} from "./draft.ts";
export type { Change } from "./draft.ts";
export { getAccounts, saveAccounts } from "./accounts.ts";
export { canonicalJson, contentHashOf, submitProposal, withdrawProposal } from "./proposals.ts";
export { getProposal, getProposalByToken, decideByToken, decideSignedIn, listPendingApprovals } from "./decisions.ts";
export type { LinkProblem } from "./decisions.ts";
export { exportCsv, exportPdf, decisionPdf } from "./exports.ts";
export { uploadReceipt, deleteReceipt, readReceipt } from "./receipt-uploads.ts";
export { getLineHistory, getBudgetVersion } from "./history.ts";
export { getTemplate, saveTemplate } from "./templates.ts";
export { startLines } from "./starts.ts";
