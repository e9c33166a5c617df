/**
 * Reading a class list as Canvas and Moodle export it, from the records `lib/csv.ts` parsed. The format is told by
 * the header, whatever the order of its columns and whatever other columns it has (a gradebook carries one per
 * assignment); people are matched by e-mail, so the e-mail is the one thing a row must give.
 */
import type { RosterFormat, RosterRowReport } from "../../../common/courses.ts";
import { emailSchema } from "../../../common/users.ts";
import { AppError } from "../../lib/errors.ts";

export interface RosterEntry {
  /** The record's number in the file, the header being row 1. */
  row: number;
  email: string;
  name: string;
}

export interface ReadRoster {
  format: RosterFormat;
  people: RosterEntry[];
  problems: RosterRowReport[];
  skipped: RosterRowReport[];
}

const norm = (header: string) =>
  header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

/** The columns each export names, as they read in the header (compared without case or extra spaces). */
const COLUMNS = {
  canvasStudent: ["student"],
  canvasSisLogin: ["sis login id"],
  canvasName: ["name"],
  canvasLogin: ["login id"],
  email: ["email", "email address", "e-mail", "e-mail address"],
  moodleFirst: ["first name"],
  moodleLast: ["last name", "surname"],
  roles: ["roles", "role"],
};

export const UNREADABLE_ROSTER =
  'This file is not a class list the portal knows. Export it from Canvas (gradebook or people, with the columns "Student" and "SIS Login ID", or "Name" and "Login ID" or "Email") or from Moodle (participants, with "First name", "Last name" and "Email address"), and upload the CSV as it is.';

const looksLikeEmail = (value: string) => emailSchema.safeParse(value).success;

/** "Fischer, Lena" as Canvas lists students, read as people write names. */
const canvasName = (value: string) => {
  const [last, first, ...rest] = value.split(",").map((p) => p.trim());
  return first && rest.length === 0 ? `${first} ${last}` : value.trim();
};

export function readRoster(records: string[][]): ReadRoster {
  const headerAt = records.findIndex((r) => r.some((cell) => cell.trim() !== ""));
  if (headerAt < 0) throw new AppError("bad_request", "The file is empty: upload the class list exported as CSV.");
  const header = records[headerAt]!.map(norm);
  const col = (names: string[]) => header.findIndex((h) => names.includes(h));
  const at = {
    student: col(COLUMNS.canvasStudent),
    sisLogin: col(COLUMNS.canvasSisLogin),
    name: col(COLUMNS.canvasName),
    login: col(COLUMNS.canvasLogin),
    email: col(COLUMNS.email),
    first: col(COLUMNS.moodleFirst),
    last: col(COLUMNS.moodleLast),
    roles: col(COLUMNS.roles),
  };
  const format: RosterFormat | null =
    at.first >= 0 && at.last >= 0 && at.email >= 0
      ? "moodle"
      : at.student >= 0 && (at.sisLogin >= 0 || at.email >= 0)
        ? "canvas-gradebook"
        : at.name >= 0 && (at.login >= 0 || at.email >= 0)
          ? "canvas-people"
          : null;
  if (!format) throw new AppError("bad_request", UNREADABLE_ROSTER);

  const out: ReadRoster = { format, people: [], problems: [], skipped: [] };
  const seen = new Map<string, number>();
  records.slice(headerAt + 1).forEach((record, i) => {
    const row = headerAt + 2 + i;
    const cell = (index: number) => (index >= 0 ? (record[index] ?? "").trim() : "");
    if (record.every((c) => c.trim() === "")) return;
    if (format === "canvas-gradebook" && /^points possible$/i.test(cell(at.student))) return;
    const roles = cell(at.roles);
    if (roles && !/student/i.test(roles)) {
      out.skipped.push({ row, reason: `Not a student (${roles}); teachers are named on the course itself.` });
      return;
    }
    const name =
      format === "moodle"
        ? `${cell(at.first)} ${cell(at.last)}`.trim()
        : format === "canvas-gradebook"
          ? canvasName(cell(at.student))
          : cell(at.name);
    // Canvas logs people in by whatever the school chose: the login is their e-mail only when it looks like one.
    const candidates =
      format === "moodle"
        ? [cell(at.email)]
        : [cell(format === "canvas-gradebook" ? at.sisLogin : at.login), cell(at.email)];
    const email = candidates.find(looksLikeEmail)?.toLowerCase();
    if (!email) {
      const given = candidates.filter(Boolean);
      out.problems.push({
        row,
        reason: given.length
          ? `${name || "This row"}: "${given[0]}" is not an e-mail address, and the row has no other.`
          : `${name || "This row"}: no e-mail address, which is how people are matched.`,
      });
      return;
    }
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      out.problems.push({ row, reason: `${email} is already on row ${earlier}; this row is left out.` });
      return;
    }
    seen.set(email, row);
    out.people.push({ row, email, name });
  });
  return out;
}
