import { and, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { documents, signatureSigners, signatureSubmissions } from "../../db/schema/index.ts";
import { renderPdf } from "../../lib/pdf-table.ts";
import { uploadDocument } from "../documents/index.ts";
import { DAY_MS, isoDay } from "../../../common/time.ts";
import { getSchedule, saveCast, updateShootDay } from "./index.ts";

/**
 * On "The Weight of Water", INES (17 in the script) is played by a minor, Hanna Brunner: her guardian's consent
 * sent through the signing flow and signed, her work permit filed, a chaperone named on her days, and she is sent
 * home at 22:00 on the night at the ferry terminal. The dawn shoot on the ferry is planned to wrap at 17:00:
 * thirteen hours from the 04:00 call, so the crew see a 12-hour warning and Hanna's 10 hours are exceeded.
 * The consent's mail is queued; the caller moves it to the outbox with the demo's other mail.
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
  // The guardian signed the day after it was sent (typed, on her phone): the consent reads as signed.
  const consent = await s.db
    .select({ id: signatureSubmissions.id })
    .from(signatureSubmissions)
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .where(and(eq(documents.projectId, opts.projectId), eq(documents.template, "minor_consent")));
  const ids = consent.map((c) => c.id);
  if (ids.length) {
    const signedAt = new Date(Date.now() - 2 * DAY_MS);
    await s.db
      .update(signatureSubmissions)
      .set({ status: "completed", completedAt: signedAt })
      .where(inArray(signatureSubmissions.id, ids));
    await s.db
      .update(signatureSigners)
      .set({
        status: "signed",
        viewedAt: signedAt,
        viewCount: 1,
        signedAt,
        signatureKind: "typed",
        signatureValue: "Elisabeth Brunner",
        ip: "192.0.2.40",
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile Safari",
      })
      .where(inArray(signatureSigners.submissionId, ids));
  }
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
