import { and, asc, eq, exists, inArray, ne, or, sql } from "drizzle-orm";
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
    const [contact] = await tx
      .select({ kind: productionContacts.kind })
      .from(productionContacts)
      .where(and(eq(productionContacts.id, opts.contactId), eq(productionContacts.projectId, projectId)));
    if (!contact) throw noContact();
    if (input.sceneLocation && contact.kind !== "location")
      throw new AppError("bad_request", "Only a location contact can be linked to a scene location.");
    if (input.character && contact.kind !== "cast")
      throw new AppError("bad_request", "Only a cast contact can be linked to a character.");
    const done = await tx
      .update(productionContacts)
      .set({
        everyDay: input.everyDay,
        ...(input.sceneLocation !== undefined ? { sceneLocation: input.sceneLocation } : {}),
        ...(input.character !== undefined ? { character: input.character } : {}),
        updatedAt: new Date(),
      })
      .where(eq(productionContacts.id, opts.contactId))
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

/** What the call sheet knows of its day: the scene locations it shoots and the characters who work. */
export interface ContactDay {
  id: string;
  locations: string[];
  characters: string[];
}

/**
 * The contacts the call sheet of `day` lists, each with why, as `visible` allows: without phone and e-mail for
 * a caller outside the crew, staff and admins (the contacts rule). One rule for the page, the PDF and the mail.
 */
export async function callSheetContacts(
  db: DbOrTx,
  projectId: string,
  day: ContactDay,
  visible: boolean,
): Promise<CallSheetProductionContact[]> {
  const withDays = (dayId?: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(productionContactDays)
        .where(
          and(
            eq(productionContactDays.contactId, productionContacts.id),
            dayId ? eq(productionContactDays.shootDayId, dayId) : undefined,
          ),
        ),
    );
  const linkedTo = (locations?: string[], characters?: string[]) =>
    or(
      and(
        eq(productionContacts.kind, "location"),
        locations ? inArray(productionContacts.sceneLocation, locations) : ne(productionContacts.sceneLocation, ""),
      ),
      and(
        eq(productionContacts.kind, "cast"),
        characters ? inArray(productionContacts.character, characters) : ne(productionContacts.character, ""),
      ),
    );
  const [choice] = await db
    .select({ id: productionContacts.id })
    .from(productionContacts)
    .where(
      and(
        eq(productionContacts.projectId, projectId),
        or(eq(productionContacts.everyDay, true), withDays(), linkedTo()),
      ),
    )
    .limit(1);
  // inArray with an empty list matches nothing, as a day without scenes shoots nowhere and nobody works.
  const rows = await db
    .select({ contact: productionContacts, ticked: sql<boolean>`${withDays(day.id)}` })
    .from(productionContacts)
    .where(
      and(
        eq(productionContacts.projectId, projectId),
        choice
          ? or(eq(productionContacts.everyDay, true), withDays(day.id), linkedTo(day.locations, day.characters))
          : inArray(productionContacts.kind, [...CALL_SHEET_CONTACT_KINDS]),
      ),
    )
    .orderBy(asc(productionContacts.kind), asc(productionContacts.name));
  return rows.map(({ contact: r, ticked }) =>
    contactsFor(
      {
        name: r.name,
        kind: r.kind as ProductionContactKind,
        role: r.role,
        phone: r.phone,
        email: r.email,
        why: choice ? whyListed(r, ticked, day) : "",
      },
      visible,
    ),
  );
}

/** The first reason that holds, in the order a person would give it. */
function whyListed(
  r: Pick<typeof productionContacts.$inferSelect, "everyDay" | "kind" | "sceneLocation" | "character">,
  ticked: boolean,
  day: ContactDay,
): string {
  if (r.everyDay) return "Every day";
  if (ticked) return "Chosen for this day";
  if (r.kind === "location" && day.locations.includes(r.sceneLocation)) return `Scenes at ${r.sceneLocation}`;
  if (r.kind === "cast" && day.characters.includes(r.character)) return `${r.character} works today`;
  return "";
}
