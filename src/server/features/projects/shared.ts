import { PHASES, type Phase } from "../../../common/projects.ts";
import type { Services } from "../../context.ts";
import * as repo from "./repository.ts";

export type S = Pick<Services, "db" | "events" | "config">;

export type ListRow = Awaited<ReturnType<typeof repo.selectProjectPage>>["rows"][number];

/** What the list row and the detail both say of a project, read the same way from its row. */
export const summaryOf = (p: ListRow["project"]) => ({
  id: p.id,
  title: p.title,
  type: p.type,
  course: p.course,
  courseId: p.courseId,
  academicYear: p.academicYear,
  phase: p.phase,
  logline: p.logline,
  shootStart: p.shootStart,
  shootEnd: p.shootEnd,
});
/** A person named by a join; null when the id is unset or the person is gone. */
export const personRef = (id: string | null, name: string | null | undefined) => (id && name ? { id, name } : null);

/** Before production, missing greenlight items hold the production up; afterwards they no longer block anything. */
export const beforeProduction = (phase: Phase) => PHASES.indexOf(phase) < PHASES.indexOf("production");

export const iso = (d: Date | null) => d?.toISOString() ?? null;
