import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import {
  windowCreateInput,
  windowRequestInput,
  type WindowCreateInput,
  type WindowDto,
  type WindowRequestInput,
} from "../../../common/equipment-fair.ts";
import { keys } from "../../../common/query-keys.ts";
import { can, isOffice, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  courses,
  equipmentCategories,
  equipmentItems,
  equipmentKits,
  profiles,
  projectMembers,
  projects,
  requestWindowLots,
  requestWindows,
  windowRequests,
} from "../../db/schema/index.ts";
import { pgCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { isMember } from "../projects/access.ts";
import { getSchoolSettings } from "../school/service.ts";
import { checkLimits } from "./fair-share.ts";
import * as repo from "./repository/index.ts";
import { lotItems } from "./repository/sql.ts";
import { checkId, missing, requireOffice, type S, when } from "./shared.ts";

const DAY = 86_400_000;

export async function publishWindows(s: Pick<S, "events">) {
  await s.events.publish({ type: "equipment.changed", invalidate: [keys.equipmentPart("windows")] });
}

/** The window's lots, and their labels as people read them, for the office's new window. */
export async function lotRows(db: DbOrTx, lots: { kind: "category" | "kit" | "item"; id: string }[]) {
  const rows: {
    kind: "category" | "kit" | "item";
    categoryId?: string;
    kitId?: string;
    itemId?: string;
    label: string;
  }[] = [];
  for (const lot of lots) {
    if (lot.kind === "category") {
      const [c] = await db.select().from(equipmentCategories).where(eq(equipmentCategories.id, lot.id));
      if (!c) throw new AppError("bad_request", "One of the categories does not exist: choose it from the list.");
      rows.push({ kind: "category", categoryId: c.id, label: c.name });
    } else if (lot.kind === "kit") {
      const [k] = await db.select().from(equipmentKits).where(eq(equipmentKits.id, lot.id));
      if (!k) throw new AppError("bad_request", "One of the kits does not exist: choose it from the list.");
      rows.push({ kind: "kit", kitId: k.id, label: k.name });
    } else {
      const [i] = await db.select().from(equipmentItems).where(eq(equipmentItems.id, lot.id));
      if (!i) throw new AppError("bad_request", "One of the items does not exist: choose it from the catalogue.");
      rows.push({ kind: "item", itemId: i.id, label: `${i.name} (${i.assetTag})` });
    }
  }
  const labels = rows.map((r) => r.label);
  const twice = labels.find((l, n) => labels.indexOf(l) !== n);
  if (twice) throw new AppError("bad_request", `${twice} is named twice: a window contests each thing once.`);
  return rows;
}

export async function checkPriorities(db: DbOrTx, ids: string[]) {
  const priorities = [...new Set(ids)];
  if (priorities.length > 0) {
    const found = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, priorities));
    if (found.length !== priorities.length)
      throw new AppError("bad_request", "One of the courses to rank does not exist: choose it from the list.");
  }
  return priorities;
}

export async function createWindow(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; input: WindowCreateInput; now?: Date },
): Promise<WindowDto> {
  requireOffice(opts.caller);
  const input = windowCreateInput.parse(opts.input);
  const now = opts.now ?? new Date();
  if (new Date(input.deadline) <= now)
    throw new AppError("bad_request", "The deadline for requests has passed: give a deadline still to come.");
  const id = await s.db.transaction(async (tx) => {
    const lots = await lotRows(tx, input.lots);
    const priorities = await checkPriorities(tx, input.priorities);
    const [w] = await tx
      .insert(requestWindows)
      .values({
        name: input.name,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        deadline: new Date(input.deadline),
        priorities,
        createdBy: opts.caller.id,
      })
      .returning({ id: requestWindows.id });
    await tx.insert(requestWindowLots).values(lots.map((l) => ({ ...l, windowId: w!.id })));
    return w!.id;
  });
  await publishWindows(s);
  return getWindow(s, { caller: opts.caller, id });
}

