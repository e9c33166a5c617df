import { eq } from "drizzle-orm";
import type { Services } from "../../context.ts";
import { productionContacts, projects } from "../../db/schema/index.ts";

/**
 * The demo's contacts of "The Weight of Water": the harbour flat's owner (linked to the script's harbour flat, so
 * on the call sheet of the day that shoots there without a ticked day), the lighting rental (every day), two
 * actors of an earlier casting and the mother's actor (linked to MOTHER: on the ferry terminal day's sheet); the
 * insurance requests pick from them.
 */
export async function seedProductionContacts(s: Pick<Services, "db">): Promise<void> {
  const [project] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "The Weight of Water"));
  if (!project) return;
  await s.db.insert(productionContacts).values(
    [
      {
        name: "Marta Keller",
        kind: "location",
        role: "Owner, Harbour flat and café",
        phone: "+41 79 412 88 10",
        email: "marta@harbourcafe.example",
        address: "Seestrasse 12, Northbridge",
        notes: "Keys from the bar staff after 6 am; no filming in the kitchen.",
        sceneLocation: "HARBOUR FLAT - KITCHEN",
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
      {
        name: "Lucia Ferraro",
        kind: "cast",
        role: "Mother",
        phone: "+41 76 555 07 21",
        notes: "No e-mail: call her, or her neighbour after 8 pm.",
        character: "MOTHER",
      },
    ].map((c) => ({ projectId: project.id, ...c })),
  );
}
