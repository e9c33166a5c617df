import { eq } from "drizzle-orm";
import type { DocumentCategory } from "../../../common/documents.ts";
import type { Services } from "../../context.ts";
import { DAY_MS } from "../../../common/time.ts";
import { documents, profiles, projects, signatureSigners, signatureSubmissions } from "../../db/schema/index.ts";
import { selfServedReleases } from "./seed-release-links.ts";
import { writerOf } from "../../../common/school-writer.ts";
import { getSchoolSettings } from "../school/service.ts";
import { pageSizes, renderPlainDocument, renderTemplate, sealDocument } from "./pdf.ts";
import { sealerFor } from "./sealing-certificate.ts";
import { fieldsOfSigner, fillFields, insertFields, sealFields } from "./signature-fields.ts";
import { addVersion, syncGreenlight } from "./index.ts";
import type { Plan } from "./seed-plan.ts";

export type { Plan };

/** One production's paperwork: a document in every category and a signature request in every state. */
const PLANS: Plan[] = [
  {
    title: "Risk assessment",
    category: "risk_assessment",
    paragraphs: [
      "Night exterior by the canal: hi-vis for all crew, a safety officer on the towpath, no filming within one metre of the edge.",
      "Practical fire (candles) in the flat: extinguisher and fire blanket on set, the gaffer responsible.",
    ],
  },
  {
    title: "Call sheet — day 1",
    category: "call_sheets",
    paragraphs: [
      "Unit call 07:00 at the flat, 14 Weaver Street. Breakfast from 06:30.",
      "Scenes 3, 4 and 7. Sunset 19:42; the exterior must wrap by 19:30.",
    ],
  },
  {
    title: "Production insurance certificate",
    category: "insurance",
    paragraphs: [
      "The school's public liability and equipment cover applies to this student production for the shoot dates on its project page.",
    ],
  },
  {
    title: "Filming permit — canal towpath",
    category: "permits",
    paragraphs: [
      "The waterways trust permits a crew of up to 8 with hand-held equipment on the towpath, 18:00 to 22:00, on the shoot dates.",
    ],
  },
  {
    title: "Delivery checklist",
    category: "delivery",
    paragraphs: [
      "Picture: ProRes 422 HQ master, H.264 screener.",
      "Sound: stereo mix and M&E stems.",
      "Paperwork: signed releases, music licences, credits list.",
    ],
  },
  {
    title: "Location release — Marta Kowalczyk",
    category: "release_forms",
    template: ["location_release", "Marta Kowalczyk", "14 Weaver Street, flat 3"],
    request: {
      status: "completed",
      order: "parallel",
      message: "Thank you for lending us your flat!",
      ageDays: 9,
      signers: [
        ["Marta Kowalczyk", "marta.kowalczyk@example.org", "signer", "signed"],
        ["Lena Fischer", "student@portal.test", "approver", "signed"],
      ],
    },
  },
  {
    title: "Talent release — Idris Bell",
    category: "release_forms",
    template: ["talent_release", "Idris Bell", "The night porter"],
    request: {
      status: "pending",
      order: "sequential",
      message: "Please sign before the first shoot day.",
      ageDays: 2,
      signers: [
        ["Idris Bell", "idris.bell@example.org", "signer", "opened"],
        ["Lena Fischer", "student@portal.test", "approver", "waiting"],
        ["Northbridge Talent", "office@talent.example.org", "copy", "copy"],
      ],
    },
  },
  {
    title: "Minor guardian consent — Ruth Adeyemi",
    category: "release_forms",
    template: ["minor_consent", "Ruth Adeyemi", "Sam Adeyemi"],
    request: {
      status: "declined",
      order: "parallel",
      message: "",
      ageDays: 6,
      declineReason: "Sam has exams that week; we could do a later date.",
      signers: [["Ruth Adeyemi", "ruth.adeyemi@example.org", "signer", "declined"]],
    },
  },
  {
    title: "Crew deal memo — Owen Price",
    category: "contracts",
    template: ["crew_deal_memo", "Owen Price", "Gaffer, 150 EUR per day"],
    request: {
      status: "voided",
      order: "parallel",
      message: "",
      ageDays: 5,
      voidReason: "The day rate changed; a new memo follows.",
      signers: [["Owen Price", "owen.price@example.org", "signer", "sent"]],
    },
  },
  {
    title: "Location release — The Anchor pub",
    category: "release_forms",
    template: ["location_release", "Dev Malhotra", "The Anchor, Quay Road"],
    request: {
      status: "expired",
      order: "parallel",
      message: "",
      ageDays: 20,
      signers: [["Dev Malhotra", "dev.malhotra@example.org", "signer", "sent"]],
    },
  },
];

