import { describe, expect, it } from "vitest";
import { approvalNeeded, BYPASS_DECIDER, bypassDeciderOf, bypassReasonOf, effectiveBypass } from "./budget-rules.ts";

describe("the budget's approval bypass", () => {
  it("follows the project's override when staff set one, else the school's setting", () => {
    expect(effectiveBypass({ bypass: null }, true)).toBe(true);
    expect(effectiveBypass({ bypass: false }, true)).toBe(false);
    expect(effectiveBypass({ bypass: true }, false)).toBe(true);
    expect(effectiveBypass(null, false)).toBe(false);
    expect(approvalNeeded({ bypass: null }, false)).toBe(true);
    expect(approvalNeeded({ bypass: true }, false)).toBe(false);
  });

  it("records who bypassed and why", () => {
    const override = { bypass: true, bypassSetByName: "Dana Staff", bypassReason: "Festival deadline" };
    expect(bypassReasonOf(override)).toBe("Project override by Dana Staff: Festival deadline");
    expect(bypassDeciderOf(override)).toBe("Dana Staff");
    const school = { bypass: null, bypassSetByName: null, bypassReason: null };
    expect(bypassReasonOf(school)).toBe("The school's budget approval bypass is on.");
    expect(bypassDeciderOf(school)).toBe(BYPASS_DECIDER);
  });
});
