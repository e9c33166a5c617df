import { and, eq, inArray } from "drizzle-orm";
import type { ProductionContactKind } from "../../../common/production-contacts.ts";
import type { DbOrTx } from "../../db/client.ts";
import { productionContacts } from "../../db/schema/index.ts";

/** What other domains (insurance requests) read of and add to a production's contacts; access is theirs to check. */

export interface ContactFields {
  kind: ProductionContactKind;
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The contacts among `ids` that belong to the project, by id; an id of another project is simply absent. */
export async function contactsOfProject(
  db: DbOrTx,
  projectId: string,
  ids: string[],
): Promise<Map<string, ContactFields & { id: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productionContacts)
    .where(and(eq(productionContacts.projectId, projectId), inArray(productionContacts.id, ids)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind as ProductionContactKind,
        name: r.name,
        address: r.address,
        phone: r.phone,
        email: r.email,
      },
    ]),
  );
}

/** Adds each to the project's contacts, in the caller's transaction; the new ids in the same order. */
export async function saveAsContacts(tx: DbOrTx, projectId: string, items: ContactFields[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(productionContacts)
    .values(items.map((c) => ({ projectId, ...c })))
    .returning({ id: productionContacts.id });
  return rows.map((r) => r.id);
}
