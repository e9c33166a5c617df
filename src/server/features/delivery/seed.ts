import { eq } from "drizzle-orm";
import type { Services } from "../../context.ts";
import {
  castMembers,
  cuts,
  cutVersions,
  profiles,
  projectDeliverySignoffs,
  projectDeliveryTicks,
  projects,
  scheduleStrips,
  shootDays,
} from "../../db/schema/index.ts";
import { DAY_MS } from "../../../common/time.ts";
import { seedPaperwork, type Plan } from "../documents/seed.ts";
import { recordActivity } from "../projects/index.ts";
import { deliveryState } from "./state.ts";

const signed = (name: string, email: string, ageDays: number): Plan["request"] => ({
  status: "completed",
  order: "parallel",
  message: "",
  ageDays,
  signers: [[name, email, "signer", "signed"]],
});
const file = (title: string, paragraphs: string[]): Plan => ({ title, category: "delivery", paragraphs });

/**
 * The wrapped film of the demo school: “Understudy” (Completed, FILM-201), shot on the Studio Theatre's dressing
 * room with two actors, its releases signed and sealed, its permit and certificate on file, its delivery files
 * uploaded, the festival copy ticked by Lena and the delivery signed off by Daniel Reyes, so its archive downloads.
 */
export async function seedDelivery(s: Pick<Services, "db" | "config">, schoolName: string) {
  const [project] = await s.db.select().from(projects).where(eq(projects.title, "Understudy"));
  const people = await s.db.select({ id: profiles.id, name: profiles.fullName, email: profiles.email }).from(profiles);
  const lena = people.find((p) => p.email === "student@portal.test");
  const daniel = people.find((p) => p.email === "staff@portal.test");
  if (!project || !lena || !daniel) return;
  const shot = project.shootStart ?? new Date(Date.now() - 260 * DAY_MS).toISOString().slice(0, 10);
  const ago = Math.round((Date.now() - new Date(shot).getTime()) / DAY_MS);

  const [day] = await s.db
    .insert(shootDays)
    .values({ projectId: project.id, date: shot, location: "Studio Theatre", generalCall: "17:00" })
    .returning();
  await s.db.insert(scheduleStrips).values([
    {
      projectId: project.id,
      shootDayId: day!.id,
      sceneNumber: "1",
      position: 0,
      heading: "INT. DRESSING ROOM B - NIGHT",
    },
    {
      projectId: project.id,
      shootDayId: day!.id,
      sceneNumber: "2",
      position: 1,
      heading: "INT. DRESSING ROOM B - NIGHT",
    },
  ]);
  await s.db.insert(castMembers).values([
    { projectId: project.id, character: "MIRA", actorName: "Clara Voss" },
    { projectId: project.id, character: "VIKTOR", actorName: "Anton Reiss" },
  ]);

  await seedPaperwork(
    s,
    schoolName,
    "Understudy",
    [
      {
        title: "Talent release — Clara Voss",
        category: "release_forms",
        template: ["talent_release", "Clara Voss", "Mira, the understudy"],
        releaseFor: "Clara Voss",
        request: signed("Clara Voss", "clara.voss@example.org", ago + 5),
      },
      {
        title: "Talent release — Anton Reiss",
        category: "release_forms",
        template: ["talent_release", "Anton Reiss", "Viktor, the lead"],
        releaseFor: "Anton Reiss",
        request: signed("Anton Reiss", "anton.reiss@example.org", ago + 5),
      },
      {
        title: "Location release — Dressing room B",
        category: "release_forms",
        template: ["location_release", "Studio Theatre management", "Studio Theatre, Dressing room B"],
        releaseFor: "Dressing room B",
        request: signed("Studio Theatre management", "stage.door@example.org", ago + 10),
      },
      {
        title: "Theatre filming permit",
        category: "permits",
        paragraphs: [
          "The Studio Theatre permits filming backstage on the shoot days, 17:00 to 03:00, with the stage door staffed.",
        ],
      },
      {
        title: "Certificate of insurance — Studio Theatre",
        category: "insurance",
        paragraphs: [
          "Certificate holder: Studio Theatre. The school's public liability cover applies for the shoot days.",
        ],
      },
      file("Final film master", ["Understudy, 11 minutes, ProRes 422 HQ, 2.39:1, stereo and 5.1 mixes."]),
      file("Production stills", ["Twelve stills from the shoot, cleared with both actors."]),
      file("Poster A2", ["The poster for the graduation screening."]),
      file("Music cue sheet", ["Cue 1: “Curtain Call” (original score, Tomás Novák), 1:20. Cue 2: house music, 0:45."]),
      file("Credits list", [
        "Directed by Jun Park. Produced by Sofia Marchetti. Cinematography Lena Fischer. Edited by Tomás Novák.",
      ]),
    ],
    { producers: ["Sofia Marchetti"], directors: ["Jun Park"] },
  );

  const signedOffAt = new Date(Date.now() - 140 * DAY_MS);
  await s.db.transaction(async (tx) => {
    await tx.insert(projectDeliveryTicks).values({
      projectId: project.id,
      itemKey: "festival_copy",
      note: "DCP and ProRes sent to the graduation screening",
      doneBy: lena.id,
      doneByName: lena.name,
      doneAt: new Date(Date.now() - 150 * DAY_MS),
    });
    // The picture was locked before the delivery (issue 21's "Picture lock approved" item). The demo keeps the
    // record of the decision, not the film's file: the review seed brings the playable cuts of another film.
    const [cut] = await tx
      .insert(cuts)
      .values({ projectId: project.id, title: "Final cut", createdBy: lena.id })
      .returning();
    await tx.insert(cutVersions).values({
      cutId: cut!.id,
      number: 1,
      fileKey: `review/${cut!.id}/v1-understudy-final.mov`,
      fileName: "Understudy final cut.mov",
      fileSize: 0,
      mimeType: "video/quicktime",
      proxyStatus: "failed",
      proxyError: "The demo keeps only the record of this cut, not its file.",
      uploadedBy: lena.id,
      uploadedByName: lena.name,
      decision: "approved",
      pictureLock: true,
      decidedBy: daniel.id,
      decidedByName: daniel.name,
      decidedAt: new Date(Date.now() - 170 * DAY_MS),
      decisionNote: "Locked. Lovely work on the last scene.",
    });
    // The seed writes only what the checklist shows complete: a demo that drifted would say so here.
    const state = await deliveryState(tx, project.id);
    if (!state.complete) throw new Error(`the demo's wrapped film is not delivered: ${JSON.stringify(state.items)}`);
    await tx.insert(projectDeliverySignoffs).values({
      projectId: project.id,
      note: "A complete delivery; cleared for the graduation screening and festivals.",
      signedBy: daniel.id,
      signedByName: daniel.name,
      signedAt: signedOffAt,
    });
    await recordActivity(tx, {
      projectId: project.id,
      actor: daniel,
      kind: "delivery.signed_off",
      summary: `${daniel.name} signed off the delivery (${state.items.length} items done): a complete delivery.`,
      details: { items: state.items.map((i) => i.key) },
    });
  });
}
