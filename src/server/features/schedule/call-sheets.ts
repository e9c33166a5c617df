import { setupsOf, setupsSection } from "../shots/index.ts";
import { blockedReason } from "../../../common/day-checks.ts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  castIds,
  mapUrl,
  type CallSheetContact,
  type CallSheetDto,
  type ShootDayDto,
} from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { filmRoleList } from "../../../common/projects.ts";
import { formatDate, formatTime, type DateFormats } from "../../../common/datetime.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { callSheetRecipients, profiles, projectMembers, shootDays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { renderPdf } from "../../lib/pdf-table.ts";
import { callSheetMail } from "../../mail/call-sheet.ts";
import { contactsFor } from "../projects/contacts.ts";
import { emailOf } from "../profiles/service.ts";
import { queueEmail } from "../../mail/queue.ts";
import { getSchoolSettings } from "../school/service.ts";
import { DAY_MS, LINK_DAYS_AFTER, noDay, NOT_CAST, type S } from "./shared.ts";
import { assemble, boardRow, chosen, projectOf, projectScreenplays, publishChanged } from "./scenes.ts";
import { castOf } from "./board.ts";
import { actorsByEmail, castOnDay, scenesOfActor } from "./day-cast.ts";
import { dayFor } from "./shoot-days.ts";
import { isMinorOn } from "./minors.ts";
import { siteOf } from "../locations/index.ts";
import { callSheetContacts } from "../production-contacts/index.ts";
import {
  PRODUCTION_CONTACT_KIND_LABELS,
  type CallSheetProductionContact,
} from "../../../common/production-contacts.ts";
import { hospitalLine, libraryHospital, type CallSheetSite } from "../../../common/locations.ts";

// ── Call sheets ──────────────────────────────────────────────────────────────────────────────────

export async function crewOf(db: DbOrTx, projectId: string) {
  return db
    .select({
      userId: projectMembers.userId,
      roles: projectMembers.roles,
      isLead: projectMembers.isLead,
      name: profiles.fullName,
      email: profiles.email,
      phone: profiles.phone,
      active: profiles.active,
    })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(desc(projectMembers.isLead), asc(profiles.fullName));
}

const CONTACT_ROLES = ["producer", "director", "assistant_director"] as const;

/** The production's contacts on the day, in the order a call sheet lists them. */
export function contactsOf(crew: Awaited<ReturnType<typeof crewOf>>): CallSheetContact[] {
  return CONTACT_ROLES.flatMap((role) =>
    crew
      .filter((m) => m.active && m.roles.includes(role))
      .map((m) => ({ role: filmRoleList([role]), name: m.name, phone: m.phone ?? "", email: m.email })),
  );
}

/** "Location: Owner, Harbour flat (Scenes at HARBOUR FLAT)": the kind, the role and why the day lists them. */
const contactRole = (c: CallSheetProductionContact) =>
  [PRODUCTION_CONTACT_KIND_LABELS[c.kind], c.role].filter(Boolean).join(": ") + (c.why ? ` (${c.why})` : "");

const contactLine = (c: Pick<CallSheetContact, "role" | "name"> & { phone?: string; email?: string }) =>
  `${c.role}: ${[c.name, c.phone, c.email].filter(Boolean).join(", ")}`;

/** What decides the day's production contacts beyond its ticks: where its scenes are shot and who works. */
const contactDay = (day: ShootDayDto) => ({
  id: day.id,
  locations: [...new Set(day.strips.map((st) => st.location).filter(Boolean))],
  characters: [...new Set(day.strips.flatMap((st) => st.cast))],
});

