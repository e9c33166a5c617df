import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { jsonAnswers, PEOPLE } from "../../lib/cache.ts";
import {
  boardSaveInput,
  castSaveInput,
  doodCodes,
  formatPages,
  mapUrl,
  shootDayCreateInput,
  shootDayUpdateInput,
  SHOOT_DAYS_MAX,
  stripColour,
  type BoardSaveInput,
  type CallSheetConfirmationDto,
  type CallSheetContact,
  type CallSheetDto,
  type CastMemberDto,
  type CastSaveInput,
  type ScheduleDto,
  type ShootDayCreateInput,
  type ShootDayDto,
  type ShootDayUpdateInput,
  type StripDto,
} from "../../../common/schedule.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { numberScenes, scenesLocked } from "../../../common/screenplay/numbering.ts";
import { filmRoleList } from "../../../common/projects.ts";
import { syncGreenlight } from "../documents/service.ts";
import { formatDate, formatTime, type DateFormats } from "../../../common/datetime.ts";
import { scriptReport } from "../../../common/screenplay/report.ts";
import type { SceneReport } from "../../../common/screenplay/report.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { callSheetRecipients, castMembers, profiles, projectMembers, projects, scheduleStrips, screenplays, shootDays, stripboards } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import { isUuid } from "../../lib/validate.ts";
import { renderPdf } from "../budgets/pdf.ts";
import { callSheetMail } from "../notifications/emails/call-sheet.ts";
import { contactsFor } from "../projects/contacts.ts";
import { projectFor } from "../projects/access.ts";
import { emailOf } from "../profiles/service.ts";
import { queueEmail } from "../notifications/jobs.ts";
import { getSchoolSettings } from "../school/service.ts";

type S = Pick<Services, "db" | "events" | "config">;

const noDay = () => new AppError("not_found", "There is no shoot day with this id in this project.");
const DAY_MS = 86_400_000;
/** A confirmation link works until a week after its shoot day, then says it has expired. */
const LINK_DAYS_AFTER = 7;
/** A character of the day whom nobody plays yet, as the call sheet shows it. */
const NOT_CAST = "Not cast yet";

type ShootDayRow = typeof shootDays.$inferSelect;

// ── Who may do what: as the project (DESIGN §4) — everyone signed in reads, the crew, staff and admins plan ──

async function projectOf(db: DbOrTx, caller: Caller, projectId: string, opts: { edit?: boolean; lock?: boolean } = {}) {
  const access = await projectFor(db, caller, projectId, {
    need: opts.edit ? "edit" : "read",
    lock: opts.lock,
    denied: "Only the project's crew, staff and admins can change its schedule.",
  });
  return { id: access.project.id, title: access.project.title, canEdit: access.canEdit, contactsVisible: access.contactsVisible };
}

async function publishChanged(s: Pick<S, "db" | "events">, projectId: string) {
  // What is scheduled and who is cast decide which releases the greenlight checklist waits for.
  await syncGreenlight(s.db, projectId);
  // Shoot days also appear on the production overview's timeline.
  await s.events.publish({ type: "schedule.changed", invalidate: [["schedule", projectId], ["overview"], ["project", projectId], ["projects"]], data: { projectId } });
}

// ── The scenes behind the strips ─────────────────────────────────────────────────────────────────

async function boardRow(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({ board: stripboards, updatedByName: profiles.fullName })
    .from(stripboards)
    .leftJoin(profiles, eq(profiles.id, stripboards.updatedBy))
    .where(eq(stripboards.projectId, projectId));
  return row ?? null;
}

async function projectScreenplays(db: DbOrTx, projectId: string) {
  return db
    .select({ id: screenplays.id, title: screenplays.title, body: screenplays.body, lockedScenes: screenplays.lockedScenes, scenesUnlocked: screenplays.scenesUnlocked })
    .from(screenplays)
    .where(eq(screenplays.projectId, projectId))
    .orderBy(desc(screenplays.updatedAt), asc(screenplays.id));
}

/** Scenes added since the last lock: their numbers can still change, so no new strip is keyed to one until a lock writes it in. */
function provisionalScenes(sp: { body: string; lockedScenes: string[] | null } | null): Set<string> {
  if (!sp?.lockedScenes) return new Set();
  return new Set(numberScenes(parseFountain(sp.body).elements.filter((e) => e.type === "scene_heading"), sp.lockedScenes).provisional);
}

