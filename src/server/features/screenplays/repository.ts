import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { REVISION_COLOURS, revisionColour, type RevisionColour } from "../../../common/screenplay-api.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { profiles, projects, screenplayNotes, screenplayRevisions, screenplays } from "../../db/schema/index.ts";

export type ScreenplayRow = typeof screenplays.$inferSelect;

/**
 * The columns every list of screenplays shows, for every screenplay or the given ones: kept in memory by
 * `list.ts` and refreshed row by row. `updatedMicros` orders as the database does (its clock keeps microseconds).
 */
const listQuery = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      id: screenplays.id,
      title: screenplays.title,
      projectId: screenplays.projectId,
      projectTitle: projects.title,
      supervisorId: projects.supervisorId,
      ownerId: screenplays.ownerId,
      ownerName: profiles.fullName,
      pages: screenplays.pages,
      updatedAt: screenplays.updatedAt,
      updatedMicros: sql<number>`(extract(epoch from ${screenplays.updatedAt}) * 1000000)::bigint`.mapWith(Number),
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
    })
    .from(screenplays)
    .leftJoin(projects, eq(projects.id, screenplays.projectId))
    .innerJoin(profiles, eq(profiles.id, screenplays.ownerId))
    .where(where);

const allListRows = preparedQuery((db) => listQuery(db, undefined));
// `= any` of one array parameter rather than `in` a list, so that the statement's text is the same for any number of ids.
const someListRows = preparedQuery((db) => listQuery(db, sql`${screenplays.id} = any(${sql.placeholder("ids")})`));

export async function selectListRows(db: DbOrTx, ids?: string[]) {
  if (ids && ids.length === 0) return [];
  return ids ? someListRows(db, { ids }) : allListRows(db, {});
}

export type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

const screenplayById = preparedQuery((db) =>
  db
    .select()
    .from(screenplays)
    .where(eq(screenplays.id, sql.placeholder("id"))),
);

export async function selectScreenplay(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  // Locked, it runs in a transaction, where a prepared statement would be built again anyway.
  const [row] = opts.lock
    ? await db.select().from(screenplays).where(eq(screenplays.id, id)).for("update")
    : await screenplayById(db, { id });
  return row ?? null;
}

/** Who wrote and last saved the screenplay and the project it is attached to, with `extra` of the screenplay. */
function withHeader<E extends SelectedFields>(db: DbOrTx, id: Placeholder, extra: E) {
  const owner = alias(profiles, "owner");
  const updater = alias(profiles, "updater");
  return db
    .select({
      ...extra,
      ownerName: owner.fullName,
      updatedByName: updater.fullName,
      project: { id: projects.id, title: projects.title, supervisorId: projects.supervisorId },
    })
    .from(screenplays)
    .leftJoin(owner, eq(owner.id, screenplays.ownerId))
    .leftJoin(updater, eq(updater.id, screenplays.updatedBy))
    .leftJoin(projects, eq(projects.id, screenplays.projectId))
    .where(eq(screenplays.id, id));
}

export interface ScreenplayHeader {
  ownerName: string;
  project: { id: string; title: string; supervisorId: string | null } | null;
  updatedByName: string | null;
}

const headerOf = (
  row:
    | (Pick<ScreenplayHeader, "updatedByName"> & {
        ownerName: string | null;
        project: { id: string | null; title: string | null; supervisorId: string | null } | null;
      })
    | undefined,
): ScreenplayHeader => ({
  ownerName: row?.ownerName ?? "",
  project: row?.project?.id ? (row.project as ScreenplayHeader["project"]) : null,
  updatedByName: row?.updatedByName ?? null,
});

const header = preparedQuery((db) => withHeader(db, sql.placeholder("id"), {}));
const screenplayWithHeader = preparedQuery((db) => withHeader(db, sql.placeholder("id"), { sp: screenplays }));

/** Who wrote and last saved the screenplay and the project it is attached to, in one statement. */
export async function selectHeader(db: DbOrTx, sp: ScreenplayRow): Promise<ScreenplayHeader> {
  const [row] = await header(db, { id: sp.id });
  return headerOf(row);
}

/** The screenplay and its header in one statement, for a reader's first read. */
export async function selectScreenplayWithHeader(db: DbOrTx, id: string) {
  const [row] = await screenplayWithHeader(db, { id });
  return row ? { sp: row.sp, header: headerOf(row) } : null;
}

export async function selectProjectBrief(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, supervisorId: projects.supervisorId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

const revisions = preparedQuery((db) =>
  db
    .select({
      id: screenplayRevisions.id,
      number: screenplayRevisions.number,
      name: screenplayRevisions.name,
      colour: screenplayRevisions.colour,
      createdByName: screenplayRevisions.createdByName,
      createdAt: screenplayRevisions.createdAt,
    })
    .from(screenplayRevisions)
    .where(eq(screenplayRevisions.screenplayId, sql.placeholder("screenplayId")))
    .orderBy(desc(screenplayRevisions.number)),
);

export const selectRevisions = (db: DbOrTx, screenplayId: string) => revisions(db, { screenplayId });

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

/** The number and colour the next revision takes: after the latest one's, in the industry's order. */
export async function nextRevision(db: DbOrTx, screenplayId: string) {
  const [last] = await db
    .select({ number: screenplayRevisions.number, colour: screenplayRevisions.colour })
    .from(screenplayRevisions)
    .where(eq(screenplayRevisions.screenplayId, screenplayId))
    .orderBy(desc(screenplayRevisions.number))
    .limit(1);
  if (!last) return { number: 1, colour: revisionColour(0) };
  return {
    number: last.number + 1,
    colour: revisionColour(REVISION_COLOURS.indexOf(last.colour as RevisionColour) + 1),
  };
}

const notes = preparedQuery((db) =>
  db
    .select()
    .from(screenplayNotes)
    .where(eq(screenplayNotes.screenplayId, sql.placeholder("screenplayId")))
    .orderBy(asc(screenplayNotes.resolved), asc(screenplayNotes.line), asc(screenplayNotes.createdAt)),
);

export const selectNotes = (db: DbOrTx, screenplayId: string) => notes(db, { screenplayId });

export async function selectNote(db: DbOrTx, screenplayId: string, noteId: string) {
  const [row] = await db
    .select()
    .from(screenplayNotes)
    .where(and(eq(screenplayNotes.screenplayId, screenplayId), eq(screenplayNotes.id, noteId)));
  return row ?? null;
}
