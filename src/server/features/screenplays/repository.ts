import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, desc, eq, exists, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { onCrew } from "../projects/access.ts";
import type { ScreenplayListQuery } from "../../../common/screenplay-api.ts";
import type { DbOrTx } from "../../db/client.ts";
import { profiles, projects, screenplayNotes, screenplayRevisions, screenplays } from "../../db/schema/index.ts";

export type ScreenplayRow = typeof screenplays.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const onMyProject = (viewerId: string) =>
  or(
    onCrew(screenplays.projectId, viewerId),
    exists(sql`(select 1 from ${projects} p where p.id = ${screenplays.projectId} and p.supervisor_id = ${viewerId})`),
  );

/**
 * What a person may read, as SQL (the same rule as `canRead` in the service): staff read every
 * screenplay; others their own and every screenplay of a project (projects are open to everyone signed in).
 */
export function listWhere(q: ScreenplayListQuery, viewer: { id: string; staff: boolean }): SQL | undefined {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  return and(
    viewer.staff ? undefined : or(eq(screenplays.ownerId, viewer.id), sql`${screenplays.projectId} is not null`),
    q.scope === "mine" ? eq(screenplays.ownerId, viewer.id) : undefined,
    q.scope === "projects" ? onMyProject(viewer.id) : undefined,
    q.projectId ? eq(screenplays.projectId, q.projectId) : undefined,
    like ? ilike(screenplays.title, like) : undefined,
  );
}

export async function selectPage(db: DbOrTx, q: ScreenplayListQuery, viewer: { id: string; staff: boolean }) {
  const where = listWhere(q, viewer);
  // The page's screenplays first (by the updated index), then their project, owner and counts for those rows
  // only: joined before the limit, every project and person of the school was read to show twenty.
  const page = db
    .select({ id: screenplays.id, updatedAt: screenplays.updatedAt })
    .from(screenplays)
    .where(where)
    .orderBy(desc(screenplays.updatedAt), asc(screenplays.id))
    .limit(q.limit)
    .offset(q.offset)
    .as("page");
  const rows = await db
    .select({
      screenplay: {
        id: screenplays.id,
        title: screenplays.title,
        projectId: screenplays.projectId,
        ownerId: screenplays.ownerId,
        pages: screenplays.pages,
        updatedAt: screenplays.updatedAt,
      },
      projectTitle: projects.title,
      ownerName: profiles.fullName,
      revisionCount:
        sql<number>`(select count(*) from ${screenplayRevisions} r where r.screenplay_id = ${screenplays.id})`.mapWith(
          Number,
        ),
      latestColour: sql<
        string | null
      >`(select r.colour from ${screenplayRevisions} r where r.screenplay_id = ${screenplays.id} order by r.number desc limit 1)`,
      openNotes:
        sql<number>`(select count(*) from ${screenplayNotes} n where n.screenplay_id = ${screenplays.id} and not n.resolved)`.mapWith(
          Number,
        ),
      isMember: onCrew(screenplays.projectId, viewer.id),
    })
    .from(page)
    .innerJoin(screenplays, eq(screenplays.id, page.id))
    .leftJoin(projects, eq(projects.id, screenplays.projectId))
    .innerJoin(profiles, eq(profiles.id, screenplays.ownerId))
    .orderBy(desc(page.updatedAt), asc(page.id));
  const [total] = await db.select({ n: count() }).from(screenplays).where(where);
  return { total: total?.n ?? 0, rows };
}

export async function selectScreenplay(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(screenplays).where(eq(screenplays.id, id));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row ?? null;
}

/** Who wrote and last saved the screenplay and the project it is attached to, in one statement. */
export async function selectHeader(db: DbOrTx, sp: ScreenplayRow) {
  const owner = alias(profiles, "owner");
  const updater = alias(profiles, "updater");
  const [row] = await db
    .select({
      ownerName: owner.fullName,
      updatedByName: updater.fullName,
      project: { id: projects.id, title: projects.title, supervisorId: projects.supervisorId },
    })
    .from(screenplays)
    .leftJoin(owner, eq(owner.id, screenplays.ownerId))
    .leftJoin(updater, eq(updater.id, screenplays.updatedBy))
    .leftJoin(projects, eq(projects.id, screenplays.projectId))
    .where(eq(screenplays.id, sp.id));
  return {
    ownerName: row?.ownerName ?? "",
    project: row?.project?.id ? row.project : null,
    updatedByName: row?.updatedByName ?? null,
  };
}

export async function selectProjectBrief(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, supervisorId: projects.supervisorId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

export function selectRevisions(db: DbOrTx, screenplayId: string) {
  return db
    .select({
      id: screenplayRevisions.id,
      number: screenplayRevisions.number,
      name: screenplayRevisions.name,
      colour: screenplayRevisions.colour,
      createdByName: screenplayRevisions.createdByName,
      createdAt: screenplayRevisions.createdAt,
    })
    .from(screenplayRevisions)
    .where(eq(screenplayRevisions.screenplayId, screenplayId))
    .orderBy(desc(screenplayRevisions.number));
}

export async function selectRevision(db: DbOrTx, screenplayId: string, revisionId: string) {
  const [row] = await db
    .select()
    .from(screenplayRevisions)
    .where(and(eq(screenplayRevisions.screenplayId, screenplayId), eq(screenplayRevisions.id, revisionId)));
  return row ?? null;
}

/** The body of the revision before `number` (the latest when `number` is null): what a printed draft's marks compare with. */
export async function selectBodyBefore(db: DbOrTx, screenplayId: string, number: number | null) {
  const [row] = await db
    .select({ body: screenplayRevisions.body })
    .from(screenplayRevisions)
    .where(
      and(
        eq(screenplayRevisions.screenplayId, screenplayId),
        number === null ? undefined : lt(screenplayRevisions.number, number),
      ),
    )
    .orderBy(desc(screenplayRevisions.number))
    .limit(1);
  return row?.body ?? null;
}

export async function nextRevisionNumber(db: DbOrTx, screenplayId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${screenplayRevisions.number}), 0)`.mapWith(Number) })
    .from(screenplayRevisions)
    .where(eq(screenplayRevisions.screenplayId, screenplayId));
  return (row?.n ?? 0) + 1;
}

export function selectNotes(db: DbOrTx, screenplayId: string) {
  return db
    .select()
    .from(screenplayNotes)
    .where(eq(screenplayNotes.screenplayId, screenplayId))
    .orderBy(asc(screenplayNotes.resolved), asc(screenplayNotes.line), asc(screenplayNotes.createdAt));
}

export async function selectNote(db: DbOrTx, screenplayId: string, noteId: string) {
  const [row] = await db
    .select()
    .from(screenplayNotes)
    .where(and(eq(screenplayNotes.screenplayId, screenplayId), eq(screenplayNotes.id, noteId)));
  return row ?? null;
}
