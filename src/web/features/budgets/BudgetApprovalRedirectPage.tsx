import { useEffect } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useAuth } from "../auth/AuthProvider.tsx";
import { useProposal } from "./api.ts";

/**
 * /budget-approval-redirect/:proposalId?token=… — the e-mailed link. A signed-in approver goes to the in-app
 * approval (decided under their account); anyone else goes to the public page with the link's token.
 */
export default function BudgetApprovalRedirectPage() {
  const { proposalId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const asUser = useProposal(proposalId, null, !loading && !!user);
  const publicPage = `/budget-approval/${encodeURIComponent(proposalId)}?token=${encodeURIComponent(token)}`;

  useEffect(() => {
    if (loading) return;
    if (!user) return void navigate(publicPage, { replace: true });
    if (asUser.isPending) return;
    navigate(
      asUser.isSuccess && asUser.data.canDecide ? `/budget-approval/${encodeURIComponent(proposalId)}` : publicPage,
      { replace: true },
    );
  }, [loading, user, asUser.isPending, asUser.isSuccess, asUser.data, navigate, proposalId, publicPage]);

  return (
    <div role="status" aria-label="Opening the budget" className="mx-auto flex max-w-5xl flex-col gap-3">
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
