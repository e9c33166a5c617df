import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DayCheck } from "../../../common/day-checks.ts";
import { formatDate, formatTime } from "../../../common/datetime.ts";
import type { CastMinorDto } from "../../../common/schedule.ts";
import {
  ADULT_AGE,
  ageOn,
  bandFor,
  bandLabel,
  formatHours,
  minutesPastLatest,
  minutesToWrap,
} from "../../../common/working-hours.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { castMembers, documents } from "../../db/schema/index.ts";
import { createFromTemplate, createSubmission } from "../documents/index.ts";
import { getSchoolSettings } from "../school/service.ts";
import type { S } from "./shared.ts";
import { charactersOf, dayFacts, type CheckedDay, type MinorPapers } from "./working-hours.ts";

type CastRow = typeof castMembers.$inferSelect;

const key = (name: string) => name.trim().toLocaleLowerCase();

/** A cast member is a minor on a date when born under 18 years before it, or marked one without a date of birth. */
export function isMinorOn(row: Pick<CastRow, "dateOfBirth" | "minor">, date: string): boolean {
  if (row.dateOfBirth) return ageOn(row.dateOfBirth, date) < ADULT_AGE;
  return row.minor;
}

const consentRows = preparedQuery((db) =>
  db
    .select({
      releaseFor: documents.releaseFor,
      // Written out: a select from one table names its columns without the table, and a bare "id" inside the
      // subquery would be the submission's own.
      signed: sql<boolean>`exists (select 1 from signature_submissions s
        where s.document_id = "documents"."id" and s.status = 'completed')`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, sql.placeholder("projectId")),
        isNull(documents.deletedAt),
        eq(documents.template, "minor_consent"),
        isNotNull(documents.releaseFor),
      ),
    ),
);

/**
 * The guardian's consent of each minor, by the actor's name as the consent names the minor (`release_for`, the
 * same match the greenlight's releases use): signed once a request for it completed, else sent while one exists.
 */
export async function consentStates(db: DbOrTx, projectId: string): Promise<Map<string, "sent" | "signed">> {
  const out = new Map<string, "sent" | "signed">();
  for (const r of await consentRows(db, { projectId }))
    if (out.get(key(r.releaseFor!)) !== "signed") out.set(key(r.releaseFor!), r.signed ? "signed" : "sent");
  return out;
}

const permitRows = preparedQuery((db) =>
  db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, sql.placeholder("projectId")),
        sql`${documents.id} = any(${sql.placeholder("ids")}::uuid[])`,
        isNull(documents.deletedAt),
      ),
    ),
);

