import { useQuery } from "@tanstack/react-query";
import type { BudgetDto, ProposalView } from "../../../common/budget.ts";
import { api } from "../../lib/api.ts";

export const budgetPath = (projectId: string) => `/rest/v1/budgets/${encodeURIComponent(projectId)}`;
export const proposalPath = (id: string) => `/rest/v1/budget-proposals/${encodeURIComponent(id)}`;
export const publicPath = (id: string) => `/rest/v1/budget-approval/${encodeURIComponent(id)}`;

export function useBudget(projectId: string) {
  return useQuery({
    queryKey: ["budget", projectId],
    queryFn: ({ signal }) => api<BudgetDto>(budgetPath(projectId), { signal }),
    // The tab says what went wrong and offers a retry; the rest of the project stays usable.
    throwOnError: false,
  });
}

/** The proposal as the approver sees it: through the link's token, or signed in when there is none. */
export function useProposal(id: string, token: string | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ["budget-proposal", id, token ? "link" : "signed-in"],
    queryFn: ({ signal }) => api<ProposalView>(token ? `${publicPath(id)}?token=${encodeURIComponent(token)}` : proposalPath(id), { signal }),
    retry: false,
    // The page shows what went wrong (a used or expired link) itself; the route's error screen is for the unexpected.
    throwOnError: false,
  });
}
