import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { cutPagePath, type CutVersionSummary } from "../../../common/review.ts";

export { cutPagePath };
import { isAdmin, type Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cuts, cutVersions, projectMembers, reviewNotes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { projectFor, type Need, type ProjectAccess } from "../projects/access.ts";

/** What the review's services use: the database, events for refetches, the config for links, the log for jobs. */
export type S = Pick<Services, "db" | "events" | "config" | "log">;

export type VersionRow = typeof cutVersions.$inferSelect;
export type CutRow = typeof cuts.$inferSelect;

export const noVersion = () => new AppError("not_found", "There is no version of a cut with this id.");
export const noCut = () => new AppError("not_found", "There is no cut with this id.");

/** A version and its cut, without asking who may see it (the guest's way in checks its link instead). */
export async function versionRow(db: DbOrTx, versionId: string, lock = false) {
  if (!isUuid(versionId)) throw noVersion();
  const q = db
    .select({ version: cutVersions, cut: cuts })
    .from(cutVersions)
    .innerJoin(cuts, eq(cuts.id, cutVersions.cutId))
    .where(eq(cutVersions.id, versionId));
  const [row] = lock ? await q.for("update", { of: cutVersions }) : await q;
  if (!row) throw noVersion();
  return row;
}

/**
 * A version with its cut and the project's access rule (`projects/access.ts`): everyone signed in reads a
 * project's cuts, and readers may note; the crew, staff and admins carry notes and resolve anyone's.
 */
export async function versionFor(
  db: DbOrTx,
  caller: Caller,
  versionId: string,
  opts: { need?: Need; denied?: string; lock?: boolean } = {},
): Promise<{ version: VersionRow; cut: CutRow; access: ProjectAccess }> {
  const { version, cut } = await versionRow(db, versionId, opts.lock);
  const access = await projectFor(db, caller, cut.projectId, { need: opts.need, denied: opts.denied });
  return { version, cut, access };
}

/** The supervisor's rule, as the greenlight's "supervisor" items have it (`projects/detail.ts` `canTick`). */
export const mayDecide = (caller: Caller, project: { supervisorId: string | null }) =>
  caller.id === project.supervisorId || isAdmin(caller.role);

/** The crew to tell of a note or a decision, leaving out the person who made it. */
export async function crewOf(db: DbOrTx, projectId: string, except: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.id).filter((id) => id !== except);
}

/** What a player needs of a version to count its frames and timecode: the crew's and a guest's alike. */
export const playbackOf = (v: VersionRow) => ({
  durationMs: v.durationMs,
  fpsNum: v.fpsNum,
  fpsDen: v.fpsDen,
  startTimecode: v.startTimecode,
  width: v.width,
  height: v.height,
  proxyStatus: v.proxyStatus,
});

/** A version as the cut page shows it, with the count of its open notes. */
export function versionSummary(v: VersionRow, openNotes = 0): CutVersionSummary {
  return {
    id: v.id,
    number: v.number,
    fileName: v.fileName,
    fileSize: v.fileSize,
    mimeType: v.mimeType,
    ...playbackOf(v),
    proxyProgress: v.proxyProgress,
    proxyError: v.proxyError,
    hasPoster: v.posterKey !== null,
    uploadedByName: v.uploadedByName,
    createdAt: v.createdAt.toISOString(),
    decision: v.decision,
    pictureLock: v.pictureLock,
    decidedByName: v.decidedByName,
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decisionNote: v.decisionNote,
    openNotes,
  };
}

/** A cut's versions, oldest first, each with its open notes counted in the same statement. */
export async function versionsOf(db: DbOrTx, cutId: string): Promise<CutVersionSummary[]> {
  const rows = await db
    .select({
      v: cutVersions,
      // Named in full: inside a select, drizzle would write the outer column unqualified, as the note's own id.
      open: sql<number>`(select count(*)::int from review_notes n
        where n.version_id = cut_versions.id and n.parent_id is null and n.resolved_at is null)`,
    })
    .from(cutVersions)
    .where(eq(cutVersions.cutId, cutId))
    .orderBy(asc(cutVersions.number));
  return rows.map((r) => versionSummary(r.v, Number(r.open)));
}

/** Open notes on the timeline (not replies) of a version. */
export const openNotesOf = (versionId: string) =>
  and(eq(reviewNotes.versionId, versionId), isNull(reviewNotes.parentId), isNull(reviewNotes.resolvedAt));