/** The board's screenplay: the one chosen, else the project's most recently edited one. */
function chosen<T extends { id: string }>(list: T[], screenplayId: string | null | undefined): T | null {
  return list.find((sp) => sp.id === screenplayId) ?? list[0] ?? null;
}

function toStrip(scene: SceneReport): StripDto {
  return {
    number: scene.number,
    heading: scene.heading,
    intExt: scene.intExt,
    location: scene.location,
    timeOfDay: scene.timeOfDay,
    night: scene.night,
    colour: stripColour(scene.intExt, scene.night),
    eighths: scene.eighths,
    cast: scene.characters,
    omitted: false,
  };
}

/** A scheduled scene the script no longer has: kept in its day, marked, so nobody loses it silently. */
const omittedStrip = (number: string, heading: string): StripDto => ({
  number,
  heading: heading || "OMITTED",
  intExt: "",
  location: "",
  timeOfDay: "",
  night: false,
  colour: "white",
  eighths: 0,
  cast: [],
  omitted: true,
});

/** A day as the server holds it, address included; answers pass it through `contactsFor`. */
type FullDay = ShootDayDto & { address: string };

const toDayDto = (d: ShootDayRow, number: number, strips: StripDto[]): FullDay => ({
  id: d.id,
  number,
  date: d.date,
  location: d.location,
  address: d.address,
  generalCall: d.generalCall,
  notes: d.notes,
  weather: d.weather,
  hospital: d.hospital,
  castCalls: d.castCalls,
  crewCalls: d.crewCalls,
  version: d.version,
  strips,
  eighths: strips.reduce((n, s) => n + s.eighths, 0),
  callSheetSentAt: d.callSheetSentAt?.toISOString() ?? null,
});

interface Assembled {
  days: FullDay[];
  bank: StripDto[];
  scenes: Map<string, SceneReport>;
}

async function assemble(db: DbOrTx, projectId: string, screenplay: { body: string; lockedScenes: string[] | null } | null): Promise<Assembled> {
  const [dayRows, stripRows] = await Promise.all([
    db.select().from(shootDays).where(eq(shootDays.projectId, projectId)).orderBy(asc(shootDays.date), asc(shootDays.createdAt), asc(shootDays.id)),
    db.select().from(scheduleStrips).where(eq(scheduleStrips.projectId, projectId)).orderBy(asc(scheduleStrips.position)),
  ]);
  const report = screenplay?.body.trim() ? scriptReport(screenplay.body, screenplay.lockedScenes ?? null) : null;
  const scenes = new Map<string, SceneReport>();
  for (const sc of report?.scenes ?? []) if (!sc.omitted && !scenes.has(sc.number)) scenes.set(sc.number, sc);
  const scheduled = new Set<string>();
  const byDay = new Map<string, StripDto[]>();
  for (const r of stripRows) {
    scheduled.add(r.sceneNumber);
    const scene = scenes.get(r.sceneNumber);
    const list = byDay.get(r.shootDayId) ?? [];
    list.push(scene ? toStrip(scene) : omittedStrip(r.sceneNumber, r.heading));
    byDay.set(r.shootDayId, list);
  }
  const days = dayRows.map((d, i) => toDayDto(d, i + 1, byDay.get(d.id) ?? []));
  const bank = [...scenes.values()].filter((sc) => !scheduled.has(sc.number)).map(toStrip);
  return { days, bank, scenes };
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A stripboard as the crew's browsers ask for it, kept per viewer until an event names this schedule (a change to
 * the project's screenplay names it too), the project (its crew decides who sees contacts) or the people.
 */
const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 2_000 });

export function browseSchedule(s: Pick<S, "db" | "events">, opts: { caller: Caller; projectId: string }) {
  const scope = { deps: [["schedule", opts.projectId], ["project", opts.projectId], ["projects"], ...PEOPLE, ["school-settings"]] };
  return answers(s.events, `${opts.caller.id} ${opts.projectId}`, scope, () => getSchedule(s, opts));
}

