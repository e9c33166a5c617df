import { and, eq } from "drizzle-orm";
import type { Services } from "../../context.ts";
import { productionContactDays, productionContacts, projects, shootDays } from "../../db/schema/index.ts";

/**
 * The demo's contacts of "The Weight of Water": the harbour flat's owner (on the call sheet of the day shot
 * there), the lighting rental (every day) and two actors; the insurance requests pick from them.
 */
export async function seedProductionContacts(s: Pick<Services, "db">): Promise<void> {
  const [project] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "The Weight of Water"));
  if (!project) return;
  const made = await s.db
    .insert(productionContacts)
    .values(
      [
        {
          name: "Marta Keller",
          kind: "location",
          role: "Owner, Harbour flat and café",
          phone: "+41 79 412 88 10",
          email: "marta@harbourcafe.example",
          address: "Seestrasse 12, Northbridge",
          notes: "Keys from the bar staff after 6 am; no filming in the kitchen.",
        },
        {
          name: "Lumen Rentals",
          kind: "vendor",
          role: "Lighting and grip rental",
          phone: "+41 44 310 22 00",
          email: "desk@lumenrentals.example",
          address: "Industriestrasse 8, Northbridge",
          everyDay: true,
          notes: "Pick-up Fridays before 4 pm; the school's certificate is on file.",
        },
        { name: "Clara Wu", kind: "cast", role: "Anna", phone: "+41 78 640 11 23", email: "clara.wu@example.com" },
        {
          name: "Jonas Brandt",
          kind: "cast",
          role: "Ben",
          phone: "+41 76 555 90 12",
          email: "jonas.brandt@example.com",
        },
      ].map((c) => ({ projectId: project.id, ...c })),
    )
    .returning({ id: productionContacts.id, name: productionContacts.name });
  const [flat] = await s.db
    .select({ id: shootDays.id })
    .from(shootDays)
    .where(and(eq(shootDays.projectId, project.id), eq(shootDays.location, "Harbour flat")));
  const owner = made.find((c) => c.name === "Marta Keller");
  if (flat && owner) await s.db.insert(productionContactDays).values({ contactId: owner.id, shootDayId: flat.id });
}
