import { and, asc, eq, exists, inArray, or, sql } from "drizzle-orm";
import {
  CALL_SHEET_CONTACT_KINDS,
  contactDaysInput,
  type CallSheetProductionContact,
  type ContactDaysInput,
  type ProductionContactKind,
  type ProductionContactsDto,
} from "../../../common/production-contacts.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { productionContactDays, productionContacts, shootDays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { contactsFor } from "../projects/contacts.ts";
import { change, noContact, type S } from "./service.ts";

/**
 * Which call sheets list a contact (issue 20). A production that never chose days keeps every location and
 * vendor on every sheet, as before; once one contact has a day or "every day", each sheet lists its own.
 */

export async function setContactDays(
  s: S,
  opts: { caller: Caller; projectId: string; contactId: string; input: ContactDaysInput },
): Promise<ProductionContactsDto> {
  const input = contactDaysInput.parse(opts.input);
  if (!isUuid(opts.contactId)) throw noContact();
  const dayIds = [...new Set(input.dayIds)];
  return change(s, opts, async (tx, projectId) => {
    const done = await tx
      .update(productionContacts)
      .set({ everyDay: input.everyDay, updatedAt: new Date() })
      .where(and(eq(productionContacts.id, opts.contactId), eq(productionContacts.projectId, projectId)))
      .returning({ id: productionContacts.id });
    if (done.length === 0) throw noContact();
    if (dayIds.length) {
      const ours = await tx
        .select({ id: shootDays.id })
        .from(shootDays)
        .where(and(eq(shootDays.projectId, projectId), inArray(shootDays.id, dayIds)));
      if (ours.length !== dayIds.length)
        throw new AppError("bad_request", "Choose shoot days from this production's schedule.");
    }
    await tx.delete(productionContactDays).where(eq(productionContactDays.contactId, opts.contactId));
    if (dayIds.length)
      await tx
        .insert(productionContactDays)
        .values(dayIds.map((shootDayId) => ({ contactId: opts.contactId, shootDayId })));
  });
}

/**
 * The contacts the call sheet of `dayId` lists, as `visible` allows: without phone and e-mail for a caller
 * outside the crew, staff and admins (the contacts rule).
 */
export async function callSheetContacts(
  db: DbOrTx,
  projectId: string,
  dayId: string,
  visible: boolean,
): Promise<CallSheetProductionContact[]> {
  const withDays = (day?: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(productionContactDays)
        .where(
          and(
            eq(productionContactDays.contactId, productionContacts.id),
            day ? eq(productionContactDays.shootDayId, day) : undefined,
          ),
        ),
    );
  const [choice] = await db
    .select({ id: productionContacts.id })
    .from(productionContacts)
    .where(and(eq(productionContacts.projectId, projectId), or(eq(productionContacts.everyDay, true), withDays())))
    .limit(1);
  const rows = await db
    .select()
    .from(productionContacts)
    .where(
      and(
        eq(productionContacts.projectId, projectId),
        choice
          ? or(eq(productionContacts.everyDay, true), withDays(dayId))
          : inArray(productionContacts.kind, [...CALL_SHEET_CONTACT_KINDS]),
      ),
    )
    .orderBy(asc(productionContacts.kind), asc(productionContacts.name));
  return rows.map((r) =>
    contactsFor(
      { name: r.name, kind: r.kind as ProductionContactKind, role: r.role, phone: r.phone, email: r.email },
      visible,
    ),
  );
}
