import { and, eq, or, sql, type Placeholder } from "drizzle-orm";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { profiles, projectMembers, projects } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { contactsVisible } from "./contacts.ts";
import { isMember, onCrew } from "./repository.ts";

/**
 * The one rule of who may do what to a project and its things (DESIGN §4), for every domain that hangs off a
 * project (budgets, schedule, documents, the project itself): everyone signed in reads; the crew, staff and
 * admins change; a few things are the crew's own. Decision 2026-11-25-project-access.
 */

/**
 * - `read`: everyone signed in (the project must exist);
 * - `edit`: the crew, staff and admins, who are also the ones who see its people's contacts (`contacts.ts`);
 * - `crew`: the crew alone (the budget's unsaved sheet is their work in progress).
 */
export type Need = "read" | "edit" | "crew";

export const noProject = () => new AppError("not_found", "There is no project with this id.");

export { isMember, onCrew };

export type AccessProject = typeof projects.$inferSelect & {
  supervisorName: string | null;
  supervisorEmail: string | null;
};

export interface ProjectAccess {
  project: AccessProject;
  /** The caller is on the project's crew. */
  member: boolean;
  /** The caller may change the project's things: its crew, staff and admins. */
  canEdit: boolean;
  /** The caller may see how to reach the project's people (the contacts rule). */
  contactsVisible: boolean;
}

const supervisor = profiles;

/** The crew, staff and admins change a project's things: for a caller whose membership is already known. */
export const mayEdit = (caller: Pick<Caller, "role">, member: boolean) => member || isStaff(caller.role);

const accessQuery = (db: DbOrTx, projectId: string | Placeholder, userId: string | Placeholder) =>
  db
    .select({
      project: projects,
      supervisorName: supervisor.fullName,
      supervisorEmail: supervisor.email,
      member: onCrew(projects.id, userId),
    })
    .from(projects)
    .leftJoin(supervisor, eq(supervisor.id, projects.supervisorId))
    .where(eq(projects.id, projectId));

// Locked, it runs in a transaction, where a prepared statement would be built again anyway.
const access = preparedQuery((db) => accessQuery(db, sql.placeholder("projectId"), sql.placeholder("userId")));

/**
 * The project, whether the caller is on its crew, and what that allows, in one statement; `lock` takes the
 * project row for the transaction (two changes to one project run one after the other). Throws 404 for an id
 * that names no project and 403 with `denied` when the caller lacks `need`.
 */
export async function projectFor(
  db: DbOrTx,
  caller: Pick<Caller, "id" | "role">,
  projectId: string,
  opts: { need?: Need; lock?: boolean; denied?: string } = {},
): Promise<ProjectAccess> {
  if (!isUuid(projectId)) throw noProject();
  const [row] = opts.lock
    ? await accessQuery(db, projectId, caller.id).for("update", { of: projects })
    : await access(db, { projectId, userId: caller.id });
  if (!row) throw noProject();
  const member = !!row.member;
  const canEdit = mayEdit(caller, member);
  const need = opts.need ?? "read";
  if ((need === "edit" && !canEdit) || (need === "crew" && !member)) {
    throw new AppError(
      "forbidden",
      opts.denied ?? "Only the project's crew, staff and admins can change this project.",
    );
  }
  return {
    project: { ...row.project, supervisorName: row.supervisorName, supervisorEmail: row.supervisorEmail },
    member,
    canEdit,
    contactsVisible: contactsVisible(caller, member),
  };
}

/**
 * The project's owner, its crew leads and its producers: who answer for its paperwork (the greenlight, hazards,
 * certificates) and are told when it comes due or goes wrong.
 */
export async function producersOf(tx: DbOrTx, projectId: string, ownerId: string | null): Promise<string[]> {
  const crew = await tx
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        or(eq(projectMembers.isLead, true), sql`${projectMembers.roles} @> '["producer"]'::jsonb`),
      ),
    );
  return [...new Set([...(ownerId ? [ownerId] : []), ...crew.map((c) => c.id)])];
}
