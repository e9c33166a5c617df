import { and, asc, eq, inArray } from "drizzle-orm";
import {
  CALL_SHEET_CONTACT_KINDS,
  productionContactInput,
  type CallSheetProductionContact,
  type ProductionContactDto,
  type ProductionContactInput,
  type ProductionContactKind,
  type ProductionContactsDto,
} from "../../../common/production-contacts.ts";
import { keys } from "../../../common/query-keys.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { productionContacts } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { projectFor } from "../projects/access.ts";
import { contactsFor } from "../projects/contacts.ts";

/**
 * A production's shared contacts (issue 20). The list is the crew's: the crew, staff and admins read it
 * (those who see a project's contact details, `projects/contacts.ts`), the crew alone change it. The call
 * sheet reads the day's contacts through `callSheetContacts`, which leaves out phone and e-mail for others.
 */

export type S = Pick<Services, "db" | "events">;
type Row = typeof productionContacts.$inferSelect;

const READ_DENIED = "Only the project's crew, its supervisor, staff and admins can see its contacts.";
const EDIT_DENIED = "Only the project's crew can change its contacts.";

const dto = (r: Row): ProductionContactDto => ({
  id: r.id,
  name: r.name,
  kind: r.kind as ProductionContactKind,
  role: r.role,
  phone: r.phone,
  email: r.email,
  notes: r.notes,
});

const noContact = () => new AppError("not_found", "There is no contact with this id on this project.");

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
  return { contacts: rows.map(dto), canEdit: access.member };
}

async function publish(s: S, projectId: string) {
  // The call sheet lists the vendors and locations among them.
  await s.events.publish({
    type: "production-contacts.changed",
    invalidate: [keys.productionContacts(projectId), keys.schedule(projectId)],
    data: { projectId },
  });
}

async function change(
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
  await publish(s, opts.projectId);
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
      .set({ ...input, updatedAt: new Date() })
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

/**
 * The contacts a call sheet lists (the kinds in `CALL_SHEET_CONTACT_KINDS`), as `visible` allows: without
 * phone and e-mail for a caller outside the crew, staff and admins (the contacts rule).
 */
export async function callSheetContacts(
  db: DbOrTx,
  projectId: string,
  visible: boolean,
): Promise<CallSheetProductionContact[]> {
  const rows = await db
    .select()
    .from(productionContacts)
    .where(
      and(eq(productionContacts.projectId, projectId), inArray(productionContacts.kind, [...CALL_SHEET_CONTACT_KINDS])),
    )
    .orderBy(asc(productionContacts.kind), asc(productionContacts.name));
  return rows.map((r) =>
    contactsFor(
      { name: r.name, kind: r.kind as ProductionContactKind, role: r.role, phone: r.phone, email: r.email },
      visible,
    ),
  );
}
