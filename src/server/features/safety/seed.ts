/**
 * The demo's hazard paperwork. Every confirmed flag of the demo's breakdowns gets its hazard's requirements; then
 * two stories. "Small Hours" shoots its knife scene in 18 days: its weapons plan was sent back once and then
 * approved, its armourer's licence is still missing, so the day is blocked. "The Weight of Water" had its water
 * safety plan approved before its ferry day, so that day is clear. Rows are written directly, as the other seeds do.
 */
import { and, eq, isNotNull, ne } from "drizzle-orm";
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

type Who = "staff" | "lena" | "amara";
const EMAILS: Record<Who, string> = {
  staff: "staff@portal.test",
  lena: "student@portal.test",
  amara: "amara.diallo@portal.test",
};

/** One requirement's story: its document, each step of its history (hours ago), and the scenes put on the first day. */
interface Story {
  project: string;
  requirement: string;
  /** Scenes scheduled on the project's first shoot day, so the requirement has a due date. */
  firstDay?: string[];
  document: { title: string; by: Who; paragraphs: string[] };
  history: [action: "submitted" | "changes_requested" | "approved", by: Who, hoursAgo: number, comment?: string][];
}

const STORIES: Story[] = [
  {
    project: "Small Hours",
    requirement: "Weapons plan",
    firstDay: ["1"],
    document: {
      title: "Weapons plan — scene 1",
      by: "lena",
      paragraphs: [
        "Scene 1: Kofi cuts the tape of a box with a knife. A blunt prop knife (retractable blade) is used on camera; no real blade on set.",
        "The props master keeps the prop in a locked case between takes and hands it to the actor only on action.",
      ],
    },
    history: [
      ["submitted", "lena", 72],
      ["changes_requested", "staff", 50, "Say who holds the knife between takes."],
      ["submitted", "lena", 30],
      ["approved", "staff", 26, "Clear. Keep the case locked."],
    ],
  },
  {
    project: "The Weight of Water",
    requirement: "Water safety plan",
    document: {
      title: "Water safety plan — ferry deck",
      by: "amara",
      paragraphs: [
        "Scene 4 on the deck of MS Helvetia: life jackets for cast and crew at all times, the ferry's own crew at the rail.",
        "No one works within arm's reach of the open water; the camera stays inboard of the rail.",
      ],
    },
    history: [
      ["submitted", "amara", 240],
      ["approved", "staff", 216],
    ],
  },
];

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
      greenlightKey: safetyItemKey(f.screenplayId, f.sceneNumber, f.kind),
    });

  const people = new Map(
    (
      await s.db
        .select({ id: profiles.id, name: profiles.fullName, email: profiles.email, role: profiles.role })
        .from(profiles)
    ).map((p) => [p.email, p]),
  );
  const now = Date.now();
  for (const story of STORIES) {
    const who = (w: Who) => people.get(EMAILS[w]);
    const [project] = await s.db.select({ id: projects.id }).from(projects).where(eq(projects.title, story.project));
    const author = who(story.document.by);
    if (!project || !author || story.history.some(([, by]) => !who(by))) continue;
    if (story.firstDay) {
      const [day] = await s.db.select({ id: shootDays.id }).from(shootDays).where(eq(shootDays.projectId, project.id));
      if (day) {
        const caller = { id: author.id, name: author.name, role: author.role };
        const board = await getSchedule(s, { caller, projectId: project.id });
        await saveBoard(s, {
          caller,
          projectId: project.id,
          input: { version: board.version, days: [{ id: day.id, scenes: story.firstDay }] },
        });
      }
    }
    const [req] = await s.db
      .select({ id: safetyRequirements.id, key: safetyRequirements.greenlightKey })
      .from(safetyRequirements)
      .where(and(eq(safetyRequirements.projectId, project.id), eq(safetyRequirements.label, story.requirement)));
    if (!req) continue;
    const doc = await seedPlainDocument(s, {
      projectId: project.id,
      title: story.document.title,
      category: "risk_assessment",
      schoolName,
      actor: author,
      paragraphs: story.document.paragraphs,
    });
    await s.db
      .update(safetyRequirements)
      .set({ status: story.history.at(-1)![0], documentId: doc.id })
      .where(eq(safetyRequirements.id, req.id));
    await s.db.insert(safetyRequirementEvents).values(
      story.history.map(([action, by, hoursAgo, comment = ""]) => ({
        requirementId: req.id,
        action,
        comment,
        documentId: doc.id,
        documentTitle: action === "submitted" ? doc.title : null,
        byId: who(by)!.id,
        byName: who(by)!.name,
        at: new Date(now - hoursAgo * HOUR),
      })),
    );
    // The flag's greenlight item ticks itself once all of its requirements are approved, as a decision does.
    const standing = await s.db
      .select({ id: safetyRequirements.id })
      .from(safetyRequirements)
      .where(
        and(
          eq(safetyRequirements.projectId, project.id),
          eq(safetyRequirements.greenlightKey, req.key),
          ne(safetyRequirements.status, "approved"),
        ),
      );
    if (standing.length === 0)
      await setProjectItemDone(s.db, {
        projectId: project.id,
        key: req.key,
        done: true,
        note: "Every safety requirement approved",
      });
  }
}
