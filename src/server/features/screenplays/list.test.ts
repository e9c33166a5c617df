import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCREENPLAY_SCOPES, type ScreenplayListQuery } from "../../../common/screenplay-api.ts";
import { byNewest, pageOf, touchedBy } from "./list.ts";

const PEOPLE = ["p1", "p2", "p3"];
const PROJECTS = ["j1", "j2", "j3"];
const TITLES = ["Salt Road", "salt flats", "Night Bus", "Ölmühle", "road movie"];

const row = fc.record({
  id: fc.uuid(),
  title: fc.constantFrom(...TITLES),
  projectId: fc.option(fc.constantFrom(...PROJECTS), { nil: null }),
  supervisorId: fc.option(fc.constantFrom(...PEOPLE), { nil: null }),
  ownerId: fc.constantFrom(...PEOPLE),
  updatedMicros: fc.integer({ min: 0, max: 50 }),
  pages: fc.integer({ min: 0, max: 130 }),
});
const query = fc.record({
  scope: fc.constantFrom(...SCREENPLAY_SCOPES),
  search: fc.option(fc.constantFrom("salt", "ROAD", "ö", "bus", "x"), { nil: undefined }),
  projectId: fc.option(fc.constantFrom(...PROJECTS), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 6 }),
  offset: fc.integer({ min: 0, max: 8 }),
}) as fc.Arbitrary<ScreenplayListQuery>;
const viewer = fc.record({
  id: fc.constantFrom(...PEOPLE),
  staff: fc.boolean(),
  crews: fc.subarray(PROJECTS).map((c) => new Set(c)),
});

describe("the screenplays list", () => {
  it("pages what the viewer may read and asked for, newest first, each screenplay once", () => {
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 20 }), query, viewer, (raw, q, v) => {
        const rows = raw
          .map((r) => ({
            ...r,
            titleLower: r.title.toLowerCase(),
            projectTitle: r.projectId ? `Project ${r.projectId}` : null,
            ownerName: `Person ${r.ownerId}`,
            updatedAt: new Date(r.updatedMicros),
            revisionCount: 0,
            latestColour: null,
            openNotes: 0,
          }))
          .sort(byNewest);
        // The rule as the SQL said it before the rows were kept in memory.
        const expected = rows.filter(
          (r) =>
            (v.staff || r.ownerId === v.id || r.projectId !== null) &&
            (q.scope !== "mine" || r.ownerId === v.id) &&
            (q.scope !== "projects" || (r.projectId && (v.crews.has(r.projectId) || r.supervisorId === v.id))) &&
            (!q.projectId || r.projectId === q.projectId) &&
            (!q.search || r.title.toLowerCase().includes(q.search.toLowerCase())),
        );
        const page = pageOf(rows, q, v);
        expect(page.total).toBe(expected.length);
        expect(page.items.map((i) => i.id)).toEqual(expected.slice(q.offset, q.offset + q.limit).map((r) => r.id));
        for (const item of page.items) {
          const r = rows.find((x) => x.id === item.id)!;
          expect(item.canEdit).toBe(v.staff || r.ownerId === v.id || (!!r.projectId && v.crews.has(r.projectId)));
        }
      }),
    );
  });

  it("reloads the screenplays an event names, and everything for names it cannot place", () => {
    const rows = new Map([
      ["s1", { projectId: "j1" }],
      ["s2", { projectId: "j1" }],
      ["s3", { projectId: null }],
    ]);
    expect(
      touchedBy({ type: "screenplay.changed", invalidate: [["screenplays"], ["screenplay", "s3"]] }, rows),
    ).toEqual(["s3"]);
    expect(touchedBy({ type: "breakdown.changed", invalidate: [["breakdown", "s1"]] }, rows)).toEqual(["s1"]);
    expect(touchedBy({ type: "project.updated", invalidate: [["project", "j1"]] }, rows)).toEqual(["s1", "s2"]);
    expect(touchedBy({ type: "budget.changed", invalidate: [["project", "j1", "budget"]] }, rows)).toBeNull();
    expect(touchedBy({ type: "x", invalidate: [["projects"]] }, rows)).toBe("all");
    expect(touchedBy({ type: "x", invalidate: [["profile"]] }, rows)).toBe("all");
    expect(touchedBy({ type: "x", invalidate: [["screenplays"]] }, rows)).toBe("all");
    expect(touchedBy({ type: "signed-out-everywhere" }, rows)).toBe("all");
    expect(touchedBy({ type: "x", invalidate: [["notifications"]] }, rows)).toBeNull();
  });
});
