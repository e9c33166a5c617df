/**
 * The budget's approval rules, named: the server decides by them when a version is submitted, and the budget
 * answer shows the crew which applies before they submit.
 */

/** What a budget says about skipping the approver: its own override (set by staff with a reason), if any. */
export interface BypassSetting {
  bypass: boolean | null;
  bypassSetByName: string | null;
  bypassReason: string | null;
}

/** Who approved a budget when the school's approval bypass did. */
export const BYPASS_DECIDER = "the school's approval bypass";

/** Whether a submitted version is approved at once: the project's override when staff set one, else the school's setting. */
export const effectiveBypass = (
  budget: Pick<BypassSetting, "bypass"> | null | undefined,
  schoolBypass: boolean,
): boolean => budget?.bypass ?? schoolBypass;

/** Whether a submitted version waits for an approver's decision. */
export const approvalNeeded = (
  budget: Pick<BypassSetting, "bypass"> | null | undefined,
  schoolBypass: boolean,
): boolean => !effectiveBypass(budget, schoolBypass);

/** Why a version was approved without review, as its record and the team's notice say. */
export const bypassReasonOf = (budget: BypassSetting): string =>
  budget.bypass
    ? `Project override by ${budget.bypassSetByName ?? "staff"}: ${budget.bypassReason ?? ""}`
    : "The school's budget approval bypass is on.";

/** Who a bypassed version's decision is recorded as: the staff member who set the override, or the school's bypass. */
export const bypassDeciderOf = (budget: Pick<BypassSetting, "bypass" | "bypassSetByName">): string =>
  budget.bypass ? (budget.bypassSetByName ?? "staff") : BYPASS_DECIDER;
