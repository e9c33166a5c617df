import { and, eq, inArray } from "drizzle-orm";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { projectMembers } from "../../db/schema/index.ts";
import { isMember } from "./repository.ts";

/**
 * The one privacy rule for contact details (GDPR data minimisation, decision 2026-11-24-contacts-privacy):
 * the phone numbers, e-mail and postal addresses of a project's cast, crew and outside signers go only to
 * the project's crew, staff and admins. Everyone else signed in still sees names and roles. Every answer
 * that carries a person's contact fields passes them through `contactsFor`, with `canSeeContacts` deciding.
 */

/** The fields of a person that say how to reach them; an answer without them still names the person. */
export const CONTACT_FIELDS = ["email", "phone", "address", "approverEmail"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The crew, staff and admins of a project see how to reach its people. */
export const contactsVisible = (caller: Pick<Caller, "role">, member: boolean) => member || isStaff(caller.role);

/** `contactsVisible` when the caller's membership is not yet known (no statement for staff). */
export async function canSeeContacts(
  db: DbOrTx,
  caller: Pick<Caller, "id" | "role">,
  projectId: string,
): Promise<boolean> {
  return contactsVisible(caller, isStaff(caller.role) || (await isMember(db, projectId, caller.id)));
}

/**
 * The person as this caller may see them: unchanged when contacts are visible, else without any contact
 * field (absent, not emptied, so nobody mistakes a hidden address for a missing one).
 */
export function contactsFor<T extends object>(person: T, visible: boolean): T {
  if (visible) return person;
  const copy = { ...person } as Record<string, unknown>;
  for (const field of CONTACT_FIELDS) delete copy[field];
  return copy as T;
}

/**
 * The people directory's rule: whose e-mail a caller may see among `personIds`. Staff and admins see every
 * one; others their own and those of people they share a crew with.
 */
export async function emailsVisibleTo(
  db: DbOrTx,
  caller: Pick<Caller, "id" | "role">,
  personIds: string[],
): Promise<(id: string) => boolean> {
  if (isStaff(caller.role)) return () => true;
  if (personIds.length === 0) return (id) => id === caller.id;
  const mine = db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, caller.id));
  const rows = await db
    .selectDistinct({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(inArray(projectMembers.userId, personIds), inArray(projectMembers.projectId, mine)));
  const shared = new Set(rows.map((r) => r.userId));
  return (id) => id === caller.id || shared.has(id);
}

/** The projects among `projectIds` whose contacts the caller may see. */
export async function projectsWithContacts(
  db: DbOrTx,
  caller: Pick<Caller, "id" | "role">,
  projectIds: string[],
): Promise<(projectId: string) => boolean> {
  if (isStaff(caller.role)) return () => true;
  if (projectIds.length === 0) return () => false;
  const rows = await db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, caller.id), inArray(projectMembers.projectId, projectIds)));
  const crew = new Set(rows.map((r) => r.projectId));
  return (id) => crew.has(id);
}
