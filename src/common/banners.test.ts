import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayTotals, formatDuration, groupBank, mergeLane, minutesFromEighths, parseDuration } from "./banners.ts";

const minutesOf = (text: string) => {
  const r = parseDuration(text);
  return r.ok ? r.minutes : null;
};

describe("typed durations", () => {
  it("reads minutes, h:mm and hours with minutes", () => {
    expect(minutesOf("90")).toBe(90);
    expect(minutesOf("1:30")).toBe(90);
    expect(minutesOf("1 h 30")).toBe(90);
    expect(minutesOf("1h30m")).toBe(90);
    expect(minutesOf("2 h")).toBe(120);
    expect(minutesOf("45 min")).toBe(45);
    expect(minutesOf(" 0:05 ")).toBe(5);
  });

  it("refuses what is not a duration", () => {
    for (const t of ["", "abc", "1.5", "-5", "1:75", "h", "1,5 h", "2 pm"]) expect(minutesOf(t)).toBeNull();
  });

  it("reads back whatever formatDuration and h:mm write", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 }), (m) => {
        expect(minutesOf(formatDuration(m))).toBe(m);
        expect(minutesOf(`${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`)).toBe(m);
        expect(minutesOf(String(m))).toBe(m);
      }),
    );
  });

  it("never throws, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        const r = parseDuration(t);
        if (r.ok) expect(Number.isInteger(r.minutes) && r.minutes >= 0).toBe(true);
      }),
    );
  });
});

describe("a day's totals", () => {
  it("adds the scenes' estimates and the banners' minutes, and is over past the wrap", () => {
    const strips = [
      { eighths: 8, minutes: minutesFromEighths(8) },
      { eighths: 12, minutes: 200 },
    ];
    const t = dayTotals({ generalCall: "08:00", wrap: "12:00", strips, banners: [{ minutes: 30 }] });
    expect(t).toEqual({ scenes: 2, eighths: 20, minutes: 290, length: 240, over: true });
    expect(dayTotals({ generalCall: "08:00", wrap: "", strips, banners: [] }).over).toBe(false);
    // A night shoot wraps after midnight.
    expect(dayTotals({ generalCall: "18:00", wrap: "04:00", strips, banners: [] }).length).toBe(600);
  });
});

describe("the lane's one order", () => {
  it("puts every banner back at its index among the strips, losing and doubling nothing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.nat({ max: 15 }), { maxLength: 6 }),
        (strips, ats) => {
          const banners = ats.map((at, i) => ({ at, id: `b${i}` }));
          const lane = mergeLane(strips, banners);
          expect(lane.length).toBe(strips.length + banners.length);
          expect(lane.filter((x) => typeof x === "number")).toEqual(strips);
          // Written back as indexes and merged again, the lane reads the same.
          const again = lane.flatMap((x, at) => (typeof x === "number" ? [] : [{ ...x, at }]));
          expect(mergeLane(strips, again).map((x) => (typeof x === "number" ? x : x.id))).toEqual(
            lane.map((x) => (typeof x === "number" ? x : x.id)),
          );
        },
      ),
    );
  });
});

describe("views of the unscheduled strips", () => {
  const s = (number: string, location: string, intExt: string, night: boolean, cast: string[]) => ({
    number,
    location,
    intExt,
    night,
    cast,
  });
  const bank = [
    s("10", "KITCHEN", "INT", false, ["INES"]),
    s("2", "PIER", "EXT", true, ["PAUL"]),
    s("3", "KITCHEN", "INT", true, ["PAUL", "INES"]),
  ];
  it("groups by location, in scene order within a group", () => {
    expect(groupBank(bank, "location").map((g) => [g.label, g.strips.map((x) => x.number)])).toEqual([
      ["KITCHEN", ["3", "10"]],
      ["PIER", ["2"]],
    ]);
  });
  it("puts the chosen character's scenes first", () => {
    expect(groupBank(bank, "cast", "INES").map((g) => [g.label, g.strips.map((x) => x.number)])).toEqual([
      ["With INES", ["3", "10"]],
      ["Without INES", ["2"]],
    ]);
  });
  it("keeps every strip once, whatever the view", () => {
    fc.assert(
      fc.property(fc.constantFrom("scene", "location", "intExt", "time", "cast" as const), (sort) => {
        const out = groupBank(bank, sort, "PAUL").flatMap((g) => g.strips.map((x) => x.number));
        expect(out.sort()).toEqual(bank.map((x) => x.number).sort());
      }),
    );
  });
});
