import { eq } from "drizzle-orm";
import type { Services } from "../../context.ts";
import { productionContacts, projects } from "../../db/schema/index.ts";

/** The demo's contacts of "The Weight of Water": the harbour café's owner, the lighting rental and two actors. */
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
        role: "Owner, Harbour Café",
        phone: "+41 79 412 88 10",
        email: "marta@harbourcafe.example",
        notes: "Keys from the bar staff after 6 am; no filming in the kitchen.",
      },
      {
        name: "Lumen Rentals",
        kind: "vendor",
        role: "Lighting and grip rental",
        phone: "+41 44 310 22 00",
        email: "desk@lumenrentals.example",
        notes: "Pick-up Fridays before 4 pm; the school's certificate is on file.",
      },
      { name: "Clara Wu", kind: "cast", role: "Anna", phone: "+41 78 640 11 23", email: "clara.wu@example.com" },
      { name: "Jonas Brandt", kind: "cast", role: "Ben", phone: "+41 76 555 90 12", email: "jonas.brandt@example.com" },
    ].map((c) => ({ projectId: project.id, ...c })),
  );
}
