import { and, eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { documents, signatureSigners, signatureSubmissions } from "../../db/schema/index.ts";
import { renderPdf } from "../../lib/pdf-table.ts";
import { inPersonLink, openSigning, sign, uploadDocument } from "../documents/index.ts";
import { DAY_MS, isoDay } from "../../../common/time.ts";
import { getSchedule, saveCast, updateShootDay } from "./index.ts";

/**
 * On "The Weight of Water", INES (17 in the script) is played by a minor, Hanna Brunner: her guardian's consent
 * sent through the signing flow and signed and sealed by it, her work permit filed, a chaperone named on her days, and she is sent
 * home at 22:00 on the night at the ferry terminal. The dawn shoot on the ferry is planned to wrap at 17:00:
 * thirteen hours from the 04:00 call, so the crew see a 12-hour warning and Hanna's 10 hours are exceeded.
 * The consent's mails (the request, the signed copy) are queued; the caller moves them to the outbox with the
 * demo's other mail.
 */
export async function seedMinorsAndHours(s: Services, opts: { caller: Caller; projectId: string }) {
  const schedule = await getSchedule(s, opts);
  if (!schedule.cast.some((c) => c.character === "INES" && c.actorName) || schedule.days.length < 3) return;
  const permitBytes = await renderPdf({
    title: "Child performance licence",
    facts: [
      ["Child", "Hanna Brunner"],
      ["Production", schedule.projectTitle],
      ["Issued by", "Cantonal office for youth employment"],
      ["Valid until", isoDay(new Date(Date.now() + 60 * DAY_MS))],
    ],
    sections: [
      {
        heading: "Conditions",
        widths: [1],
        rows: [{ cells: ["At most 10 hours on set a day, no work after 22:00, a chaperone present at all times."] }],
      },
    ],
  });
  const permit = await uploadDocument(s, {
    ...opts,
    fileName: "Work permit - Hanna Brunner.pdf",
    title: "Work permit — Hanna Brunner",
    category: "permits",
    bytes: permitBytes,
  });
  await saveCast(s, {
    ...opts,
    input: {
      character: "INES",
      actorName: "Hanna Brunner",
      email: "hanna.brunner@example.com",
      phone: "+41 79 555 01 12",
      // Seventeen on every shoot day of the demo.
      dateOfBirth: isoDay(new Date(Date.now() - (17 * 365 + 120) * DAY_MS)),
      guardianName: "Elisabeth Brunner",
      guardianEmail: "elisabeth.brunner@example.com",
      permitDocumentId: permit.id,
      permitExpiresOn: isoDay(new Date(Date.now() + 60 * DAY_MS)),
    },
  });
  await signConsentOnSet(s, opts);
  const [flat, night, dawn] = (await getSchedule(s, opts)).days;
  await updateShootDay(s, {
    ...opts,
    dayId: flat!.id,
    input: {
      version: flat!.version,
      wrap: "01:00",
      meal: "21:00",
      castWraps: { INES: "21:30" },
      chaperones: { INES: "Elisabeth Brunner (mother)" },
    },
  });
  await updateShootDay(s, {
    ...opts,
    dayId: night!.id,
    input: {
      version: night!.version,
      wrap: "02:00",
      meal: "22:00",
      castWraps: { INES: "22:00" },
      chaperones: { INES: "Elisabeth Brunner (mother)" },
    },
  });
  await updateShootDay(s, {
    ...opts,
    dayId: dawn!.id,
    input: {
      version: dawn!.version,
      wrap: "17:00",
      meal: "09:30",
      chaperones: { INES: "Tobias Wirz (studio teacher)" },
    },
  });
}

/**
 * The guardian signs the consent on set, on her phone, through the link the app shows for signing in person: the
 * same signing as any signer's, so the demo's consent is sealed with its audit certificate, stands in the
 * documents as the newest version and goes into the delivery archive.
 */
async function signConsentOnSet(s: Services, opts: { caller: Caller; projectId: string }) {
  const [consent] = await s.db
    .select({ submissionId: signatureSubmissions.id, signerId: signatureSigners.id })
    .from(signatureSubmissions)
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .innerJoin(signatureSigners, eq(signatureSigners.submissionId, signatureSubmissions.id))
    .where(
      and(
        eq(documents.projectId, opts.projectId),
        eq(documents.template, "minor_consent"),
        eq(signatureSubmissions.status, "pending"),
      ),
    );
  if (!consent) return;
  const { url } = await inPersonLink(s, { caller: opts.caller, ...consent });
  const link = { ...consent, token: new URL(url).searchParams.get("token") ?? undefined, client: GUARDIAN_PHONE };
  await openSigning(s, link);
  await sign(s, { ...link, input: { kind: "typed", consent: true, text: "Elisabeth Brunner" } });
}

const GUARDIAN_PHONE = {
  ip: "192.0.2.40",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile Safari",
};
