import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { CutSummary, NewCutInput } from "../../../common/review.ts";
import { keys } from "../../../common/query-keys.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cuts, cutVersions, reviewNotes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { projectFor, type Need } from "../projects/access.ts";
import { noCut, versionSummary, type CutRow, type S } from "./review-shared.ts";

export { versionSummary };

/** The cuts of a project and their versions: what the Post tab lists and the cut page opens. */

const UPLOAD_DENIED = "Only the project's crew, staff and admins can upload cuts.";

/** Tells every open page that a project's cuts changed (a version, its proxy's progress, a decision). */
export async function publishCuts(s: Pick<S, "events">, projectId: string, cutId?: string) {
  await s.events.publish({
    type: "review.cuts",
    invalidate: [keys.cuts(projectId), ...(cutId ? [keys.cut(cutId)] : [])],
    data: { projectId, cutId },
  });
}

/** The summaries of these cuts, their versions oldest first, with each version's open notes counted. */
async function summaries(db: DbOrTx, rows: CutRow[]): Promise<CutSummary[]> {
  if (!rows.length) return [];
  const versions = await db
    .select()
    .from(cutVersions)
    .where(
      inArray(
        cutVersions.cutId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(cutVersions.cutId), asc(cutVersions.number));
  const open = versions.length
    ? await db
        .select({ versionId: reviewNotes.versionId, n: count() })
        .from(reviewNotes)
        .where(
          and(
            inArray(
              reviewNotes.versionId,
              versions.map((v) => v.id),
            ),
            isNull(reviewNotes.parentId),
            isNull(reviewNotes.resolvedAt),
          ),
        )
        .groupBy(reviewNotes.versionId)
    : [];
  const openBy = new Map(open.map((o) => [o.versionId, o.n]));
  return rows.map((c) => ({
    id: c.id,
    projectId: c.projectId,
    title: c.title,
    createdAt: c.createdAt.toISOString(),
    versions: versions.filter((v) => v.cutId === c.id).map((v) => versionSummary(v, openBy.get(v.id) ?? 0)),
  }));
}

export async function listCuts(s: S, { caller, projectId }: { caller: Caller; projectId: string }) {
  await projectFor(s.db, caller, projectId);
  const rows = await s.db
    .select()
    .from(cuts)
    .where(eq(cuts.projectId, projectId))
    .orderBy(asc(cuts.createdAt), asc(cuts.id));
  return summaries(s.db, rows);
}

export async function createCut(
  s: S,
  { caller, projectId, input }: { caller: Caller; projectId: string; input: NewCutInput },
): Promise<CutSummary> {
  const row = await s.db.transaction(async (tx) => {
    await projectFor(tx, caller, projectId, { need: "edit", denied: UPLOAD_DENIED });
    const [row] = await tx.insert(cuts).values({ projectId, title: input.title, createdBy: caller.id }).returning();
    return row!;
  });
  await publishCuts(s, projectId, row.id);
  return (await summaries(s.db, [row]))[0]!;
}

/** A cut and what the caller may do with its project; 404 for an unknown id, 403 without `need`. */
export async function cutFor(db: DbOrTx, caller: Caller, cutId: string, need: Need = "read") {
  if (!isUuid(cutId)) throw noCut();
  const [cut] = await db.select().from(cuts).where(eq(cuts.id, cutId));
  if (!cut) throw noCut();
  const access = await projectFor(db, caller, cut.projectId, { need, denied: UPLOAD_DENIED });
  return { cut, access };
}

export async function getCut(s: S, { caller, cutId }: { caller: Caller; cutId: string }): Promise<CutSummary> {
  const { cut } = await cutFor(s.db, caller, cutId);
  return (await summaries(s.db, [cut]))[0]!;
}

/** Checks that the caller may upload to a project (a new cut) or a cut (a new version). */
export async function mayUpload(db: DbOrTx, caller: Caller, target: { cutId?: string; projectId?: string }) {
  if (target.cutId) return (await cutFor(db, caller, target.cutId, "edit")).cut.projectId;
  if (target.projectId) {
    await projectFor(db, caller, target.projectId, { need: "edit", denied: UPLOAD_DENIED });
    return target.projectId;
  }
  throw new AppError("bad_request", "Say which cut this file is a new version of, or the title of a new cut.");
}
