import { useQuery } from "@tanstack/react-query";
import type { Page, ProjectListItem } from "../../../common/project-api.ts";
import { keys } from "../../../common/query-keys.ts";
import { api } from "../../lib/api.ts";

/** Under keys.projects(), so every project change the server announces refreshes the home page too. */
export function useMyProjects() {
  return useQuery({
    queryKey: [...keys.projects(), "mine", "home"],
    queryFn: ({ signal }) =>
      api<Page<ProjectListItem>>("/rest/v1/projects?mine=true&sort=updated&limit=100", { signal }),
    throwOnError: false,
  });
}

export interface AgendaEntry {
  key: string;
  kind: "milestone" | "shoot";
  /** "YYYY-MM-DD": the due date, or the first shoot day. */
  date: string;
  end: string | null;
  title: string;
  project: Pick<ProjectListItem, "id" | "title">;
  overdue: boolean;
  /** A shoot that has started and not ended. */
  ongoing: boolean;
}

/** Today as a calendar date where the person is, the way they read milestone dates. */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/**
 * Each project's next milestone (overdue ones are its earliest) and its shoot unless it is over,
 * soonest first. Completed productions have nothing left to plan.
 */
export function agendaOf(projects: ProjectListItem[], today = localToday()): AgendaEntry[] {
  const entries: AgendaEntry[] = [];
  for (const p of projects) {
    if (p.phase === "completed") continue;
    const project = { id: p.id, title: p.title };
    if (p.nextMilestone) {
      const m = p.nextMilestone;
      entries.push({
        key: `m-${m.id}`,
        kind: "milestone",
        date: m.dueDate,
        end: null,
        title: m.title,
        project,
        overdue: m.overdue,
        ongoing: false,
      });
    }
    if (p.shootStart && (p.shootEnd ?? p.shootStart) >= today) {
      entries.push({
        key: `s-${p.id}`,
        kind: "shoot",
        date: p.shootStart,
        end: p.shootEnd,
        title: "Shoot",
        project,
        overdue: false,
        ongoing: p.shootStart <= today,
      });
    }
  }
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
}
