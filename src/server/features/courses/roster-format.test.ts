import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvDocument, parseCsv } from "../../lib/csv.ts";
import { readRoster } from "./roster-format.ts";

interface Person {
  first: string;
  last: string;
  email: string;
}

/** Names as people have them: letters at both ends, apostrophes, hyphens and spaces between. */
const namePart = fc.stringMatching(/^[A-Za-zÀ-ÿ]([A-Za-zÀ-ÿ' -]{0,10}[A-Za-zÀ-ÿ])?$/);
/** Addresses as schools hand them out (the e-mail grammar itself is zod's, tested there). */
const schoolEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,10}[a-z0-9]$/), fc.constantFrom("northbridge.edu", "student.uni.ac.uk"))
  .filter(([local]) => !local.includes(".."))
  .map(([local, domain]) => `${local}@${domain}`);
const people = fc.uniqueArray(fc.record({ first: namePart, last: namePart, email: schoolEmail }), {
  minLength: 1,
  maxLength: 12,
  selector: (p) => p.email,
});
const extraColumns = fc.uniqueArray(fc.stringMatching(/^Assignment [0-9]{1,3}$/), { maxLength: 4 });

/** A table of named columns written in the given order, with the extra columns a real export carries. */
function table(columns: Record<string, (p: Person) => string>, extras: string[], order: number[], rows: Person[]) {
  const all = [...Object.entries(columns), ...extras.map((name) => [name, () => "7"] as const)];
  const ordered = order.map((i) => all[i % all.length]!).filter((c, i, a) => a.indexOf(c) === i);
  const missing = all.filter((c) => !ordered.includes(c));
  const cols = [...ordered, ...missing];
  return [cols.map(([name]) => name), ...rows.map((p) => cols.map(([, value]) => value(p)))];
}

const FORMATS = {
  moodle: {
    "First name": (p: Person) => p.first,
    Surname: (p: Person) => p.last,
    "Email address": (p: Person) => p.email,
    Roles: () => "Student",
    "ID number": () => "",
  },
  "canvas-gradebook": {
    Student: (p: Person) => `${p.last}, ${p.first}`,
    ID: () => "1",
    "SIS User ID": () => "",
    "SIS Login ID": (p: Person) => p.email.toUpperCase(),
    Section: () => "A",
  },
  "canvas-people": {
    Name: (p: Person) => `${p.first} ${p.last}`,
    "Login ID": () => "not-an-email",
    Email: (p: Person) => p.email,
    Role: () => "StudentEnrollment",
  },
} as const;

describe("reading a class list", () => {
  it.each(Object.keys(FORMATS) as (keyof typeof FORMATS)[])(
    "finds the same people in a %s export whatever the columns' order and the extra columns",
    (format) => {
      fc.assert(
        fc.property(
          people,
          extraColumns,
          fc.array(fc.nat(), { maxLength: 12 }),
          fc.constantFrom<"," | ";">(",", ";"),
          (list, extras, order, delimiter) => {
            const rows = table(FORMATS[format], extras, order, list);
            // Through the house's writer and reader, as a file would arrive.
            const read = readRoster(parseCsv(csvDocument(rows, delimiter)));
            expect(read.format).toBe(format);
            expect(read.problems).toEqual([]);
            expect(read.people.map((p) => [p.email, p.name])).toEqual(
              list.map((p) => [p.email, `${p.first} ${p.last}`]),
            );
            expect(read.people.map((p) => p.row)).toEqual(list.map((_, i) => i + 2));
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});