export async function getSchedule(s: Pick<S, "db">, opts: { caller: Caller; projectId: string }): Promise<ScheduleDto> {
  const project = await projectOf(s.db, opts.caller, opts.projectId);
  const { contactsVisible } = project;
  const [board, list] = await Promise.all([boardRow(s.db, project.id), projectScreenplays(s.db, project.id)]);
  const sp = chosen(list, board?.board.screenplayId);
  const [{ days, bank, scenes }, cast] = await Promise.all([assemble(s.db, project.id, sp), castOf(s.db, project.id)]);
  const characters = new Set(days.flatMap((d) => d.strips.flatMap((st) => st.cast)));
  const dates = days.map((d) => d.date);
  const rows = [...characters]
    .map((name) => ({ name, actor: cast.get(name)?.actorName ?? null, ...doodCodes(dates, days.map((d) => d.strips.some((st) => st.cast.includes(name)))) }))
    // The lead first: the character on most days, then by the first day they work.
    .sort((a, b) => b.work - a.work || a.codes.findIndex(Boolean) - b.codes.findIndex(Boolean) || a.name.localeCompare(b.name));
  return {
    projectId: project.id,
    projectTitle: project.title,
    canEdit: project.canEdit,
    screenplays: list.map((x) => ({ id: x.id, title: x.title, locked: scenesLocked({ lockedScenes: x.lockedScenes ?? null, scenesUnlocked: x.scenesUnlocked }) })),
    screenplayId: sp?.id ?? null,
    version: board?.board.version ?? 1,
    updatedByName: board?.updatedByName ?? null,
    days: days.map((d) => contactsFor(d, contactsVisible)),
    bank,
    dood: { dates, rows },
    cast: castList(scenes, cast).map((c) => contactsFor(c, contactsVisible)),
    contactsVisible,
  };
}

// ── The cast ─────────────────────────────────────────────────────────────────────────────────────

type CastRow = typeof castMembers.$inferSelect;

async function castOf(db: DbOrTx, projectId: string): Promise<Map<string, CastRow>> {
  const rows = await db.select().from(castMembers).where(eq(castMembers.projectId, projectId));
  return new Map(rows.map((r) => [r.character, r]));
}

/** The script's speaking characters, the biggest parts first, then anyone still cast whose character was cut. */
function castList(scenes: Map<string, SceneReport>, cast: Map<string, CastRow>): CastMemberDto[] {
  const sceneCount = new Map<string, number>();
  for (const sc of scenes.values()) for (const name of sc.characters) sceneCount.set(name, (sceneCount.get(name) ?? 0) + 1);
  const inScript = [...sceneCount].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  const cut = [...cast.keys()].filter((name) => !sceneCount.has(name)).sort();
  return [...inScript, ...cut].map((character) => {
    const row = cast.get(character);
    return { character, actorName: row?.actorName ?? "", email: row?.email ?? "", phone: row?.phone ?? "", inScript: sceneCount.has(character) };
  });
}

/** Casts (or, with an empty actor name, uncasts) one character of the project. */
export async function saveCast(s: S, opts: { caller: Caller; projectId: string; input: CastSaveInput }): Promise<ScheduleDto> {
  const input = castSaveInput.parse(opts.input);
  const project = await projectOf(s.db, opts.caller, opts.projectId, { edit: true });
  if (!input.actorName) {
    if (input.email || input.phone) throw new AppError("bad_request", "Give the actor's name, or clear the e-mail and phone to take the actor off the cast.");
    await s.db.delete(castMembers).where(and(eq(castMembers.projectId, project.id), eq(castMembers.character, input.character)));
  } else {
    const values = { actorName: input.actorName, email: input.email, phone: input.phone, updatedAt: new Date() };
    await s.db
      .insert(castMembers)
      .values({ projectId: project.id, character: input.character, ...values })
      .onConflictDoUpdate({ target: [castMembers.projectId, castMembers.character], set: values });
  }
  await publishChanged(s, project.id);
  return getSchedule(s, opts);
}

// ── The stripboard ───────────────────────────────────────────────────────────────────────────────

/**
 * Saves where every strip is: the days and their strips in order (scenes left out go to the bank).
 * The board names the version it was loaded at; a later save than that is refused with who saved,
 * so two people planning at once never overwrite each other unseen.
 */