async function callSheetParts(db: DbOrTx, caller: Caller, projectId: string, dayId: string) {
  const project = await projectOf(db, caller, projectId);
  const [board, list] = await Promise.all([boardRow(db, project.id), projectScreenplays(db, project.id)]);
  const { days, appearance } = await assemble(
    db,
    project.id,
    chosen(list, board?.board.screenplayId),
    board?.board.estimates,
  );
  const day = days.find((d) => d.id === dayId);
  if (!day) throw noDay();
  const [crew, castRows] = await Promise.all([crewOf(db, project.id), castOf(db, project.id)]);
  const castOfDay = castOnDay(day, castRows, castIds(appearance, board?.board.castOrder ?? null));
  const cast = castOfDay.map((c) => ({
    name: c.name,
    castId: c.castId,
    role: c.actor?.actorName ?? NOT_CAST,
    call: c.call,
    wrap: day.castWraps[c.name] ?? day.wrap,
    ...(c.actor && isMinorOn(c.actor, day.date) ? { chaperone: day.chaperones[c.name] ?? "" } : {}),
  }));
  const crewCalls = crew.map((m) => ({
    userId: m.userId,
    name: m.name,
    role: filmRoleList(m.roles) || (m.isLead ? "Lead" : "Crew"),
    call: day.crewCalls[m.userId] ?? day.generalCall,
    wrap: day.crewWraps[m.userId] ?? day.wrap,
  }));
  const actorsToSend = [...actorsByEmail(castOfDay).values()];
  const site = await siteOf(db, day.locationId);
  // The call sheet shows the day's setups from the shot lists (issue 20).
  const setups = await setupsOf(
    db,
    project.id,
    day.strips.map((st) => st.number),
  );
  return {
    site,
    setups,
    project,
    day,
    dayCount: days.length,
    cast,
    crew: crewCalls,
    crewRows: crew,
    actorsToSend,
    castOfDay,
    contacts: contactsOf(crew),
    // The day's contacts (issue 20), without phone and e-mail for those outside the crew.
    productionContacts: await callSheetContacts(db, project.id, contactDay(day), project.contactsVisible),
  };
}

export async function getCallSheet(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string; dayId: string },
): Promise<CallSheetDto> {
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
      contactsFor(
        {
          userId: r.userId,
          name: r.name,
          email: r.email,
          sentAt: r.sentAt.toISOString(),
          confirmedAt: r.confirmedAt?.toISOString() ?? null,
        },
        contactsVisible,
      ),
    ),
    canEdit: parts.project.canEdit,
    canConfirm: recipients.some((r) => r.userId === opts.caller.id && !r.confirmedAt),
    contactsVisible,
    site: parts.site,
    setups: parts.setups,
    productionContacts: parts.productionContacts,
  };
}

/** The library's hospital when the day has one, else what the crew typed. */
export const hospitalOf = (site: CallSheetSite | null, typed: string) => {
  const h = libraryHospital(site, typed);
  return h ? hospitalLine(h) : typed;
};
const locationContact = (site: CallSheetSite | null) =>
  site ? [site.contactName, site.contactPhone].filter(Boolean).join(", ") : "";

/** The emergency lines of the printed sheet: the hospital with its numbers, and whom to call at the location. */
function emergencyFacts(site: CallSheetSite | null, typed: string): [string, string][] {
  const h = libraryHospital(site, typed);
  if (!h) return typed ? [["Nearest hospital", typed]] : [];
  const contact = locationContact(site);
  return [
    ["Nearest hospital", [h.name, h.address].filter(Boolean).join(", ")],
    ...(h.phone ? ([["Hospital phone", h.phone]] as [string, string][]) : []),
    ...(h.emergencyPhone ? ([["Emergency", h.emergencyPhone]] as [string, string][]) : []),
    ...(contact ? ([["Location contact", contact]] as [string, string][]) : []),
  ];
}

const longDate = (day: string, f: DateFormats) => formatDate(day, f, { style: "long", weekday: true });

export async function callSheetPdf(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string; dayId: string },
): Promise<{ fileName: string; bytes: Uint8Array }> {
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
      ...(day.meal ? ([["Meal", formatTime(day.meal, f)]] as [string, string][]) : []),
      ...(day.wrap ? ([["Estimated wrap", formatTime(day.wrap, f)]] as [string, string][]) : []),
      ["Location", day.location || "To be announced"],
      ...(visible ? ([["Address", address || "To be announced"]] as [string, string][]) : []),
      ...(address.trim() ? ([["Map", mapUrl(address)]] as [string, string][]) : []),
      ...(day.weather ? ([["Weather", day.weather]] as [string, string][]) : []),
      ...emergencyFacts(parts.site, day.hospital),
      ...(!libraryHospital(parts.site, day.hospital) && locationContact(parts.site)
        ? ([["Location contact", locationContact(parts.site)]] as [string, string][])
        : []),
      ["Pages", formatPages(day.eighths)],
    ],
    sections: [
      {
        heading: "Scenes",
        widths: [1, 6, 1.5, 3],
        rows: [
          { cells: ["Scene", "Heading", "Pages", "Cast"], bold: true },
          ...day.strips.map((st) => ({
            cells: [
              st.number,
              st.omitted ? `${st.heading} (omitted)` : st.heading,
              formatPages(st.eighths).replace(/ pages?$/, ""),
              st.cast.join(", "),
            ],
          })),
        ],
      },
      ...(parts.setups.length ? [setupsSection(parts.setups)] : []),
      {
        heading: "Cast",
        widths: [0.6, 4, 4, 1, 1],
        rows: [
          { cells: ["ID", "Character", "Actor", "Call", "Wrap"], bold: true },
          ...cast.map((c) => ({
            cells: [
              c.castId === null ? "" : String(c.castId),
              c.name,
              c.chaperone !== undefined ? `${c.role} (minor; chaperone: ${c.chaperone || "not named"})` : c.role,
              formatTime(c.call, f),
              c.wrap ? formatTime(c.wrap, f) : "",
            ],
          })),
        ],
      },
      {
        heading: "Crew",
        widths: [4, 4, 1, 1],
        rows: [
          { cells: ["Name", "Role", "Call", "Wrap"], bold: true },
          ...crew.map((c) => ({ cells: [c.name, c.role, formatTime(c.call, f), c.wrap ? formatTime(c.wrap, f) : ""] })),
        ],
      },
      ...(contacts.length || parts.productionContacts.length
        ? [
            {
              heading: "Production contacts",
              widths: [2, 3, 2, 3],
              rows: [
                { cells: ["Role", "Name", "Phone", "E-mail"], bold: true },
                ...contacts.map((c) => ({ cells: [c.role, c.name, c.phone ?? "", c.email ?? ""] })),
                // The production's locations and vendors (issue 20), named even where their numbers are not shown.
                ...parts.productionContacts.map((c) => ({
                  cells: [contactRole(c), c.name, c.phone ?? "", c.email ?? ""],
                })),
              ],
            },
          ]
        : []),
      ...(day.notes
        ? [{ heading: "Notes", widths: [1], rows: day.notes.split("\n").map((line) => ({ cells: [line] })) }]
        : []),
    ],
  });
  return { fileName: `call-sheet-${day.date}.pdf`, bytes };
}

