import { and, eq, inArray } from "drizzle-orm";
import { hospitals, profiles, projects, schoolLocations, shootDays } from "../../db/schema/index.ts";
import type { Services } from "../../context.ts";
import { hospitalLine } from "../../../common/locations.ts";

/**
 * The demo's location library: two hospitals and the places "The Weight of Water" shoots at, its shoot days
 * picked from them (so their call sheets carry the hospital and whom to call), and a café a past production added.
 */
export async function seedLocations(s: Pick<Services, "db">): Promise<void> {
  const [staff] = await s.db
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.email, "staff@portal.test"));
  if (!staff) return;
  const [lakeside, cantonal] = await s.db
    .insert(hospitals)
    .values([
      {
        name: "Lakeside Hospital",
        address: "Seeweg 4, Northbridge",
        phone: "+41 31 555 20 00",
        emergencyPhone: "144",
      },
      {
        name: "Cantonal Hospital Northbridge",
        address: "Spitalgasse 20, Northbridge",
        phone: "+41 31 555 30 00",
        emergencyPhone: "144",
      },
    ])
    .returning();
  const by = { addedBy: staff.id, addedByName: staff.name };
  const places = await s.db
    .insert(schoolLocations)
    .values([
      {
        name: "Harbour flat",
        address: "Seestrasse 12, 2nd floor",
        contactName: "Mrs Keller (owner)",
        contactPhone: "+41 79 555 12 12",
        parking: "Two spaces in the courtyard; the street is blue zone.",
        notes: "The lift takes a dolly; the neighbours ask for quiet after 22:00.",
        hospitalId: cantonal!.id,
        ...by,
      },
      {
        name: "Lake ferry terminal",
        address: "Quai du Lac 1, Gate B",
        contactName: "Luca Moretti (terminal manager)",
        contactPhone: "+41 79 555 40 40",
        parking: "Staff car park P2 with the permit from the terminal office.",
        notes: "Passengers keep right of way at Gate B; shoot between ferries.",
        hospitalId: lakeside!.id,
        ...by,
      },
      {
        name: "Ferry MS Helvetia",
        address: "Quai du Lac 1, berth 3",
        contactName: "Captain Ruth Baumann",
        contactPhone: "+41 79 555 41 41",
        parking: "As the terminal: P2.",
        notes: "Life jackets on deck at all times; twelve people on board at most.",
        hospitalId: lakeside!.id,
        ...by,
      },
    ])
    .returning();
  const [past] = await s.db.select({ id: projects.id }).from(projects).where(eq(projects.title, "Small Hours"));
  await s.db.insert(schoolLocations).values({
    name: "Café Central",
    address: "Marktplatz 3, Northbridge",
    contactName: "Jonas (manager)",
    contactPhone: "+41 31 555 77 77",
    parking: "None: come by tram.",
    notes: "Closed Mondays, which is when they let crews in.",
    hospitalId: cantonal!.id,
    projectId: past?.id ?? null,
    ...by,
  });
  const [weight] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "The Weight of Water"));
  if (!weight) return;
  for (const place of places) {
    const hospital = place.hospitalId === lakeside!.id ? lakeside! : cantonal!;
    await s.db
      .update(shootDays)
      .set({ locationId: place.id, hospital: hospitalLine(hospital) })
      .where(and(eq(shootDays.projectId, weight.id), inArray(shootDays.location, [place.name])));
  }
}
