/**
 * The demo's hazard paperwork. Every confirmed flag of the demo's breakdowns gets its hazard's requirements; then
 * two stories. "Small Hours" shoots its knife scene in 18 days: its weapons plan was sent back once and then
 * approved, its armourer's licence is still missing, so the day is blocked. "The Weight of Water" had its water
 * safety plan approved before its ferry day, so that day is clear. Rows are written directly, as the other seeds do.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Services } from "../../context.ts";
import {
  profiles,
  projects,
  safetyFlags,
  safetyRequirementEvents,
  safetyRequirements,
  screenplays,
  shootDays,
} from "../../db/schema/index.ts";
import { seedPlainDocument } from "../documents/seed.ts";
import { saveBoard, getSchedule } from "../schedule/index.ts";
import { safetyItemKey } from "../screenplays/index.ts";
import { addFlagRequirements } from "./index.ts";
import { setProjectItemDone } from "../projects/greenlight.ts";

const HOUR = 3_600_000;

export async function seedSafety(s: Pick<Services, "db" | "events" | "config">, schoolName: string) {
  const flags = await s.db
    .select({ f: safetyFlags, projectId: screenplays.projectId })
    .from(safetyFlags)
    .innerJoin(screenplays, eq(screenplays.id, safetyFlags.screenplayId))
    .where(and(eq(safetyFlags.status, "confirmed"), isNotNull(screenplays.projectId)));
  for (const { f, projectId } of flags)
    await addFlagRequirements(s.db, {
      projectId: projectId!,
      screenplayId: f.screenplayId,
      sceneNumber: f.sceneNumber,
      kind: f.kind,
      greenlightKey: safetyItemKey(f.screenplayId, f.sceneNumber, f.kind as Parameters<typeof safetyItemKey>[2]),
    });

  const people = new Map(
    (
      await s.db
        .select({ id: profiles.id, name: profiles.fullName, email: profiles.email, role: profiles.role })
        .from(profiles)
    ).map((p) => [p.email, p]),
  );
  const staff = people.get("staff@portal.test");
  const lena = people.get("student@portal.test");
  const amara = people.get("amara.diallo@portal.test");
  if (!staff || !lena || !amara) return;
  const now = Date.now();

  // Small Hours: scene 1 (the knife) on its first shoot day, 18 days ahead.
  const [small] = await s.db.select({ id: projects.id }).from(projects).where(eq(projects.title, "Small Hours"));
  if (small) {
    const [day] = await s.db.select({ id: shootDays.id }).from(shootDays).where(eq(shootDays.projectId, small.id));
    if (day) {
      const caller = { id: lena.id, name: lena.name, role: lena.role };
      const board = await getSchedule(s, { caller, projectId: small.id });
      await saveBoard(s, {
        caller,
        projectId: small.id,
        input: { version: board.version, days: [{ id: day.id, scenes: ["1"] }] },
      });
    }
    const [risk] = await s.db
      .select({ id: safetyRequirements.id })
      .from(safetyRequirements)
      .where(and(eq(safetyRequirements.projectId, small.id), eq(safetyRequirements.label, "Weapons plan")));
    if (risk) {
      const doc = await seedPlainDocument(s, {
        projectId: small.id,
        title: "Weapons plan — scene 1",
        category: "risk_assessment",
        schoolName,
        actor: lena,
        paragraphs: [
          "Scene 1: Kofi cuts the tape of a box with a knife. A blunt prop knife (retractable blade) is used on camera; no real blade on set.",
          "The props master keeps the prop in a locked case between takes and hands it to the actor only on action.",
        ],
      });
      await s.db
        .update(safetyRequirements)
        .set({ status: "approved", documentId: doc.id })
        .where(eq(safetyRequirements.id, risk.id));
      await s.db.insert(safetyRequirementEvents).values([
        {
          requirementId: risk.id,
          action: "submitted",
          documentId: doc.id,
          documentTitle: doc.title,
          byId: lena.id,
          byName: lena.name,
          at: new Date(now - 72 * HOUR),
        },
        {
          requirementId: risk.id,
          action: "changes_requested",
          comment: "Say who holds the knife between takes.",
          documentId: doc.id,
          byId: staff.id,
          byName: staff.name,
          at: new Date(now - 50 * HOUR),
        },
        {
          requirementId: risk.id,
          action: "submitted",
          documentId: doc.id,
          documentTitle: doc.title,
          byId: lena.id,
          byName: lena.name,
          at: new Date(now - 30 * HOUR),
        },
        {
          requirementId: risk.id,
          action: "approved",
          comment: "Clear. Keep the case locked.",
          documentId: doc.id,
          byId: staff.id,
          byName: staff.name,
          at: new Date(now - 26 * HOUR),
        },
      ]);
    }
  }

  // The Weight of Water: the water safety plan of the ferry scene, approved, so its day is clear.
  const [weight] = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "The Weight of Water"));
  if (weight) {
    const [water] = await s.db
      .select({ id: safetyRequirements.id, key: safetyRequirements.greenlightKey })
      .from(safetyRequirements)
      .where(and(eq(safetyRequirements.projectId, weight.id), eq(safetyRequirements.kind, "water")));
    if (water) {
      const doc = await seedPlainDocument(s, {
        projectId: weight.id,
        title: "Water safety plan — ferry deck",
        category: "risk_assessment",
        schoolName,
        actor: amara,
        paragraphs: [
          "Scene 4 on the deck of MS Helvetia: life jackets for cast and crew at all times, the ferry's own crew at the rail.",
          "No one works within arm's reach of the open water; the camera stays inboard of the rail.",
        ],
      });
      await s.db
        .update(safetyRequirements)
        .set({ status: "approved", documentId: doc.id })
        .where(eq(safetyRequirements.id, water.id));
      await s.db.insert(safetyRequirementEvents).values([
        {
          requirementId: water.id,
          action: "submitted",
          documentId: doc.id,
          documentTitle: doc.title,
          byId: amara.id,
          byName: amara.name,
          at: new Date(now - 10 * 24 * HOUR),
        },
        {
          requirementId: water.id,
          action: "approved",
          comment: "",
          documentId: doc.id,
          byId: staff.id,
          byName: staff.name,
          at: new Date(now - 9 * 24 * HOUR),
        },
      ]);
      await setProjectItemDone(s.db, {
        projectId: weight.id,
        key: water.key,
        done: true,
        note: "Every safety requirement approved",
      });
    }
  }
}
