import { and, eq, sql } from "drizzle-orm";
import { addBusinessDays, isoDay } from "../../../common/time.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { productionContacts, profiles, projects, schoolSettings } from "../../db/schema/index.ts";
import { renderPdf } from "../../lib/pdf-table.ts";
import { answerInPortal, createRequest } from "./index.ts";

const callerOf = async (s: Pick<Services, "db">, email: string): Promise<Caller | null> => {
  const [p] = await s.db
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.email, email));
  return p ?? null;
};

/**
 * The demo's insurance office (the production office's Daniel Reyes, and an address of its own), and two requests of
 * "The Weight of Water": the ferry's certificate issued (in its documents, under Insurance) and the camera rental's
 * still with the office. Made through the domain's own functions, so the demo shows what the portal makes.
 */
export async function seedInsurance(s: Services): Promise<void> {
  const [office, lead] = await Promise.all([callerOf(s, "staff@portal.test"), callerOf(s, "amara.diallo@portal.test")]);
  const [project] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "The Weight of Water"));
  if (!office || !lead || !project) return;
  await s.db.update(schoolSettings).set({
    settings: sql`${schoolSettings.settings} || ${JSON.stringify({
      insuranceOfficeUserId: office.id,
      insuranceOfficeEmail: "insurance@portal.test",
      insuranceEndorsement: false,
      insuranceLeadDays: 5,
    })}::jsonb`,
  });
  const [lumen] = await s.db
    .select({ id: productionContacts.id })
    .from(productionContacts)
    .where(and(eq(productionContacts.projectId, project.id), eq(productionContacts.name, "Lumen Rentals")));
  const from = addBusinessDays(isoDay(new Date()), 6);
  const to = addBusinessDays(from, 2);
  const opts = { caller: lead, projectId: project.id };
  const ferry = await createRequest(s, {
    ...opts,
    input: {
      subject: "location",
      description: "Ferry MS Helvetia and the terminal's Gate B",
      address: "Quai du Lac 1, Northbridge",
      startsOn: from,
      endsOn: to,
      holderName: "Lake Navigation Company",
      holderAddress: "Quai du Lac 1, Northbridge",
      notes: "They ask for 5 million in public liability.",
      // Typed in the request and saved to the production's contacts with it.
      parties: [
        {
          kind: "location",
          name: "Lake Navigation Company",
          address: "Quai du Lac 1, Northbridge",
          phone: "+41 44 200 30 40",
          email: "charter@lakenavigation.example",
          save: true,
        },
      ],
    },
  });
  await createRequest(s, {
    ...opts,
    input: {
      subject: "rental",
      description: "Camera and lighting package from Lumen Rentals",
      address: "Industriestrasse 8, Northbridge",
      startsOn: from,
      endsOn: addBusinessDays(to, 1),
      holderName: "Lumen Rentals Ltd",
      holderAddress: "Industriestrasse 8, Northbridge",
      notes: "",
      // Picked from the production's contacts: name, address, phone and e-mail come from there.
      parties: lumen ? [{ kind: "vendor", contactId: lumen.id }] : [],
    },
  });
  const certificate = await renderPdf({
    title: "Certificate of insurance",
    facts: [
      ["Insured", "Northbridge Film School and its student production “The Weight of Water”"],
      ["Certificate holder", "Lake Navigation Company, Quai du Lac 1, Northbridge"],
      ["Location", "Ferry MS Helvetia and the terminal's Gate B"],
      ["Period", `${from} to ${to}`],
      ["Public liability", "5,000,000 per occurrence"],
    ],
    sections: [],
  });
  await answerInPortal(s, {
    caller: office,
    requestId: ferry.id,
    fileName: "certificate-ms-helvetia.pdf",
    bytes: certificate,
  });
}