export async function getWindow(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<WindowDto> {
  checkId(opts.id, "request window");
  const [w] = await s.db.select().from(requestWindows).where(eq(requestWindows.id, opts.id));
  if (!w) throw missing("request window");
  return (await toDtos(s.db, [w], opts.caller))[0]!;
}

/**
 * Windows whose period has not been over for a month: the open ones first (what a student can still act on), then
 * the recent results and cancellations, newest first.
 */
export async function listWindows(s: Pick<S, "db">, opts: { caller: Caller; now?: Date }): Promise<WindowDto[]> {
  const now = opts.now ?? new Date();
  const rows = await s.db
    .select()
    .from(requestWindows)
    .where(gt(requestWindows.endsAt, new Date(now.getTime() - 30 * DAY)))
    .orderBy(sql`${requestWindows.state} <> 'open'`, desc(requestWindows.startsAt))
    .limit(50);
  return toDtos(s.db, rows, opts.caller, now);
}

async function toDtos(
  db: DbOrTx,
  windows: (typeof requestWindows.$inferSelect)[],
  caller: Caller,
  now = new Date(),
): Promise<WindowDto[]> {
  if (windows.length === 0) return [];
  const ids = windows.map((w) => w.id);
  const office = isOffice(caller.role);
  const crews = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, caller.id));
  const [lots, requests, counts, ranked] = await Promise.all([
    db
      .select()
      .from(requestWindowLots)
      .where(inArray(requestWindowLots.windowId, ids))
      .orderBy(requestWindowLots.label),
    db
      .select({ r: windowRequests, title: projects.title, name: profiles.fullName })
      .from(windowRequests)
      .innerJoin(projects, eq(projects.id, windowRequests.projectId))
      .innerJoin(profiles, eq(profiles.id, windowRequests.requesterId))
      .where(
        and(
          inArray(windowRequests.windowId, ids),
          office ? undefined : or(eq(windowRequests.requesterId, caller.id), inArray(windowRequests.projectId, crews)),
        ),
      )
      .orderBy(sql`${windowRequests.position} nulls last`, projects.title),
    db
      .select({ lotId: windowRequests.lotId, n: sql<number>`count(*)::int` })
      .from(windowRequests)
      .where(inArray(windowRequests.windowId, ids))
      .groupBy(windowRequests.lotId),
    db
      .select({ id: courses.id, code: courses.code })
      .from(courses)
      .where(inArray(courses.id, [...new Set(windows.flatMap((w) => w.priorities))])),
  ]);
  const countOf = new Map(counts.map((c) => [c.lotId, c.n]));
  const codeOf = new Map(ranked.map((c) => [c.id, c.code]));
  return windows.map((w) => {
    const accepting = w.state === "open" && w.deadline > now;
    return {
      id: w.id,
      name: w.name,
      startsAt: w.startsAt.toISOString(),
      endsAt: w.endsAt.toISOString(),
      deadline: w.deadline.toISOString(),
      state: w.state,
      accepting,
      lots: lots
        .filter((l) => l.windowId === w.id)
        .map((l) => ({ id: l.id, kind: l.kind, label: l.label, requestCount: countOf.get(l.id) ?? 0 })),
      priorities: w.priorities.map((id, n) => ({ id, code: codeOf.get(id) ?? "(deleted course)", rank: n + 1 })),
      requests: requests
        .filter((r) => r.r.windowId === w.id)
        .map(({ r, title, name }) => ({
          id: r.id,
          lotId: r.lotId,
          project: { id: r.projectId, title },
          requester: { id: r.requesterId, name },
          createdAt: r.createdAt.toISOString(),
          position: r.position,
          won: r.won,
          reservationId: r.reservationId,
          explanation: r.explanation,
          canWithdraw: accepting,
        })),
      drawnAt: w.drawnAt?.toISOString() ?? null,
      drawnByName: w.drawnByName,
      canDraw: office && w.state === "open" && !accepting,
      canChange: office && w.state === "open",
      cancelledAt: w.cancelledAt?.toISOString() ?? null,
      cancelReason: w.cancelReason,
      lotRefs: lots
        .filter((l) => l.windowId === w.id)
        .map((l) => ({ kind: l.kind, id: (l.categoryId ?? l.kitId ?? l.itemId)! })),
    };
  });
}

/**
 * A crew member asks, for their project, for one unit of a contested thing: checked now against what a booking
 * of the period must meet (strikes, the course's fair share, the certification every unit would need), so a
 * request that could never become a reservation is refused at once rather than at the draw.
 */