export const confirmationPath = (recipientId: string, token: string) =>
  `/call-sheet-confirm/${recipientId}?token=${encodeURIComponent(token)}`;

/**
 * E-mails the call sheet to every active crew member, each with a personal confirmation link (only the
 * link's hash is kept). Sending again mints new links and asks everyone to confirm again: the sheet may
 * have changed. The mails go through the jobs queue in the same transaction as the recipients' rows.
 */
export async function sendCallSheet(
  s: S,
  opts: { caller: Caller; projectId: string; dayId: string },
): Promise<CallSheetDto> {
  await s.db.transaction(async (tx) => {
    const project = await projectOf(tx, opts.caller, opts.projectId, { edit: true, lock: true });
    const parts = await callSheetParts(tx, opts.caller, project.id, opts.dayId);
    const blocked = blockedReason(parts.day.checks);
    if (blocked) throw new AppError("conflict", blocked);
    const f = await getSchoolSettings(tx);
    const crew = parts.crewRows
      .filter((m) => m.active)
      .map((m) => ({
        userId: m.userId,
        name: m.name,
        email: m.email,
        call: parts.day.crewCalls[m.userId] ?? parts.day.generalCall,
      }));
    if (crew.length === 0)
      throw new AppError("bad_request", "The project has no crew to send the call sheet to. Add the crew first.");
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
        .values({
          shootDayId: parts.day.id,
          userId: m.userId,
          name: m.name,
          email: m.email,
          tokenHash: hashToken(token),
          expiresAt,
          sentAt: now,
        })
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
            hospital: hospitalOf(parts.site, parts.day.hospital),
            locationContact: locationContact(parts.site),
            weather: parts.day.weather,
            // The production's contacts follow the contacts rule per recipient: numbers for the crew, names for actors.
            contacts: [
              ...parts.contacts,
              ...parts.productionContacts.map((c) => ({ ...contactsFor(c, m.userId !== null), role: contactRole(c) })),
            ].map(contactLine),
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
export async function confirmAsUser(
  s: S,
  opts: { caller: Caller; projectId: string; dayId: string; client: { ip: string; userAgent: string } },
): Promise<CallSheetDto> {
  await projectOf(s.db, opts.caller, opts.projectId);
  const day = await dayFor(s.db, opts.projectId, opts.dayId);
  const [row] = await s.db
    .update(callSheetRecipients)
    .set({
      confirmedAt: sql`coalesce(${callSheetRecipients.confirmedAt}, now())`,
      confirmedIp: opts.client.ip,
      confirmedUserAgent: opts.client.userAgent,
    })
    .where(and(eq(callSheetRecipients.shootDayId, day.id), eq(callSheetRecipients.userId, opts.caller.id)))
    .returning({ id: callSheetRecipients.id });
  if (!row)
    throw new AppError("forbidden", "This call sheet was not sent to you, so there is nothing for you to confirm.");
  await publishChanged(s, opts.projectId);
  return getCallSheet(s, opts);
}