export async function saveBoard(s: S, opts: { caller: Caller; projectId: string; input: BoardSaveInput }): Promise<ScheduleDto> {
  const input = boardSaveInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const board = await boardRow(tx, project.id);
    const current = board?.board.version ?? 1;
    if (input.version !== current) {
      throw new AppError(
        "conflict",
        `${board?.updatedByName ?? "Someone else"} changed the stripboard after you opened it. Their board is shown now; make your move again.`,
        { version: current },
      );
    }
    const list = await projectScreenplays(tx, project.id);
    if (input.screenplayId && !list.some((x) => x.id === input.screenplayId)) throw new AppError("bad_request", "This screenplay is not attached to the project.");
    const switching = input.screenplayId !== undefined && input.screenplayId !== (board?.board.screenplayId ?? null);
    const sp = chosen(list, input.screenplayId !== undefined ? input.screenplayId : board?.board.screenplayId);
    const { scenes } = await assemble(tx, project.id, sp);
    const provisional = provisionalScenes(sp);
    const old = await tx.select().from(scheduleStrips).where(eq(scheduleStrips.projectId, project.id));
    const oldHeading = new Map(old.map((r) => [r.sceneNumber, r.heading]));
    const dayIds = new Set((await tx.select({ id: shootDays.id }).from(shootDays).where(eq(shootDays.projectId, project.id))).map((d) => d.id));
    const seen = new Set<string>();
    const rows: (typeof scheduleStrips.$inferInsert)[] = [];
    for (const day of input.days) {
      if (!dayIds.has(day.id)) throw new AppError("bad_request", "A shoot day of this board no longer exists; reload the schedule.");
      day.scenes.forEach((number, position) => {
        if (seen.has(number)) throw new AppError("bad_request", `Scene ${number} is on the board twice; a scene is shot on one day.`);
        seen.add(number);
        // An omitted scene may stay where it was; a new strip must be a scene of the script.
        const scene = scenes.get(number);
        if (!scene && (switching || !oldHeading.has(number))) throw new AppError("bad_request", `There is no scene ${number} in the screenplay.`);
        if (provisional.has(number) && (switching || !oldHeading.has(number)))
          throw new AppError("conflict", `Scene ${number} was added after the scene numbers were locked. Lock them again in the screenplay to write its number in, then schedule it: until then its number can still change.`);
        rows.push({ projectId: project.id, shootDayId: day.id, sceneNumber: number, position, heading: scene?.heading ?? oldHeading.get(number) ?? "" });
      });
    }
    // Days the save does not mention keep their strips (another person may have just added a day).
    const named = input.days.map((d) => d.id);
    if (named.length) await tx.delete(scheduleStrips).where(and(eq(scheduleStrips.projectId, project.id), inArray(scheduleStrips.shootDayId, named)));
    const elsewhere = old.filter((r) => !named.includes(r.shootDayId) && seen.has(r.sceneNumber)).map((r) => r.sceneNumber);
    if (elsewhere.length) await tx.delete(scheduleStrips).where(and(eq(scheduleStrips.projectId, project.id), inArray(scheduleStrips.sceneNumber, elsewhere)));
    if (rows.length) await tx.insert(scheduleStrips).values(rows);
    const set = { version: current + 1, updatedBy: opts.caller.id, updatedAt: new Date(), ...(input.screenplayId !== undefined ? { screenplayId: input.screenplayId } : {}) };
    await tx
      .insert(stripboards)
      .values({ projectId: project.id, screenplayId: sp?.id ?? null, ...set })
      .onConflictDoUpdate({ target: stripboards.projectId, set });
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

// ── Shoot days ───────────────────────────────────────────────────────────────────────────────────

export async function createShootDay(s: S, opts: { caller: Caller; projectId: string; input: ShootDayCreateInput }): Promise<ScheduleDto> {
  const input = shootDayCreateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const [n] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shootDays).where(eq(shootDays.projectId, project.id));
    if ((n?.n ?? 0) >= SHOOT_DAYS_MAX) throw new AppError("bad_request", `A schedule has at most ${SHOOT_DAYS_MAX} shoot days.`);
    await tx.insert(shootDays).values({ projectId: project.id, ...input });
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

async function dayFor(db: DbOrTx, projectId: string, dayId: string, lock = false) {
  if (!isUuid(dayId)) throw noDay();
  const q = db.select().from(shootDays).where(and(eq(shootDays.id, dayId), eq(shootDays.projectId, projectId)));
  const [day] = lock ? await q.for("update") : await q;
  if (!day) throw noDay();
  return day;
}

export async function updateShootDay(s: S, opts: { caller: Caller; projectId: string; dayId: string; input: ShootDayUpdateInput }): Promise<ScheduleDto> {
  const { version, ...input } = shootDayUpdateInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true });
    const day = await dayFor(tx, project.id, opts.dayId, true);
    if (day.version !== version) {
      throw new AppError("conflict", "Someone else changed this shoot day after you opened it. It is shown as it is now; make your change again.", { version: day.version });
    }
    const clean = (calls: Record<string, string> | undefined) => (calls ? Object.fromEntries(Object.entries(calls).filter(([, t]) => t !== "")) : undefined);
    await tx
      .update(shootDays)
      .set({ ...input, castCalls: clean(input.castCalls), crewCalls: clean(input.crewCalls), version: day.version + 1, updatedAt: new Date() })
      .where(eq(shootDays.id, day.id));
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

