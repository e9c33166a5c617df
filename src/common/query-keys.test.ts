import { describe, expect, it } from "vitest";
import { keys, PEOPLE_KEYS } from "./query-keys.ts";

// The server's events and answer cache still write these keys out (`publish({ invalidate })`, `deps`);
// each factory must give exactly the shape they write, so the server can switch to the factories unchanged.
describe("query keys", () => {
  it("give the shapes the server's events publish", () => {
    expect([
      keys.projects(),
      keys.projectsDocumentary(),
      keys.project("p1"),
      keys.overview(),
      keys.adminDashboard(),
    ]).toEqual([["projects"], ["projects-documentary"], ["project", "p1"], ["overview"], ["admin-dashboard"]]);
    expect([keys.budget("p1"), keys.budget(), keys.budgetAccounts(), keys.budgetProposal("x")]).toEqual([
      ["budget", "p1"],
      ["budget"],
      ["budget-accounts"],
      ["budget-proposal", "x"],
    ]);
    expect([
      keys.schedule("p1"),
      keys.screenplays(),
      keys.screenplay("s1"),
      keys.breakdown("s1"),
      keys.documents("p1"),
    ]).toEqual([["schedule", "p1"], ["screenplays"], ["screenplay", "s1"], ["breakdown", "s1"], ["documents", "p1"]]);
    expect([
      keys.equipment(),
      keys.notifications(),
      keys.emails(),
      keys.sessions(),
      keys.invitations(),
      keys.auditLog(),
      keys.schoolSettings(),
    ]).toEqual([
      ["equipment"],
      ["notifications"],
      ["emails"],
      ["sessions"],
      ["invitations"],
      ["audit-log"],
      ["school-settings"],
    ]);
    expect(PEOPLE_KEYS).toEqual([["users"], ["profile"]]);
  });

  it("make a new array each time, so a caller that extends one never changes another's", () => {
    const a = keys.project("p1");
    a.push("activity");
    expect(keys.project("p1")).toEqual(["project", "p1"]);
  });
});
