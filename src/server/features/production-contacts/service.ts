import { and, asc, eq, inArray } from "drizzle-orm";
import {
  productionContactInput,
  type ProductionContactDto,
  type ProductionContactInput,
  type ProductionContactKind,
  type ProductionContactsDto,
} from "../../../common/production-contacts.ts";
import { keys } from "../../../common/query-keys.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { productionContactDays, productionContacts } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { projectFor } from "../projects/access.ts";

/**
 * A production's shared contacts (issue 20). The list is the crew's: the crew, staff and admins read it
 * (those who see a project's contact details, `projects/contacts.ts`), the crew alone change it. The call
 * sheet reads the day's contacts through `callSheetContacts`, which leaves out phone and e-mail for others.
 */

export type S = Pick<Services, "db" | "events">;
type Row = typeof productionContacts.$inferSelect;

export const READ_DENIED = "Only the project's crew, its supervisor, staff and admins can see its contacts.";
export const EDIT_DENIED = "Only the project's crew can change its contacts.";

const dto = (r: Row, dayIds: string[]): ProductionContactDto => ({
  id: r.id,
  name: r.name,
  kind: r.kind as ProductionContactKind,
  role: r.role,
  phone: r.phone,
  email: r.email,
  address: r.address,
  notes: r.notes,
  everyDay: r.everyDay,
  dayIds,
  sceneLocation: r.sceneLocation,
  character: r.character,
});

export const noContact = () => new AppError("not_found", "There is no contact with this id on this project.");

async function rowsOf(db: DbOrTx, projectId: string) {
  return db
    .select()
    .from(productionContacts)
    .where(eq(productionContacts.projectId, projectId))
    .orderBy(asc(productionContacts.name), asc(productionContacts.createdAt));
}

export async function listContacts(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string },
): Promise<ProductionContactsDto> {
  const access = await projectFor(s.db, opts.caller, opts.projectId, { need: "edit", denied: READ_DENIED });
  const rows = await rowsOf(s.db, access.project.id);
  const days = rows.length
    ? await s.db
        .select()
        .from(productionContactDays)
        .where(
          inArray(
            productionContactDays.contactId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const daysOf = (id: string) => days.filter((d) => d.contactId === id).map((d) => d.shootDayId);
  return { contacts: rows.map((r) => dto(r, daysOf(r.id))), canEdit: access.member };
}

export async function publishContacts(s: Pick<S, "events">, projectId: string) {
  // The call sheet lists the vendors and locations among them.
  await s.events.publish({
    type: "production-contacts.changed",
    invalidate: [keys.productionContacts(projectId), keys.schedule(projectId)],
    data: { projectId },
  });
}

export async function change(
  s: S,
  opts: { caller: Caller; projectId: string },
  work: (tx: DbOrTx, projectId: string) => Promise<void>,
): Promise<ProductionContactsDto> {
  await s.db.transaction(async (tx) => {
    const { project } = await projectFor(tx, opts.caller, opts.projectId, {
      need: "crew",
      lock: true,
      denied: EDIT_DENIED,
    });
    await work(tx, project.id);
  });
  await publishContacts(s, opts.projectId);
  return listContacts(s, opts);
}

export async function createContact(
  s: S,
  opts: { caller: Caller; projectId: string; input: ProductionContactInput },
): Promise<ProductionContactsDto> {
  const input = productionContactInput.parse(opts.input);
  return change(s, opts, async (tx, projectId) => {
    await tx.insert(productionContacts).values({ projectId, ...input });
  });
}

export async function updateContact(
  s: S,
  opts: { caller: Caller; projectId: string; contactId: string; input: ProductionContactInput },
): Promise<ProductionContactsDto> {
  const input = productionContactInput.parse(opts.input);
  if (!isUuid(opts.contactId)) throw noContact();
  return change(s, opts, async (tx, projectId) => {
    const done = await tx
      .update(productionContacts)
      // A link fits one kind: a contact that changes kind drops the other kind's link.
      .set({
        ...input,
        ...(input.kind !== "location" ? { sceneLocation: "" } : {}),
        ...(input.kind !== "cast" ? { character: "" } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(productionContacts.id, opts.contactId), eq(productionContacts.projectId, projectId)))
      .returning({ id: productionContacts.id });
    if (done.length === 0) throw noContact();
  });
}

export async function deleteContact(
  s: S,
  opts: { caller: Caller; projectId: string; contactId: string },
): Promise<ProductionContactsDto> {
  if (!isUuid(opts.contactId)) throw noContact();
  return change(s, opts, async (tx, projectId) => {
    const done = await tx
      .delete(productionContacts)
      .where(and(eq(productionContacts.id, opts.contactId), eq(productionContacts.projectId, projectId)))
      .returning({ id: productionContacts.id });
    if (done.length === 0) throw noContact();
  });
}