/**
 * The demo school's paperwork, on the production "Small Hours" (Lena Fischer's): rows written directly,
 * like the projects seed, so seeding sends no mail; the PDFs are real, and the signed release is sealed.
 */
export async function seedDocuments(s: Pick<Services, "db" | "config">, schoolName: string): Promise<number> {
  const n = await seedPaperwork(s, schoolName, "Small Hours", PLANS);
  const plans = [PLACED_RELEASE, ...(await selfServedReleases(s, "The Weight of Water"))];
  return n + (await seedPaperwork(s, schoolName, "The Weight of Water", plans, WEIGHT_OF_WATER_PEOPLE));
}

const WEIGHT_OF_WATER_PEOPLE = { producers: ["Amara Diallo"], directors: ["Amara Diallo"] };

/**
 * A release signed in fields placed on its page: the signature above the owner's line, the name and the
 * date beside it, where the template prints them (points from the page's bottom-left corner).
 */
const PLACED_RELEASE: Plan = {
  title: "Location release — Harbour flat",
  category: "release_forms",
  template: ["location_release", "Ida Sørensen", "Seestrasse 12, 2nd floor"],
  request: {
    status: "completed",
    order: "parallel",
    message: "Thank you for letting us film in your flat.",
    ageDays: 4,
    signers: [["Ida Sørensen", "ida.sorensen@example.org", "signer", "signed"]],
    fields: [
      { signer: 0, kind: "signature", page: 1, x: 56, y: 376, width: 170, height: 40, required: true },
      { signer: 0, kind: "name", page: 1, x: 250, y: 352, width: 150, height: 18, required: true },
      { signer: 0, kind: "date", page: 1, x: 420, y: 352, width: 110, height: 18, required: true },
    ],
  },
};

