import type { Page } from "../../../common/screenplay-api.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";
import type { RevisionColour, ScreenplayListItem, ScreenplayListQuery } from "../../../common/screenplay-api.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DomainEvent } from "../../lib/events.ts";
import { createKeptRows, type KeptRows } from "../../lib/kept-rows.ts";
import { crewProjectsOf } from "../projects/index.ts";
import * as repo from "./repository.ts";
import type { S } from "./shared.ts";

type Row = repo.ListRow & { titleLower: string };

/** Newest change first, as the editor's "last saved" reads; the id settles ties so pages never overlap. */
export const byNewest = (a: Pick<Row, "updatedMicros" | "id">, b: Pick<Row, "updatedMicros" | "id">) =>
  b.updatedMicros - a.updatedMicros || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const startsWith = (key: string[], prefix: string[]) => prefix.every((part, i) => key[i] === part);
const NAMES = [keys.projects(), ...PEOPLE_KEYS];

/**
 * Which kept rows an event may have changed. A screenplay's change names it (its pages, time, notes,
 * revisions); a project's own key names its screenplays (its title, its supervisor); every list of projects
 * or people (titles, names), or an event naming nothing, reloads them all.
 */
export function touchedBy(
  event: DomainEvent,
  rows: ReadonlyMap<string, Pick<Row, "projectId">>,
): string[] | "all" | null {
  if (!event.invalidate?.length) return "all";
  const ids: string[] = [];
  let list = false;
  for (const k of event.invalidate) {
    // A breakdown's change moves its screenplay's time, and names only the breakdown (the editor keeps its text).
    if ((k[0] === "screenplay" || k[0] === "breakdown") && k[1]) ids.push(k[1]);
    else if (k[0] === "screenplays") list = true;
    else if (k[0] === "project" && k.length === 2) {
      for (const [id, r] of rows) if (r.projectId === k[1]) ids.push(id);
    } else if (NAMES.some((n) => startsWith(k, n) || startsWith(n, k))) return "all";
  }
  if (list && ids.length === 0) return "all";
  return ids.length > 0 ? ids : null;
}

const withLower = (r: repo.ListRow): Row => ({ ...r, titleLower: r.title.toLowerCase() });

/**
 * Every screenplay's list columns, kept per portal. Five minutes bound what changes without an event (a
 * profile's name from single sign-on); every change of a screenplay names it, and reloads that row alone.
 */
const perPortal = new WeakMap<S["events"], KeptRows<Row>>();

function keptRows(s: Pick<S, "db" | "events">): KeptRows<Row> {
  let k = perPortal.get(s.events);
  if (!k) {
    k = createKeptRows<Row>(s.events, {
      loadAll: async () => (await repo.selectListRows(s.db)).map(withLower),
      loadSome: async (ids) => (await repo.selectListRows(s.db, ids)).map(withLower),
      touched: touchedBy,
      order: byNewest,
      maxAgeMs: 5 * 60_000,
    });
    perPortal.set(s.events, k);
  }
  return k;
}

export interface Viewer {
  id: string;
  staff: boolean;
  /** The projects the viewer is on the crew of. */
  crews: ReadonlySet<string>;
}

/**
 * What a person may list, and a page of it: staff every screenplay, others their own and every screenplay of a
 * project (projects are open to everyone signed in), as `canRead` in the service decides for one.
 */
export function pageOf(rows: readonly Row[], q: ScreenplayListQuery, viewer: Viewer): Page<ScreenplayListItem> {
  const search = q.search ? q.search.toLowerCase() : null;
  const mine = (r: Row) => r.ownerId === viewer.id;
  const shown = (r: Row) =>
    (viewer.staff || mine(r) || r.projectId !== null) &&
    (q.scope !== "mine" || mine(r)) &&
    (q.scope !== "projects" ||
      (r.projectId !== null && (viewer.crews.has(r.projectId) || r.supervisorId === viewer.id))) &&
    (!q.projectId || r.projectId === q.projectId) &&
    (!search || r.titleLower.includes(search));
  const items: ScreenplayListItem[] = [];
  let total = 0;
  for (const r of rows) {
    if (!shown(r)) continue;
    if (total >= q.offset && items.length < q.limit) items.push(itemOf(r, viewer));
    total++;
  }
  return { total, items };
}

const itemOf = (r: Row, viewer: Viewer): ScreenplayListItem => ({
  id: r.id,
  title: r.title,
  project: r.projectId && r.projectTitle ? { id: r.projectId, title: r.projectTitle } : null,
  owner: { id: r.ownerId, name: r.ownerName },
  pages: r.pages,
  revisionCount: r.revisionCount,
  latestColour: r.latestColour as RevisionColour | null,
  openNotes: r.openNotes,
  canEdit: viewer.staff || r.ownerId === viewer.id || (r.projectId !== null && viewer.crews.has(r.projectId)),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listScreenplays(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; query: ScreenplayListQuery },
): Promise<Page<ScreenplayListItem>> {
  const [rows, crews] = await Promise.all([keptRows(s).rows(), crewProjectsOf(s, opts.caller.id)]);
  return pageOf(rows, opts.query, { id: opts.caller.id, staff: isStaff(opts.caller.role), crews });
}