/** A deleted day's strips go back to the bank (their rows go with the day). */
export async function deleteShootDay(s: S, opts: { caller: Caller; projectId: string; dayId: string }): Promise<ScheduleDto> {
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const day = await dayFor(tx, project.id, opts.dayId, true);
    await tx.delete(shootDays).where(eq(shootDays.id, day.id));
  });
  await publishChanged(s, opts.projectId);
  return getSchedule(s, opts);
}

// ── Call sheets ──────────────────────────────────────────────────────────────────────────────────

async function crewOf(db: DbOrTx, projectId: string) {
  return db
    .select({ userId: projectMembers.userId, roles: projectMembers.roles, isLead: projectMembers.isLead, name: profiles.fullName, email: profiles.email, phone: profiles.phone, active: profiles.active })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(desc(projectMembers.isLead), asc(profiles.fullName));
}

const CONTACT_ROLES = ["producer", "director", "assistant_director"] as const;

/** The production's contacts on the day, in the order a call sheet lists them. */
function contactsOf(crew: Awaited<ReturnType<typeof crewOf>>): CallSheetContact[] {
  return CONTACT_ROLES.flatMap((role) =>
    crew.filter((m) => m.active && m.roles.includes(role)).map((m) => ({ role: filmRoleList([role]), name: m.name, phone: m.phone ?? "", email: m.email })),
  );
}

const contactLine = (c: CallSheetContact) => `${c.role}: ${[c.name, c.phone, c.email].filter(Boolean).join(", ")}`;

/** The day's characters in name order, with who plays them and their call. */
function castOnDay(day: ShootDayDto, castRows: Map<string, CastRow>) {
  return [...new Set(day.strips.flatMap((st) => st.cast))].sort().map((name) => ({ name, actor: castRows.get(name), call: day.castCalls[name] ?? day.generalCall }));
}

/**
 * The actors of the day who gave an e-mail address, who are sent the sheet like the crew: one per address,
 * with the earliest call of the characters they play that day.
 */
function actorsByEmail(castOfDay: ReturnType<typeof castOnDay>) {
  const byEmail = new Map<string, { name: string; email: string; call: string }>();
  for (const c of castOfDay) {
    if (!c.actor?.email) continue;
    const seen = byEmail.get(c.actor.email);
    if (!seen || c.call < seen.call) byEmail.set(c.actor.email, { name: c.actor.actorName, email: c.actor.email, call: c.call });
  }
  return byEmail;
}

/** For each actor's e-mail address: the numbers of the day's scenes they play in. */
function scenesOfActor(day: ShootDayDto, castOfDay: ReturnType<typeof castOnDay>) {
  const out = new Map<string, string[]>();
  for (const c of castOfDay) {
    if (!c.actor?.email) continue;
    const mine = out.get(c.actor.email) ?? [];
    for (const st of day.strips) if (st.cast.includes(c.name) && !mine.includes(st.number)) mine.push(st.number);
    out.set(c.actor.email, mine);
  }
  for (const [email, numbers] of out) out.set(email, day.strips.map((st) => st.number).filter((n) => numbers.includes(n)));
  return out;
}

async function callSheetParts(db: DbOrTx, caller: Caller, projectId: string, dayId: string) {
  const project = await projectOf(db, caller, projectId);
  const [board, list] = await Promise.all([boardRow(db, project.id), projectScreenplays(db, project.id)]);
  const { days } = await assemble(db, project.id, chosen(list, board?.board.screenplayId));
  const day = days.find((d) => d.id === dayId);
  if (!day) throw noDay();
  const [crew, castRows] = await Promise.all([crewOf(db, project.id), castOf(db, project.id)]);
  const castOfDay = castOnDay(day, castRows);
  const cast = castOfDay.map((c) => ({ name: c.name, role: c.actor?.actorName ?? NOT_CAST, call: c.call }));
  const crewCalls = crew.map((m) => ({ userId: m.userId, name: m.name, role: filmRoleList(m.roles) || (m.isLead ? "Lead" : "Crew"), call: day.crewCalls[m.userId] ?? day.generalCall }));
  const actorsToSend = [...actorsByEmail(castOfDay).values()];
  return { project, day, dayCount: days.length, cast, crew: crewCalls, crewRows: crew, actorsToSend, castOfDay, contacts: contactsOf(crew) };
}

