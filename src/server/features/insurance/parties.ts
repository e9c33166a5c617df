/** The locations and vendors a certificate covers: picked from the production's contacts or typed, and saved back. */
import type { InsuranceParty, InsurancePartyDto, InsurancePartyInput } from "../../../common/insurance.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { contactsOfProject, saveAsContacts } from "../production-contacts/index.ts";
import { contactsFor } from "../projects/contacts.ts";

type Parsed = InsurancePartyInput & { contactId: string | null; save: boolean };

/**
 * The parties as the request keeps them. A picked contact fills each field the form left out (what the person
 * edited wins); a typed party with `save` becomes a production contact, which only the crew may add.
 * Returns whether any was saved, so the contacts list is told.
 */
export async function resolveParties(
  tx: DbOrTx,
  projectId: string,
  inputs: Parsed[],
  crew: boolean,
): Promise<{ parties: InsuranceParty[]; saved: boolean }> {
  const picked = await contactsOfProject(
    tx,
    projectId,
    inputs.flatMap((p) => (p.contactId ? [p.contactId] : [])),
  );
  const parties = inputs.map((p): InsuranceParty => {
    const c = p.contactId ? picked.get(p.contactId) : undefined;
    if (p.contactId && !c)
      throw new AppError("bad_request", "A contact you picked is no longer on this production's contacts.");
    const name = p.name ?? c?.name ?? "";
    if (!name) throw new AppError("bad_request", "Give each covered location or vendor a name.");
    return {
      kind: p.kind,
      contactId: p.contactId,
      name,
      address: p.address ?? c?.address ?? "",
      phone: p.phone ?? c?.phone ?? "",
      email: p.email ?? c?.email ?? "",
    };
  });
  const toSave = parties.flatMap((party, i) => (inputs[i]!.save && !party.contactId ? [i] : []));
  if (toSave.length && !crew)
    throw new AppError("forbidden", "Only the project's crew can add to its contacts; untick “Save to contacts”.");
  const ids = await saveAsContacts(
    tx,
    projectId,
    toSave.map((i) => {
      const { contactId: _, ...fields } = parties[i]!;
      return fields;
    }),
  );
  toSave.forEach((i, n) => (parties[i] = { ...parties[i]!, contactId: ids[n]! }));
  return { parties, saved: ids.length > 0 };
}

/** The parties as a caller may see them: the address is what is insured; phone and e-mail follow the contacts rule. */
export const partiesFor = (parties: InsuranceParty[], visible: boolean): InsurancePartyDto[] =>
  parties.map(({ phone, email, ...rest }) => ({ ...rest, ...contactsFor({ phone, email }, visible) }));
