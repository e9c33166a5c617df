import { PROPOSAL_STATE_LABELS, type ProposalState } from "../../../common/budget.ts";
import { Badge } from "../../components/ui/Badge.tsx";

const STATE_TONES: Record<ProposalState, "neutral" | "warn" | "bad" | "good"> = {
  pending: "warn",
  approved: "good",
  changes_requested: "warn",
  rejected: "bad",
  withdrawn: "neutral",
};

/**
 * A budget version's state. A module of its own: the public approval page shows it without the budget tab's
 * code (the sheet, actuals and exports).
 */
export function StateBadge({ state }: { state: ProposalState }) {
  return <Badge tone={STATE_TONES[state]}>{PROPOSAL_STATE_LABELS[state]}</Badge>;
}