/** A production's paperwork from plans: what the demo's other parts (delivery) seed on their own films too. */
export async function seedPaperwork(
  s: Pick<Services, "db" | "config">,
  schoolName: string,
  projectTitle: string,
  plans: Plan[],
  people: { producers: string[]; directors: string[] } = { producers: ["Tomás Novák"], directors: ["Lena Fischer"] },
): Promise<number> {
  const [project] = await s.db.select().from(projects).where(eq(projects.title, projectTitle));
  const [lena] = await s.db
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.email, "student@portal.test"));
  if (!project || !lena) return 0;
  const now = Date.now();
  for (const plan of plans) {
    const bytes = plan.template
      ? await renderTemplate(plan.template[0], {
          schoolName,
          projectTitle: project.title,
          producers: people.producers,
          directors: people.directors,
          supervisor: "Daniel Reyes",
          shootStart: project.shootStart,
          shootEnd: project.shootEnd,
          locations: project.locations,
          party: plan.template[1],
          detail: plan.template[2],
          date: new Date(now - (plan.request?.ageDays ?? 0) * DAY_MS).toISOString().slice(0, 10),
        })
      : await renderPlainDocument({ schoolName, title: plan.title, paragraphs: plan.paragraphs ?? [] });
    await s.db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({
          projectId: project.id,
          title: plan.title,
          category: plan.category,
          // Only a release made for someone counts on the releases rule; the older plans name nobody.
          template: plan.releaseFor ? (plan.template?.[0] ?? null) : null,
          releaseFor: plan.releaseFor ?? null,
          releaseLinkId: plan.releaseLinkId ?? null,
          createdBy: lena.id,
          createdByName: lena.name,
        })
        .returning();
      const origin = plan.template ? "template" : "upload";
      const fileName = `${plan.title.replace(/—/g, "-")}.pdf`;
      const version = await addVersion(s, tx, {
        projectId: project.id,
        documentId: doc!.id,
        actor: lena,
        fileName,
        bytes,
        contentType: "application/pdf",
        ext: "pdf",
        origin,
      });
      const r = plan.request;
      if (!r) return;
      const sentAt = new Date(now - r.ageDays * DAY_MS);
      const [sub] = await tx
        .insert(signatureSubmissions)
        .values({
          documentId: doc!.id,
          versionId: version.id,
          status: r.status,
          order: r.order,
          message: r.message,
          createdBy: lena.id,
          createdByName: lena.name,
          createdAt: sentAt,
          expiresAt: new Date(sentAt.getTime() + 14 * DAY_MS),
          voidedAt: r.voidReason ? new Date(now - DAY_MS) : null,
          voidReason: r.voidReason ?? null,
        })
        .returning();
      const at = (days: number) => new Date(sentAt.getTime() + days * DAY_MS);
      const signers = r.signers.map(([name, email, role, state], i) => ({
        submissionId: sub!.id,
        position: i + 1,
        name,
        email,
        role,
        status: state,
        sentAt: state === "waiting" || state === "copy" ? null : sentAt,
        viewedAt: ["signed", "opened", "declined"].includes(state) ? at(0.5 + i) : null,
        viewCount: ["signed", "opened", "declined"].includes(state) ? 1 : 0,
        signedAt: state === "signed" ? at(1 + i) : null,
        declinedAt: state === "declined" ? at(1) : null,
        declineReason: state === "declined" ? (r.declineReason ?? null) : null,
        signatureKind: state === "signed" ? ("typed" as const) : null,
        signatureValue: state === "signed" ? name : null,
        ip: state === "signed" || state === "declined" ? `192.0.2.${10 + i}` : null,
        userAgent:
          state === "signed" || state === "declined"
            ? "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile Safari"
            : null,
      }));
      const rows = (await tx.insert(signatureSigners).values(signers).returning()).sort(
        (a, b) => a.position - b.position,
      );
      if (r.fields) {
        await insertFields(tx, sub!.id, rows, r.fields, await pageSizes(bytes));
        const writer = writerOf(await getSchoolSettings(tx));
        for (const x of rows.filter((x) => x.status === "signed")) {
          const mine = await fieldsOfSigner(tx, sub!.id, x.id);
          const values = mine.filter((f) => f.kind === "name").map((f) => ({ id: f.id, value: x.name }));
          await fillFields(tx, { submissionId: sub!.id, signerId: x.id, values, today: writer.date(x.signedAt!) });
        }
      }
      if (r.status === "completed") {
        const sealed = await sealDocument({
          original: bytes,
          title: plan.title,
          submissionId: sub!.id,
          senderName: lena.name,
          sentAt,
          signers,
          fields: await sealFields(tx, sub!.id, rows),
          sealer: await sealerFor(s, tx),
          sealedAt: at(2),
        });
        const sealedVersion = await addVersion(s, tx, {
          projectId: project.id,
          documentId: doc!.id,
          actor: { id: null, name: "The Portal" },
          fileName: fileName.replace(/\.pdf$/, " (signed).pdf"),
          bytes: sealed.bytes,
          contentType: "application/pdf",
          ext: "pdf",
          origin: "sealed",
        });
        await tx
          .update(signatureSubmissions)
          .set({ completedAt: at(2), sealedVersionId: sealedVersion.id })
          .where(eq(signatureSubmissions.id, sub!.id));
      }
    });
  }
  await syncGreenlight(s.db, project.id);
  return plans.length;
}

/** A plain PDF filed on a project, for another feature's demo (a safety plan that an approver then decides). */
export async function seedPlainDocument(
  s: Pick<Services, "db" | "config">,
  opts: {
    projectId: string;
    title: string;
    category: DocumentCategory;
    paragraphs: string[];
    schoolName: string;
    actor: { id: string; name: string };
  },
): Promise<{ id: string; title: string }> {
  const bytes = await renderPlainDocument({
    schoolName: opts.schoolName,
    title: opts.title,
    paragraphs: opts.paragraphs,
  });
  return s.db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({
        projectId: opts.projectId,
        title: opts.title,
        category: opts.category,
        createdBy: opts.actor.id,
        createdByName: opts.actor.name,
      })
      .returning({ id: documents.id, title: documents.title });
    await addVersion(s, tx, {
      projectId: opts.projectId,
      documentId: doc!.id,
      actor: opts.actor,
      fileName: `${opts.title}.pdf`,
      bytes,
      contentType: "application/pdf",
      ext: "pdf",
      origin: "upload",
    });
    return doc!;
  });
}