export async function getCallSheet(s: Pick<S, "db">, opts: { caller: Caller; projectId: string; dayId: string }): Promise<CallSheetDto> {
  const parts = await callSheetParts(s.db, opts.caller, opts.projectId, opts.dayId);
  const { contactsVisible } = parts.project;
  const recipients = await s.db
    .select()
    .from(callSheetRecipients)
    .where(eq(callSheetRecipients.shootDayId, parts.day.id))
    .orderBy(asc(callSheetRecipients.name), asc(callSheetRecipients.email));
  return {
    projectId: parts.project.id,
    projectTitle: parts.project.title,
    day: contactsFor(parts.day, contactsVisible),
    dayCount: parts.dayCount,
    cast: parts.cast,
    crew: parts.crew,
    recipients: recipients.map((r) =>
      contactsFor({ userId: r.userId, name: r.name, email: r.email, sentAt: r.sentAt.toISOString(), confirmedAt: r.confirmedAt?.toISOString() ?? null }, contactsVisible),
    ),
    canEdit: parts.project.canEdit,
    canConfirm: recipients.some((r) => r.userId === opts.caller.id && !r.confirmedAt),
    contactsVisible,
  };
}

const longDate = (day: string, f: DateFormats) => formatDate(day, f, { style: "long", weekday: true });

export async function callSheetPdf(s: Pick<S, "db">, opts: { caller: Caller; projectId: string; dayId: string }): Promise<{ fileName: string; bytes: Uint8Array }> {
  const parts = await callSheetParts(s.db, opts.caller, opts.projectId, opts.dayId);
  const { project, dayCount, cast, crew } = parts;
  // The printed sheet follows the same rule as the page: without the right, no address and no contacts.
  const visible = project.contactsVisible;
  const day = contactsFor(parts.day, visible);
  const contacts = visible ? parts.contacts : [];
  const address = day.address ?? "";
  const f = await getSchoolSettings(s.db);
  const bytes = await renderPdf({
    title: `Call sheet: ${project.title}`,
    facts: [
      ["Date", `${longDate(day.date, f)} (day ${day.number} of ${dayCount})`],
      ["Crew call", formatTime(day.generalCall, f)],
      ["Location", day.location || "To be announced"],
      ...(visible ? ([["Address", address || "To be announced"]] as [string, string][]) : []),
      ...(address.trim() ? ([["Map", mapUrl(address)]] as [string, string][]) : []),
      ...(day.weather ? ([["Weather", day.weather]] as [string, string][]) : []),
      ...(day.hospital ? ([["Nearest hospital", day.hospital]] as [string, string][]) : []),
      ["Pages", formatPages(day.eighths)],
    ],
    sections: [
      {
        heading: "Scenes",
        widths: [1, 6, 1.5, 3],
        rows: [
          { cells: ["Scene", "Heading", "Pages", "Cast"], bold: true },
          ...day.strips.map((st) => ({ cells: [st.number, st.omitted ? `${st.heading} (omitted)` : st.heading, formatPages(st.eighths).replace(/ pages?$/, ""), st.cast.join(", ")] })),
        ],
      },
      { heading: "Cast", widths: [4, 4, 1], rows: [{ cells: ["Character", "Actor", "Call"], bold: true }, ...cast.map((c) => ({ cells: [c.name, c.role, formatTime(c.call, f)] }))] },
      { heading: "Crew", widths: [4, 4, 1], rows: [{ cells: ["Name", "Role", "Call"], bold: true }, ...crew.map((c) => ({ cells: [c.name, c.role, formatTime(c.call, f)] }))] },
      ...(contacts.length
        ? [{ heading: "Production contacts", widths: [2, 3, 2, 3], rows: [{ cells: ["Role", "Name", "Phone", "E-mail"], bold: true }, ...contacts.map((c) => ({ cells: [c.role, c.name, c.phone ?? "", c.email ?? ""] }))] }]
        : []),
      ...(day.notes ? [{ heading: "Notes", widths: [1], rows: day.notes.split("\n").map((line) => ({ cells: [line] })) }] : []),
    ],
  });
  return { fileName: `call-sheet-${day.date}.pdf`, bytes };
}

export const confirmationPath = (recipientId: string, token: string) => `/call-sheet-confirm/${recipientId}?token=${encodeURIComponent(token)}`;

