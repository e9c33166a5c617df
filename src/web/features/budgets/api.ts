import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { BudgetDto, ProposalView } from "../../../common/budget.ts";
import { api } from "../../lib/api.ts";
import { failed } from "../../lib/change.ts";

export const budgetPath = (projectId: string) => `/rest/v1/budgets/${encodeURIComponent(projectId)}`;
export const proposalPath = (id: string) => `/rest/v1/budget-proposals/${encodeURIComponent(id)}`;
export const publicPath = (id: string) => `/rest/v1/budget-approval/${encodeURIComponent(id)}`;
export const receiptPath = (projectId: string, expenseId: string) => `/storage/v1/object/receipts/${encodeURIComponent(projectId)}/${encodeURIComponent(expenseId)}`;

export function useBudget(projectId: string) {
  return useQuery({
    queryKey: ["budget", projectId],
    queryFn: ({ signal }) => api<BudgetDto>(budgetPath(projectId), { signal }),
    // The tab says what went wrong and offers a retry; the rest of the project stays usable.
    throwOnError: false,
  });
}

/** A change to the budget whose answer is the budget as it now is: shown at once, with a toast either way. */
export function useBudgetChange<V>(projectId: string, fn: (v: V) => Promise<BudgetDto>, messages: { success: (v: V) => [string, string]; failure: string; onSuccess?: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (b, v) => {
      queryClient.setQueryData(["budget", projectId], b);
      void queryClient.invalidateQueries({ queryKey: ["project", projectId] });
      const [title, description] = messages.success(v);
      toast.success(title, { description });
      messages.onSuccess?.();
    },
    onError: failed(messages.failure),
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
