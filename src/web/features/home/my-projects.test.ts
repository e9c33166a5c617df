import { describe, expect, it } from "vitest";
import type { ProjectListItem } from "../../../common/project-api.ts";
import { agendaOf } from "./my-projects.ts";

const project = (over: Partial<ProjectListItem>): ProjectListItem => ({
  id: "p",
  title: "P",
  type: "fiction",
  course: "",
  courseId: null,
  academicYear: "2026/27",
  phase: "pre_production",
  logline: "",
  shootStart: null,
  shootEnd: null,
  supervisor: null,
  memberCount: 1,
  leadNames: [],
  nextMilestone: null,
  greenlight: { done: 0, total: 0 },
  blockers: 0,
  isMember: true,
  version: 1,
  updatedAt: "2026-11-01T00:00:00Z",
  ...over,
});

describe("the home page's agenda", () => {
  const today = "2026-11-23";
  it("lists milestones and shoots to come, soonest first, overdue ones at the top", () => {
    const entries = agendaOf(
      [
        project({
          id: "a",
          title: "A",
          nextMilestone: { id: "m1", title: "Picture lock", dueDate: "2026-11-30", overdue: false },
          shootStart: "2026-11-25",
          shootEnd: "2026-11-27",
        }),
        project({
          id: "b",
          title: "B",
          nextMilestone: { id: "m2", title: "Permit", dueDate: "2026-11-20", overdue: true },
        }),
      ],
      today,
    );
    expect(entries.map((e) => [e.kind, e.date, e.overdue])).toEqual([
      ["milestone", "2026-11-20", true],
      ["shoot", "2026-11-25", false],
      ["milestone", "2026-11-30", false],
    ]);
  });

  it("keeps a shoot under way, drops one that is over and everything of a completed production", () => {
    const entries = agendaOf(
      [
        project({ id: "now", shootStart: "2026-11-20", shootEnd: "2026-11-24" }),
        project({ id: "past", shootStart: "2026-11-01", shootEnd: "2026-11-05" }),
        project({
          id: "done",
          phase: "completed",
          nextMilestone: { id: "m", title: "Delivery", dueDate: "2026-11-25", overdue: false },
          shootStart: "2026-12-01",
        }),
      ],
      today,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: "s-now", ongoing: true });
  });
});
