import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alignSources,
  courseGreenlightInput,
  dueDateOf,
  isOverdue,
  LEAD_DAYS_MAX,
  leadDaysOf,
  leadParts,
  leadText,
} from "./course-greenlight.ts";
import { DAY_MS, isoDay, utcMidnight } from "./time.ts";
import { DEFAULT_GREENLIGHT_ITEMS } from "./projects.ts";

/** Days from 2000 to 2099, as the schedule keeps them. */
const dayArb = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2099, 11, 31) / DAY_MS })
  .map((n) => isoDay(new Date(n * DAY_MS)));
const leadArb = fc.option(fc.integer({ min: 0, max: LEAD_DAYS_MAX }), { nil: null });
const daysBetween = (a: string, b: string) => (utcMidnight(b).getTime() - utcMidnight(a).getTime()) / DAY_MS;

describe("a course deadline's due date", () => {
  it("is the first shoot day minus the lead, and an item without a lead has none", () => {
    fc.assert(
      fc.property(dayArb, leadArb, (first, lead) => {
        const due = dueDateOf(first, lead);
        if (lead === null) expect(due).toBeNull();
        else {
          expect(due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(daysBetween(due!, first)).toBe(lead);
        }
      }),
    );
  });

  it("moves with the first shoot day, every item by the same number of days", () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: -400, max: 400 }),
        fc.array(leadArb, { maxLength: 20 }),
        (first, by, leads) => {
          const moved = isoDay(new Date(utcMidnight(first).getTime() + by * DAY_MS));
          leads.forEach((lead) => {
            const before = dueDateOf(first, lead);
            const after = dueDateOf(moved, lead);
            if (lead === null) return expect([before, after]).toEqual([null, null]);
            expect(daysBetween(before!, after!)).toBe(by);
          });
        },
      ),
    );
  });

  it("is no date at all while no shoot day is scheduled", () => {
    fc.assert(
      fc.property(leadArb, (lead) => {
        expect(dueDateOf(null, lead)).toBeNull();
      }),
    );
  });

  it("is overdue only when it is not done and its day has passed", () => {
    fc.assert(
      fc.property(dayArb, dayArb, fc.boolean(), (due, today, done) => {
        expect(isOverdue(due, done, today)).toBe(!done && due < today);
        expect(isOverdue(null, done, today)).toBe(false);
      }),
    );
  });
});

describe("a lead as people type it", () => {
  it("reads back the days it was typed as, in weeks when whole weeks", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LEAD_DAYS_MAX }), (days) => {
        const { amount, unit } = leadParts(days);
        expect(leadDaysOf(amount, unit)).toBe(days);
      }),
    );
    expect(leadText(28)).toBe("4 weeks before the first shoot day");
    expect(leadText(7)).toBe("1 week before the first shoot day");
    expect(leadText(10)).toBe("10 days before the first shoot day");
    expect(leadText(0)).toBe("on the first shoot day");
  });

  it("is refused with a message past a year, below zero or in part days", () => {
    const item = { key: "script_locked", label: "Script locked", source: "manual", tickedBy: "member" } as const;
    for (const leadDays of [LEAD_DAYS_MAX + 1, -1, 1.5]) {
      const r = courseGreenlightInput.safeParse({ items: [{ ...item, leadDays }] });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/deadline/i);
    }
    expect(courseGreenlightInput.parse({ items: [item] }).items[0]!.leadDays).toBeNull();
  });
});

describe("a course list read against the school's", () => {
  it("keeps the school's source for the school's keys, and is ticked by hand for any other", () => {
    const course = [
      { key: "budget_approved", label: "Budget signed off", source: "budget", tickedBy: "staff", leadDays: 21 },
      { key: "script_locked", label: "Script locked", source: "manual", tickedBy: "member", leadDays: 28 },
    ] as const;
    // The school has since dropped its budget item: the course's copy is ticked by hand from now on.
    const school = DEFAULT_GREENLIGHT_ITEMS.filter((i) => i.key !== "budget_approved");
    expect(alignSources([...course], school).map((i) => [i.key, i.source, i.label, i.leadDays])).toEqual([
      ["budget_approved", "manual", "Budget signed off", 21],
      ["script_locked", "manual", "Script locked", 28],
    ]);
    expect(alignSources([...course], DEFAULT_GREENLIGHT_ITEMS)).toEqual(course);
  });
});
