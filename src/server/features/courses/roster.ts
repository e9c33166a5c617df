import { and, eq, inArray } from "drizzle-orm";
import { ROSTER_MAX_ROWS, type RosterPersonDto, type RosterPreview } from "../../../common/courses.ts";
import { keys } from "../../../common/query-keys.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { courseEnrolments } from "../../db/schema/index.ts";
import { decodeCsv, parseCsv } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit } from "../audit/service.ts";
import { createInvitation } from "../users/service.ts";
import { mayManageCourses, noCourse, publishCourseChanged } from "./courses.ts";
import * as repo from "./repository.ts";
import { readRoster, type ReadRoster } from "./roster-format.ts";

/** A class list as it arrives: the file's bytes (any encoding, `,` or `;`), or people a script sent as JSON. */
export type RosterSource = { csv: Uint8Array } | { people: { email: string; name: string }[] };

function read(source: RosterSource): ReadRoster {
  if ("people" in source) {
    // Row numbers of a JSON list count its entries from 1, as a person reading the list would.
    const roster: ReadRoster = { format: "list", people: [], problems: [], skipped: [] };
    const seen = new Map<string, number>();
    source.people.forEach((p, i) => {
      const earlier = seen.get(p.email);
      if (earlier !== undefined)
        roster.problems.push({ row: i + 1, reason: `${p.email} is already entry ${earlier}; this one is left out.` });
      else {
        seen.set(p.email, i + 1);
        roster.people.push({ row: i + 1, email: p.email, name: p.name });
      }
    });
    return roster;
  }
  const records = parseCsv(decodeCsv(source.csv));
  if (records.length > ROSTER_MAX_ROWS + 2)
    throw new AppError("bad_request", `A class list has at most ${ROSTER_MAX_ROWS} people; this file has more rows.`);
  return readRoster(records);
}

/**
 * Compares a class list with the course and, unless `dryRun`, makes the course say what the list says: people
 * with an account join (or rejoin), people without one are invited and enrolled by e-mail, and active students
 * the list no longer names are dropped (their row stays, with its history). Everything is decided against the
 * course locked for the transaction, so a second import of the same list finds nothing to do.
 */
export async function importRoster(
  s: Services,
  opts: { caller: Caller; id: string; source: RosterSource; dryRun: boolean },
): Promise<RosterPreview> {
  if (!mayManageCourses(opts.caller))
    throw new AppError("forbidden", "Only staff and admins can import a course's roster.");
  if (!isUuid(opts.id)) throw noCourse();
  const roster = read(opts.source);
  if (roster.people.length === 0)
    throw new AppError(
      "bad_request",
      roster.problems.length
        ? `No row of the class list could be used, so nothing was changed. ${roster.problems
            .slice(0, 3)
            .map((p) => `Row ${p.row}: ${p.reason}`)
            .join(" ")}`
        : "The class list names no students. An empty list would drop everyone, so nothing was changed.",
      { problems: roster.problems, skipped: roster.skipped },
    );

  const outcome = await s.db.transaction(async (tx) => {
    const course = await repo.lockCourse(tx, opts.id);
    if (!course) throw noCourse();
    const accounts = await repo.selectAccountsByEmail(
      tx,
      roster.people.map((p) => p.email),
    );
    const current = new Map(
      (await tx.select().from(courseEnrolments).where(eq(courseEnrolments.courseId, course.id))).map((e) => [
        e.email,
        e,
      ]),
    );
    const added: RosterPersonDto[] = [];
    const unknown: RosterPersonDto[] = [];
    let unchanged = 0;
    const listed = new Set<string>();
    for (const person of roster.people) {
      listed.add(person.email);
      const account = accounts.get(person.email);
      const entry = { email: person.email, name: account?.name ?? person.name, row: person.row };
      const enrolment = current.get(person.email);
      if (enrolment?.status === "active") unchanged++;
      else if (account) added.push(entry);
      else if (enrolment) added.push(entry);
      else unknown.push(entry);
    }
    const droppedRows = [...current.values()].filter((e) => e.status === "active" && !listed.has(e.email));
    const droppedAccounts = await repo.selectAccountsByEmail(
      tx,
      droppedRows.map((e) => e.email),
    );
    const dropped = droppedRows.map((e) => ({
      email: e.email,
      name: droppedAccounts.get(e.email)?.name ?? (e.rosterName || e.email),
    }));
    if (opts.dryRun) return { course, added, unknown, dropped, unchanged };

    const now = new Date();
    for (const person of [...added, ...unknown]) {
      await tx
        .insert(courseEnrolments)
        .values({
          courseId: course.id,
          email: person.email,
          userId: accounts.get(person.email)?.id ?? null,
          rosterName: person.name,
        })
        .onConflictDoUpdate({
          target: [courseEnrolments.courseId, courseEnrolments.email],
          set: { status: "active", droppedAt: null, enrolledAt: now, userId: accounts.get(person.email)?.id ?? null },
        });
    }
    if (droppedRows.length)
      await tx
        .update(courseEnrolments)
        .set({ status: "dropped", droppedAt: now })
        .where(
          and(
            eq(courseEnrolments.courseId, course.id),
            inArray(
              courseEnrolments.id,
              droppedRows.map((e) => e.id),
            ),
          ),
        );
    await recordAudit(tx, opts.caller, {
      action: "course.roster-imported",
      targetType: "course",
      targetId: course.id,
      targetLabel: `${course.code} (${course.term})`,
      details: {
        format: roster.format,
        added: added.length,
        invited: unknown.length,
        dropped: dropped.length,
        unchanged,
        problems: roster.problems.length,
      },
    });
    return { course, added, unknown, dropped, unchanged };
  });

  if (!opts.dryRun) {
    await inviteAll(s, opts.caller, outcome.unknown);
    await publishCourseChanged(s, opts.id);
    if (outcome.unknown.length)
      await s.events.publish({ type: "invitation.updated", invalidate: [keys.invitations()] });
  }
  return {
    format: roster.format,
    applied: !opts.dryRun,
    added: outcome.added,
    dropped: outcome.dropped,
    unknown: outcome.unknown,
    unchanged: outcome.unchanged,
    problems: roster.problems,
    skipped: roster.skipped,
  };
}

/**
 * Through the invitation flow every account comes by (the same mail, link and audit). A person already invited,
 * or who signed up since the preview, needs no second invitation: that refusal is not the import's failure.
 */
async function inviteAll(s: Services, caller: Caller, people: RosterPersonDto[]) {
  for (const person of people) {
    try {
      await createInvitation(s, { actor: caller, email: person.email, role: "student" });
    } catch (err) {
      if (!(err instanceof AppError && err.code === "conflict")) throw err;
    }
  }
}
