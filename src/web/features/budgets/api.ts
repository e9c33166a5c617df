import { useQuery } from "@tanstack/react-query";
import type { BudgetAccount, BudgetDraftDto, BudgetDto, ProposalView } from "../../../common/budget.ts";
import type { BudgetVersionDto, LineChangeDto } from "../../../common/budget-diff.ts";
import type {
  BudgetStart,
  BudgetStartDto,
  BudgetTemplateDto,
  BudgetTemplateInput,
} from "../../../common/budget-template.ts";
import { keys } from "../../../common/query-keys.ts";
import { api } from "../../lib/api.ts";
import { useChange, type ChangeMessages } from "../../lib/change.ts";

export const budgetPath = (projectId: string) => `/rest/v1/budgets/${encodeURIComponent(projectId)}`;
export const proposalPath = (id: string) => `/rest/v1/budget-proposals/${encodeURIComponent(id)}`;
export const publicPath = (id: string) => `/rest/v1/budget-approval/${encodeURIComponent(id)}`;
export const receiptPath = (projectId: string, expenseId: string) =>
  `/storage/v1/object/receipts/${encodeURIComponent(projectId)}/${encodeURIComponent(expenseId)}`;
const ACCOUNTS_PATH = "/rest/v1/budget-accounts";

export const budgetKeys = {
  one: (projectId: string) => keys.budget(projectId),
  accounts: () => keys.budgetAccounts(),
  /** A proposal is read through its link's token or signed in: two answers, each its own key. */
  proposal: (id: string, via: "link" | "signed-in") => [...keys.budgetProposal(id), via],
};

export function useBudget(projectId: string) {
  return useQuery({
    queryKey: budgetKeys.one(projectId),
    queryFn: ({ signal }) => api<BudgetDto>(budgetPath(projectId), { signal }),
    // The tab says what went wrong and offers a retry; the rest of the project stays usable.
    throwOnError: false,
  });
}

/** A change to the budget whose answer is the budget as it now is: shown at once, with a toast either way. */
export const useBudgetChange = <V>(
  projectId: string,
  fn: (v: V) => Promise<BudgetDto>,
  messages: ChangeMessages<V, BudgetDto>,
) => useChange({ answer: budgetKeys.one(projectId), invalidate: [keys.project(projectId)] }, fn, messages);

/** Saves the sheet as the budget; the version it was edited from and the draft it came from are named. */
export const saveBudget = (projectId: string, json: unknown) =>
  api<BudgetDto>(budgetPath(projectId), { method: "PUT", json });
/** Keeps the crew's unsaved sheet on the server. */
export const saveDraft = (projectId: string, json: unknown) =>
  api<BudgetDraftDto>(`${budgetPath(projectId)}/draft`, { method: "PUT", json });

export const uploadReceipt = (projectId: string, expenseId: string, file: File) =>
  api<BudgetDto>(`${receiptPath(projectId, expenseId)}?${new URLSearchParams({ name: file.name })}`, {
    raw: { body: file, contentType: file.type || "application/octet-stream" },
  });

export const useAccounts = () =>
  useQuery({
    queryKey: budgetKeys.accounts(),
    queryFn: ({ signal }) => api<BudgetAccount[]>(ACCOUNTS_PATH, { signal }),
  });

/** The school's chart of accounts; every budget is drawn from it, so they all refetch. */
export const useSaveAccounts = (messages: ChangeMessages<BudgetAccount[], BudgetAccount[]>) =>
  useChange(
    { answer: budgetKeys.accounts(), invalidate: [keys.budget()] },
    (accounts: BudgetAccount[]) => api<BudgetAccount[]>(ACCOUNTS_PATH, { method: "PUT", json: { accounts } }),
    messages,
  );

/** The proposal as the approver sees it: through the link's token, or signed in when there is none. */
export function useProposal(id: string, token: string | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: budgetKeys.proposal(id, token ? "link" : "signed-in"),
    queryFn: ({ signal }) =>
      api<ProposalView>(token ? `${publicPath(id)}?token=${encodeURIComponent(token)}` : proposalPath(id), { signal }),
    retry: false,
    // The page shows what went wrong (a used or expired link) itself; the route's error screen is for the unexpected.
    throwOnError: false,
  });
}

/** The approver's decision: through the link's token, or signed in when there is none. */
export const decideProposal = (
  id: string,
  token: string | null,
  decision: { decision: string; name: string; comment: string },
) =>
  token
    ? api<ProposalView>(`${publicPath(id)}/decision`, { json: { token, ...decision } })
    : api<ProposalView>(`${proposalPath(id)}/decision`, { json: decision });

/** The decision's PDF, through the link's token or signed in. */
export const decisionPdfHref = (id: string, token: string | null) =>
  token ? `${publicPath(id)}/decision.pdf?token=${encodeURIComponent(token)}` : `${proposalPath(id)}/decision.pdf`;

/** A line's saved changes, newest first: read when someone opens its history, not with the budget. */
export function useLineHistory(projectId: string, lineId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...budgetKeys.one(projectId), "line-history", lineId],
    queryFn: ({ signal }) =>
      api<LineChangeDto[]>(`${budgetPath(projectId)}/lines/${encodeURIComponent(lineId)}/history`, { signal }),
    throwOnError: false,
  });
}

/** One version of the budget to compare: "current" or a submitted version's id. */
export function useBudgetVersion(projectId: string, version: string | null) {
  return useQuery({
    enabled: !!version,
    queryKey: [...budgetKeys.one(projectId), "version", version],
    queryFn: ({ signal }) =>
      api<BudgetVersionDto>(`${budgetPath(projectId)}/versions/${encodeURIComponent(version!)}`, { signal }),
    throwOnError: false,
  });
}

const templatePath = (courseId: string) => `/rest/v1/budget-templates/${encodeURIComponent(courseId)}`;
/** A course's template sits under the course's key: a save publishes the course's change. */
const templateKey = (courseId: string) => [...keys.course(courseId), "budget-template"];

export function useBudgetTemplate(courseId: string) {
  return useQuery({
    queryKey: templateKey(courseId),
    queryFn: ({ signal }) => api<BudgetTemplateDto>(templatePath(courseId), { signal }),
    throwOnError: false,
  });
}

export const useSaveBudgetTemplate = (
  courseId: string,
  messages: ChangeMessages<BudgetTemplateInput, BudgetTemplateDto>,
) =>
  useChange(
    { answer: templateKey(courseId) },
    (json: BudgetTemplateInput) => api<BudgetTemplateDto>(templatePath(courseId), { method: "PUT", json }),
    messages,
  );

/** Lines (and the fringes and globals they name) from the course template or the schedule; nothing is saved by asking. */
export const startLines = (projectId: string, from: BudgetStart) =>
  api<BudgetStartDto>(`${budgetPath(projectId)}/start?${new URLSearchParams({ from })}`);