/**
 * E-mails the call sheet to every active crew member, each with a personal confirmation link (only the
 * link's hash is kept). Sending again mints new links and asks everyone to confirm again: the sheet may
 * have changed. The mails go through the jobs queue in the same transaction as the recipients' rows.
 */
export async function sendCallSheet(s: S, opts: { caller: Caller; projectId: string; dayId: string }): Promise<CallSheetDto> {
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const parts = await callSheetParts(tx, opts.caller, project.id, opts.dayId);
    const f = await getSchoolSettings(tx);
    const crew = parts.crewRows.filter((m) => m.active).map((m) => ({ userId: m.userId, name: m.name, email: m.email, call: parts.day.crewCalls[m.userId] ?? parts.day.generalCall }));
    if (crew.length === 0) throw new AppError("bad_request", "The project has no crew to send the call sheet to. Add the crew first.");
    // One sheet per address: an actor who is also on the crew gets the crew's.
    const crewEmails = new Set(crew.map((m) => m.email.toLowerCase()));
    const actors = parts.actorsToSend.filter((a) => !crewEmails.has(a.email));
    const recipients = [...crew, ...actors.map((a) => ({ userId: null, ...a }))];
    const playsIn = scenesOfActor(parts.day, parts.castOfDay);
    const now = new Date();
    const expiresAt = new Date(Date.parse(`${parts.day.date}T23:59:59Z`) + LINK_DAYS_AFTER * DAY_MS);
    await tx.delete(callSheetRecipients).where(eq(callSheetRecipients.shootDayId, parts.day.id));
    // Questions about the day go to whoever sent the sheet.
    const replyTo = await emailOf(tx, opts.caller.id);
    for (const m of recipients) {
      const token = newToken();
      const [row] = await tx
        .insert(callSheetRecipients)
        .values({ shootDayId: parts.day.id, userId: m.userId, name: m.name, email: m.email, tokenHash: hashToken(token), expiresAt, sentAt: now })
        .returning({ id: callSheetRecipients.id });
      await queueEmail(
        { db: tx },
        {
          to: m.email,
          ...(replyTo ? { replyTo } : {}),
          ...callSheetMail({
            senderName: opts.caller.name,
            projectTitle: parts.project.title,
            date: longDate(parts.day.date, f),
            dayNumber: parts.day.number,
            call: formatTime(m.call, f),
            location: [parts.day.location, parts.day.address].filter(Boolean).join(", ") || "to be announced",
            mapUrl: parts.day.address.trim() ? mapUrl(parts.day.address) : null,
            hospital: parts.day.hospital,
            weather: parts.day.weather,
            contacts: parts.contacts.map(contactLine),
            scenes: parts.day.strips.map((st) => `${st.number}. ${st.heading}`),
            yourScenes: m.userId ? [] : (playsIn.get(m.email) ?? []),
            notes: parts.day.notes,
            url: new URL(confirmationPath(row!.id, token), s.config.PUBLIC_URL).toString(),
          }),
        },
      );
    }
    await tx.update(shootDays).set({ callSheetSentAt: now }).where(eq(shootDays.id, parts.day.id));
  });
  await publishChanged(s, opts.projectId);
  return getCallSheet(s, opts);
}

/** The signed-in recipient confirms from the call sheet page. */
export async function confirmAsUser(s: S, opts: { caller: Caller; projectId: string; dayId: string; client: { ip: string; userAgent: string } }): Promise<CallSheetDto> {
  await projectOf(s.db, opts.caller, opts.projectId);
  const day = await dayFor(s.db, opts.projectId, opts.dayId);
  const [row] = await s.db
    .update(callSheetRecipients)
    .set({ confirmedAt: sql`coalesce(${callSheetRecipients.confirmedAt}, now())`, confirmedIp: opts.client.ip, confirmedUserAgent: opts.client.userAgent })
    .where(and(eq(callSheetRecipients.shootDayId, day.id), eq(callSheetRecipients.userId, opts.caller.id)))
    .returning({ id: callSheetRecipients.id });
  if (!row) throw new AppError("forbidden", "This call sheet was not sent to you, so there is nothing for you to confirm.");
  await publishChanged(s, opts.projectId);
  return getCallSheet(s, opts);
}

// ── The e-mailed confirmation link (no sign-in, DESIGN §5) ───────────────────────────────────────

const invalidLink = () => new AppError("not_found", "This confirmation link is not valid. Use the link of the latest call sheet e-mail.");