export async function requestInWindow(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; id: string; input: WindowRequestInput; now?: Date },
): Promise<WindowDto> {
  checkId(opts.id, "request window");
  const input = windowRequestInput.parse(opts.input);
  const now = opts.now ?? new Date();
  try {
    await s.db.transaction(async (tx) => {
      const [w] = await tx.select().from(requestWindows).where(eq(requestWindows.id, opts.id));
      if (!w) throw missing("request window");
      const f = await getSchoolSettings(tx);
      if (w.state !== "open" || w.deadline <= now)
        throw new AppError(
          "conflict",
          w.state === "cancelled"
            ? `“${w.name}” was cancelled: book what it contested in the catalogue, first come.`
            : `Requests for “${w.name}” closed ${when(w.deadline, f)}; ${w.state === "drawn" ? "the lottery has been drawn" : "the office draws the lottery soon"}.`,
        );
      const [lot] = await tx
        .select()
        .from(requestWindowLots)
        .where(and(eq(requestWindowLots.id, input.lotId), eq(requestWindowLots.windowId, w.id)));
      if (!lot) throw new AppError("bad_request", `“${w.name}” does not contest this: choose one of its things.`);
      const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId));
      if (!project) throw new AppError("bad_request", "There is no such project: choose one of yours from the list.");
      if (!(await isMember(tx, project.id, opts.caller.id)) && !can(opts.caller.role, "equipment.reserve-any"))
        throw new AppError("forbidden", `Only the crew of “${project.title}” can request equipment for it.`);
      const rules = f.equipmentRules;
      const strikesOpen = await repo.countOpenStrikes(tx, opts.caller.id);
      if (strikesOpen >= rules.strikeLimit)
        throw new AppError(
          "forbidden",
          `Strike limit: you have ${strikesOpen} late returns on record and the school's limit is ${rules.strikeLimit}. Ask the equipment office to clear them before you book again.`,
        );
      await checkCertified(tx, lot, opts.caller.id);
      await checkLimits(tx, {
        caller: opts.caller,
        projectId: project.id,
        startsAt: w.startsAt,
        endsAt: w.endsAt,
        now,
      });
      await tx
        .insert(windowRequests)
        .values({ windowId: w.id, lotId: lot.id, projectId: project.id, requesterId: opts.caller.id });
    });
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION)
      throw new AppError(
        "conflict",
        "Your project has already asked for this in this window: one request per project and thing, so a crew cannot buy extra tickets.",
      );
    throw err;
  }
  await publishWindows(s);
  return getWindow(s, opts);
}

/** Every unit of the lot needs a certification the person lacks: the request could never be allotted. */
async function checkCertified(tx: DbOrTx, lot: typeof requestWindowLots.$inferSelect, userId: string) {
  const held = await repo.selectCertificationIds(tx, userId);
  const where = lotItems(tx, lot);
  const items = await repo.selectItemsWhere(tx, where);
  const lacking = (i: (typeof items)[number]) => !!i.item.certificationId && !held.has(i.item.certificationId);
  const refused = lot.kind === "kit" ? items.some(lacking) : items.length > 0 && items.every(lacking);
  if (refused) {
    const names = [...new Set(items.filter(lacking).map((i) => i.certificationName))];
    throw new AppError(
      "forbidden",
      `Certification needed: ${lot.label} needs “${names.join("”, “")}”. The equipment office grants certifications after training.`,
    );
  }
}

/** The requester or their crew takes a request back while the window still takes requests. */
export async function withdrawRequest(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; id: string; requestId: string; now?: Date },
): Promise<WindowDto> {
  checkId(opts.id, "request window");
  checkId(opts.requestId, "request");
  const now = opts.now ?? new Date();
  await s.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ r: windowRequests, w: requestWindows })
      .from(windowRequests)
      .innerJoin(requestWindows, eq(requestWindows.id, windowRequests.windowId))
      .where(and(eq(windowRequests.id, opts.requestId), eq(windowRequests.windowId, opts.id)));
    if (!row) throw missing("request");
    const mine = row.r.requesterId === opts.caller.id || (await isMember(tx, row.r.projectId, opts.caller.id));
    if (!mine && !isOffice(opts.caller.role))
      throw new AppError("forbidden", "Only the project's crew and the equipment office can withdraw this request.");
    if (row.w.state !== "open" || row.w.deadline <= now)
      throw new AppError("conflict", "Requests are closed: this one stays in the draw.");
    await tx.delete(windowRequests).where(eq(windowRequests.id, row.r.id));
  });
  await publishWindows(s);
  return getWindow(s, opts);
}

/** The office ends the requests early (the deadline becomes now), so the lottery can be drawn. */
export async function closeWindow(s: Pick<S, "db" | "events">, opts: { caller: Caller; id: string }) {
  requireOffice(opts.caller);
  checkId(opts.id, "request window");
  const [w] = await s.db.select().from(requestWindows).where(eq(requestWindows.id, opts.id));
  if (!w) throw missing("request window");
  if (w.state !== "open")
    throw new AppError(
      "conflict",
      w.state === "drawn" ? `“${w.name}” has already been drawn.` : `“${w.name}” was cancelled.`,
    );
  const now = new Date();
  if (w.deadline > now) await s.db.update(requestWindows).set({ deadline: now }).where(eq(requestWindows.id, w.id));
  await publishWindows(s);
  return getWindow(s, opts);
}
