import { eq, sql } from "drizzle-orm";
import {
  UNLICENSED_STATUSES,
  type DocumentaryListItem,
  type Page,
  type ProjectListItem,
  type ProjectListQuery,
} from "../../../common/project-api.ts";
import type { ProjectBlocker } from "../../../common/overview-api.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { projectMembers } from "../../db/schema/index.ts";
import { cachePerBus, jsonAnswers, type EntryScope } from "../../lib/cache.ts";
import { courseChecklistsOf, getGreenlightItems } from "./greenlight.ts";
import * as repo from "./repository.ts";
import { beforeProduction, type ListRow, personRef, type S, summaryOf } from "./shared.ts";
import { getProject } from "./detail.ts";
import { keys, PEOPLE_KEYS } from "../../../common/query-keys.ts";

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

function toListItem(r: ListRow, greenlightTotal: number): ProjectListItem {
  const p = r.project;
  const total = (r.greenlightBase ?? greenlightTotal) + r.greenlightOwn;
  const missing = Math.max(0, total - r.greenlightDone);
  return {
    ...summaryOf(p),
    supervisor: personRef(p.supervisorId, r.supervisorName),
    memberCount: r.memberCount,
    leadNames: r.leadNames ?? [],
    nextMilestone: r.nextMilestone,
    greenlight: { done: r.greenlightDone, total },
    blockers: r.overdueMilestones + (beforeProduction(p.phase) ? missing : 0),
    isMember: !!r.isMember,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * What holds each listed production up, item by item: the reasons behind `ProjectListItem.blockers`,
 * under the same rule (overdue milestones always; missing greenlight items before production).
 */
export async function blockerReasons(
  s: Pick<S, "db">,
  items: Pick<ProjectListItem, "id" | "phase">[],
): Promise<Map<string, ProjectBlocker[]>> {
  const ids = items.map((i) => i.id);
  const [school, details, courseLists] = await Promise.all([
    getGreenlightItems(s.db),
    repo.selectBlockerDetails(s.db, ids),
    courseChecklistsOf(s.db, ids),
  ]);
  const ticked = new Set(details.ticked.map((t) => `${t.projectId} ${t.itemKey}`));
  const reasons = new Map<string, ProjectBlocker[]>();
  for (const item of items) {
    const missing: ProjectBlocker[] = beforeProduction(item.phase)
      ? [...(courseLists.get(item.id) ?? school), ...details.own.filter((o) => o.projectId === item.id)]
          .filter((g) => !ticked.has(`${item.id} ${g.key}`))
          .map((g) => ({ kind: "greenlight", key: g.key, label: g.label }))
      : [];
    const overdue: ProjectBlocker[] = details.overdue
      .filter((m) => m.projectId === item.id)
      .map((m) => ({ kind: "milestone", id: m.id, title: m.title, dueDate: m.dueDate }));
    reasons.set(item.id, [...missing, ...overdue]);
  }
  return reasons;
}

export async function listProjects(
  s: Pick<S, "db">,
  opts: { caller: Caller; query: ProjectListQuery },
): Promise<Page<ProjectListItem>> {
  const items = await getGreenlightItems(s.db);
  const page = await repo.selectProjectPage(s.db, {
    q: opts.query,
    viewerId: opts.caller.id,
    greenlightKeys: items.map((i) => i.key),
  });
  return { total: page.total, items: page.rows.map((r) => toListItem(r, items.length)) };
}

/**
 * What a list of projects, the overview and a project's answer are made of, in the events' keys: any project,
 * the lists, the overview, the people on them and the school's greenlight checklist. A screenplay autosave, a
 * budget draft, a booking or a notification leaves them be (lib/cache.ts).
 */
export const PROJECTS_SCOPE: EntryScope = {
  deps: [
    keys.projects(),
    keys.projectsDocumentary(),
    keys.project(),
    keys.overview(),
    ...PEOPLE_KEYS,
    keys.schoolSettings(),
  ],
};

/**
 * The answers as browsers ask for them, kept per viewer and query until an event concerns them, so a class opening
 * the list at the same moment costs the database one page; answered a while longer while one reload runs. The
 * time only bounds what changes without an event: a milestone turning overdue at midnight.
 */
const ANSWER_MS = 30_000;
const answers = jsonAnswers({ ttlMs: ANSWER_MS, maxEntries: 1_000, staleMs: ANSWER_MS });
type ListOptions = { caller: Caller; query: ProjectListQuery };
const listKey = (list: string, opts: ListOptions) => `${list} ${opts.caller.id} ${JSON.stringify(opts.query)}`;

/** Reads a list as nobody in particular: the viewer's own marks are added afterwards (`forViewer`). */
const NOBODY: Caller = { id: "00000000-0000-4000-8000-000000000000", name: "", role: "student" };
const sharedLists = cachePerBus<unknown>({ ttlMs: ANSWER_MS, maxEntries: 100, staleMs: ANSWER_MS });
const crews = cachePerBus<Set<string>>({ ttlMs: ANSWER_MS, maxEntries: 5_000 });

const crewRows = preparedQuery((db) =>
  db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, sql.placeholder("userId"))),
);