async function byToken(db: DbOrTx, recipientId: string, token: string) {
  if (!isUuid(recipientId) || !TOKEN_PATTERN.test(token)) throw invalidLink();
  const [row] = await db
    .select({ recipient: callSheetRecipients, day: shootDays, projectTitle: projects.title })
    .from(callSheetRecipients)
    .innerJoin(shootDays, eq(shootDays.id, callSheetRecipients.shootDayId))
    .innerJoin(projects, eq(projects.id, shootDays.projectId))
    .where(and(eq(callSheetRecipients.id, recipientId), eq(callSheetRecipients.tokenHash, hashToken(token))));
  if (!row) throw invalidLink();
  if (row.recipient.expiresAt.getTime() < Date.now()) throw new AppError("not_found", "This confirmation link has expired: the shoot day is over.");
  return row;
}

async function confirmationView(db: DbOrTx, row: Awaited<ReturnType<typeof byToken>>): Promise<CallSheetConfirmationDto> {
  const [board, list, castRows] = await Promise.all([boardRow(db, row.day.projectId), projectScreenplays(db, row.day.projectId), castOf(db, row.day.projectId)]);
  const { days } = await assemble(db, row.day.projectId, chosen(list, board?.board.screenplayId));
  const day = days.find((d) => d.id === row.day.id)!;
  const { userId, email } = row.recipient;
  const castOfDay = castOnDay(day, castRows);
  const yours = new Set(userId ? [] : (scenesOfActor(day, castOfDay).get(email) ?? []));
  const crew = await crewOf(db, row.day.projectId);
  return {
    name: row.recipient.name,
    projectTitle: row.projectTitle,
    date: day.date,
    dayNumber: day.number,
    generalCall: day.generalCall,
    personalCall: (userId ? day.crewCalls[userId] : actorsByEmail(castOfDay).get(email)?.call) || day.generalCall,
    location: day.location,
    address: day.address,
    mapUrl: day.address.trim() ? mapUrl(day.address) : null,
    weather: day.weather,
    hospital: day.hospital,
    contacts: contactsOf(crew),
    scenes: day.strips.map((st) => ({ number: st.number, heading: st.heading, pages: formatPages(st.eighths), yours: yours.has(st.number) })),
    notes: day.notes,
    confirmedAt: row.recipient.confirmedAt?.toISOString() ?? null,
  };
}

export async function openConfirmation(s: Pick<S, "db">, opts: { recipientId: string; token: string }): Promise<CallSheetConfirmationDto> {
  return confirmationView(s.db, await byToken(s.db, opts.recipientId, opts.token));
}

/** Confirming twice keeps the first time; the address and browser are recorded (DESIGN §5). */
export async function confirmByToken(s: S, opts: { recipientId: string; token: string; client: { ip: string; userAgent: string } }): Promise<CallSheetConfirmationDto> {
  const row = await byToken(s.db, opts.recipientId, opts.token);
  if (!row.recipient.confirmedAt) {
    await s.db
      .update(callSheetRecipients)
      .set({ confirmedAt: new Date(), confirmedIp: opts.client.ip, confirmedUserAgent: opts.client.userAgent })
      .where(eq(callSheetRecipients.id, row.recipient.id));
    await publishChanged(s, row.day.projectId);
  }
  return confirmationView(s.db, await byToken(s.db, opts.recipientId, opts.token));
}

// ── For other domains: shoot days on the overview timeline and in iCal feeds ─────────────────────

/** Scheduled shoot days of the given projects between two days (both included). */
export async function shootDaysOf(db: DbOrTx, projectIds: string[], from: string, to: string) {
  if (projectIds.length === 0) return [];
  return db
    .select({ projectId: shootDays.projectId, date: sql<string>`${shootDays.date}` })
    .from(shootDays)
    .where(and(inArray(shootDays.projectId, projectIds), sql`${shootDays.date} between ${from} and ${to}`))
    .orderBy(asc(shootDays.date));
}

/** The shoot days of the projects a person is on the crew of or supervises, for their calendar feed. */
export async function feedShootDays(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ day: shootDays, projectTitle: projects.title })
    .from(shootDays)
    .innerJoin(projects, eq(projects.id, shootDays.projectId))
    .where(
      sql`(${projects.supervisorId} = ${userId} or exists(select 1 from ${projectMembers} m where m.project_id = ${projects.id} and m.user_id = ${userId}))`,
    )
    .orderBy(desc(shootDays.date))
    .limit(limit);
}