/** The titles of the permits cast members point at, without those deleted since. */
export async function permitTitles(db: DbOrTx, projectId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await permitRows(db, { projectId, ids });
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The consents and permits of a project's cast: two statements, or one with no permit named. */
export async function minorPapers(db: DbOrTx, projectId: string, cast: CastRow[]): Promise<MinorPapers> {
  const [consents, permits] = await Promise.all([
    consentStates(db, projectId),
    permitTitles(
      db,
      projectId,
      cast.flatMap((c) => (c.permitDocumentId ? [c.permitDocumentId] : [])),
    ),
  ]);
  return { consents, permits };
}

/** The cast list's view of a cast member's minor status, as of `today`. */
export function minorDto(
  row: CastRow,
  today: string,
  consents: Map<string, "sent" | "signed">,
  permits: Map<string, string>,
  contactsVisible: boolean,
): CastMinorDto {
  const title = row.permitDocumentId ? permits.get(row.permitDocumentId) : undefined;
  return {
    dateOfBirth: row.dateOfBirth,
    isMinor: isMinorOn(row, today),
    marked: row.minor,
    guardianName: row.guardianName,
    ...(contactsVisible ? { guardianEmail: row.guardianEmail } : {}),
    consent: consents.get(key(row.actorName)) ?? "none",
    permit:
      row.permitDocumentId && title !== undefined
        ? { documentId: row.permitDocumentId, title, expiresOn: row.permitExpiresOn }
        : null,
  };
}

/**
 * Casting a minor with a guardian's e-mail makes the school's "Minor guardian consent" for them and sends it to
 * the guardian through the documents' signing flow, once: a consent already made for the minor (sent, signed or
 * made by hand) is left as it is.
 */
export async function askGuardianConsent(s: S, caller: Caller, projectId: string, row: CastRow): Promise<boolean> {
  if (!row.guardianEmail || !row.guardianName || !isMinorOn(row, new Date().toISOString().slice(0, 10))) return false;
  if ((await consentStates(s.db, projectId)).has(key(row.actorName))) return false;
  const doc = await createFromTemplate(s, {
    caller,
    projectId,
    input: { template: "minor_consent", party: row.guardianName, detail: row.actorName },
  });
  await createSubmission(s, {
    caller,
    projectId,
    documentId: doc.id,
    input: {
      signers: [{ name: row.guardianName, email: row.guardianEmail, role: "signer" }],
      message: `Please sign your consent for ${row.actorName} to take part in the production.`,
    },
  });
  return true;
}

/**
 * Minors on set (source "minor"): on each day a minor works (their character's scenes are shot), their hours on
 * set against their age band, work past the school's latest hour, a named chaperone, a work permit valid on the
 * day, and the guardian's consent signed.
 */
export async function minorChecks(
  db: DbOrTx,
  projectId: string,
  days: readonly CheckedDay[],
  facts = dayFacts(db, projectId, days),
) {
  const cast = await facts.cast();
  const out = new Map<string, DayCheck[]>();
  if (!cast.some((c) => c.minor || c.dateOfBirth)) return out;
  const [settings, times, { consents, permits }] = await Promise.all([
    getSchoolSettings(db),
    facts.times(),
    facts.minorPapers ? facts.minorPapers() : minorPapers(db, projectId, cast),
  ]);
  const rules = settings.minorRules;
  const byCharacter = new Map(cast.map((c) => [c.character, c]));
  for (const day of days) {
    const t = times.get(day.id);
    const checks: DayCheck[] = [];
    const warn = (message: string) => checks.push({ source: "minor", level: "warning", message });
    for (const character of charactersOf(day)) {
      const row = byCharacter.get(character);
      if (!row || !isMinorOn(row, day.date)) continue;
      const age = row.dateOfBirth ? ageOn(row.dateOfBirth, day.date) : null;
      const who = age === null ? `${row.actorName} (minor)` : `${row.actorName} (age ${age})`;
      const call = day.castCalls[character] ?? day.generalCall;
      const wrap = t?.castWraps[character] ?? t?.wrap ?? "";
      const band = age === null ? null : bandFor(rules, age);
      if (age === null) warn(`${who}: give the date of birth to check the hours allowed at their age`);
      if (!wrap) warn(`${who}: plan a wrap time to check the minor's hours`);
      else {
        const minutes = minutesToWrap(call, wrap);
        if (band && minutes > band.maxHours * 60)
          warn(
            `${who}: ${formatHours(minutes)} on set, over the ${band.maxHours} h allowed at ${bandLabel(rules, band)}`,
          );
        if (minutesPastLatest(call, wrap, rules.latestEnd) > 0)
          warn(
            `${who}: works until ${formatTime(wrap, settings)}, after the latest hour for minors (${formatTime(rules.latestEnd, settings)})`,
          );
      }
      if (!t?.chaperones[character]?.trim()) warn(`${who}: no chaperone or studio teacher named`);
      const permit = row.permitDocumentId ? permits.get(row.permitDocumentId) : undefined;
      if (permit === undefined) warn(`${who}: no work permit`);
      else if (!row.permitExpiresOn) warn(`${who}: give the work permit's expiry date`);
      else if (row.permitExpiresOn < day.date)
        warn(`${who}: work permit expired on ${formatDate(row.permitExpiresOn, settings)}`);
      if (consents.get(key(row.actorName)) !== "signed") warn(`${who}: guardian's consent not signed`);
    }
    if (checks.length) out.set(day.id, checks);
  }
  return out;
}