/** The projects a person is on the crew of. */
export function crewProjectsOf(s: Pick<S, "db" | "events">, userId: string): Promise<Set<string>> {
  const load = async () => new Set((await crewRows(s.db, { userId })).map((r) => r.id));
  return crews(s.events).get(userId, load, undefined, PROJECTS_SCOPE);
}

/**
 * How a caller stands to a project, as the key of an answer about it: their role and whether they are on its
 * crew. A project's answers that depend on nothing else about who asks (who may edit, who sees contacts) are
 * kept once per standing rather than once per person, so a crew of five opening their stripboard after a change
 * costs one read, not five. From the caller's kept crews: no statement once they are read.
 */
export async function standingOf(
  s: Pick<S, "db" | "events">,
  caller: Pick<Caller, "id" | "role">,
  projectId: string,
): Promise<string> {
  const crews = await crewProjectsOf(s, caller.id);
  return `${caller.role} ${crews.has(projectId) ? "crew" : "outside"}`;
}

/**
 * A list whose answer depends on who asks only through `isMember` (every list but "mine"), read once for the
 * whole school and marked for each viewer: a class opening the overview at nine costs one read, and one small
 * read of each person's crews.
 */
export async function forViewer<T>(
  s: Pick<S, "db" | "events">,
  opts: {
    caller: Caller;
    key: string;
    scope: EntryScope;
    read: (nobody: Caller) => Promise<T>;
    mark: (value: T, isMember: (projectId: string) => boolean) => T;
  },
): Promise<T> {
  const [value, mine] = await Promise.all([
    sharedLists(s.events).get(opts.key, () => opts.read(NOBODY), undefined, opts.scope) as Promise<T>,
    crewProjectsOf(s, opts.caller.id),
  ]);
  return opts.mark(value, (id) => mine.has(id));
}

const markPage = <I extends { id: string; isMember: boolean }>(
  page: Page<I>,
  isMember: (id: string) => boolean,
): Page<I> => ({
  ...page,
  items: page.items.map((i) => ({ ...i, isMember: isMember(i.id) })),
});

/** `listProjects` as JSON, from the cache when fresh. */
export function browseProjects(s: Pick<S, "db" | "events">, opts: ListOptions): Promise<Uint8Array<ArrayBuffer>> {
  const read = () =>
    opts.query.mine
      ? listProjects(s, opts)
      : forViewer(s, {
          caller: opts.caller,
          key: `projects ${JSON.stringify(opts.query)}`,
          scope: PROJECTS_SCOPE,
          read: (nobody) => listProjects(s, { ...opts, caller: nobody }),
          mark: markPage,
        });
  return answers(s.events, listKey("projects", opts), PROJECTS_SCOPE, read);
}

/** `listDocumentaries` as JSON, from the cache when fresh. */
export function browseDocumentaries(s: Pick<S, "db" | "events">, opts: ListOptions): Promise<Uint8Array<ArrayBuffer>> {
  const read = () =>
    opts.query.mine
      ? listDocumentaries(s, opts)
      : forViewer(s, {
          caller: opts.caller,
          key: `documentary ${JSON.stringify(opts.query)}`,
          scope: PROJECTS_SCOPE,
          read: (nobody) => listDocumentaries(s, { ...opts, caller: nobody }),
          mark: markPage,
        });
  return answers(s.events, listKey("documentary", opts), PROJECTS_SCOPE, read);
}

/**
 * `getProject` as JSON, kept per standing until an event names this project, every project or the people: what
 * it shows a student follows from their role and crew membership alone (`getProject`).
 */
export async function viewProject(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; id: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const scope = { deps: [keys.project(opts.id), keys.projects(), ...PEOPLE_KEYS, keys.schoolSettings()] };
  // Staff are kept one by one: the project's supervisor ticks what other staff may not.
  const standing = isStaff(opts.caller.role) ? opts.caller.id : await standingOf(s, opts.caller, opts.id);
  return answers(s.events, `project ${standing} ${opts.id}`, scope, () => getProject(s, opts));
}

export async function listDocumentaries(
  s: Pick<S, "db">,
  opts: { caller: Caller; query: ProjectListQuery },
): Promise<Page<DocumentaryListItem>> {
  const items = await getGreenlightItems(s.db);
  const page = await repo.selectDocumentaryPage(s.db, {
    q: opts.query,
    viewerId: opts.caller.id,
    greenlightKeys: items.map((i) => i.key),
    unlicensed: UNLICENSED_STATUSES,
  });
  return {
    total: page.total,
    items: page.rows.map((r) => ({
      ...toListItem(r, items.length),
      participantCount: r.participantCount,
      pendingConsent: r.pendingConsent,
      upcomingInterviews: r.upcomingInterviews,
      unlicensedArchive: r.unlicensedArchive,
    })),
  };
}
