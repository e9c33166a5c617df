import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ModelTimelineDto, TimelineBarDto } from "../../../common/equipment.ts";
import { reservationItems, reservations } from "../../db/schema/index.ts";
import { gearFixture, reserveGear } from "../../test/fixtures.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe.each(DB_KINDS)("a model's timeline on %s", (kind) => {
  let p: TestPortal;
  let projectId: string;
  const units: { id: string; assetTag: string }[] = [];
  const path = (from: number, days = 14, model = "Arm 7") =>
    `/equipment/models/timeline?${new URLSearchParams({ brand: "Timeline Grip", model, from: at(from * 24), to: at((from + days) * 24) })}`;
  const reserve = (itemId: string, from: number, to: number, approve = false) =>
    reserveGear(p, { projectId, itemIds: [itemId], from, to, approve });
  const barsOf = (t: ModelTimelineDto, tag: string): TimelineBarDto[] => t.units.find((u) => u.assetTag === tag)!.bars;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll();
    const fixture = await gearFixture(p, { title: "Timeline Short", category: "Timeline arms" });
    projectId = fixture.projectId;
    for (const n of [3, 1, 2, 4]) {
      const res = await p.as("equipment").post("/equipment/items", {
        categoryId: fixture.categoryId,
        name: "Magic arm",
        brand: "Timeline Grip",
        model: n === 4 ? " arm 7 " : "Arm 7",
        assetTag: `TML-${n}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      units.push(res.body);
    }
    units.sort((a, b) => a.assetTag.localeCompare(b.assetTag));
  }, 120_000);
  afterAll(() => p?.close());

  it("shows every unit of the model by tag, with requested, approved, out, late and maintenance bars", async () => {
    const [one, two, three, four] = units as [
      (typeof units)[0],
      (typeof units)[0],
      (typeof units)[0],
      (typeof units)[0],
    ];
    const requested = await reserve(one.id, 50, 70);
    const approved = await reserve(two.id, 26, 40, true);
    const late = await reserve(three.id, 27, 45, true);
    expect(
      (await p.as("equipment").post("/equipment/desk/checkout", { assetTag: three.assetTag, borrowerNotPresent: true }))
        .status,
    ).toBe(200);
    // Due back yesterday and still out.
    for (const table of [reservations, reservationItems]) {
      const id = table === reservations ? reservations.id : reservationItems.reservationId;
      await p.services.db
        .update(table)
        .set({ startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - DAY) })
        .where(eq(id, late));
    }
    expect(
      (
        await p
          .as("equipment")
          .post(`/equipment/items/${four.id}/status`, { status: "maintenance", note: "Knob loose" })
      ).status,
    ).toBe(200);

    const res = await p.as("equipment").get(path(-2));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const t = res.body as ModelTimelineDto;
    expect(t.name).toBe("Timeline Grip Arm 7");
    expect(t.units.map((u) => u.assetTag)).toEqual(["TML-1", "TML-2", "TML-3", "TML-4"]);
    expect(barsOf(t, "TML-1")).toMatchObject([
      { kind: "requested", reservationId: requested, title: "Timeline Short", requesterName: "Lena Fischer" },
    ]);
    expect(barsOf(t, "TML-2")).toMatchObject([{ kind: "approved", reservationId: approved }]);
    const [lateBar] = barsOf(t, "TML-3");
    expect(lateBar).toMatchObject({ kind: "late", reservationId: late, title: "Timeline Short" });
    // Gear out late runs on past its due time.
    expect(Date.parse(lateBar!.endsAt!)).toBeGreaterThan(Date.now() - HOUR);
    expect(barsOf(t, "TML-4")).toMatchObject([{ kind: "maintenance", title: "Knob loose", endsAt: null }]);

    // Back in, it is a returned bar; the unit's damaged return starts a period in maintenance.
    const back = await p.as("equipment").post("/equipment/desk/checkin", {
      items: [{ assetTag: three.assetTag, condition: "damaged", notes: "Jaw cracked" }],
      borrowerNotPresent: true,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = (await p.as("equipment").get(path(-2))).body as ModelTimelineDto;
    expect(barsOf(after, "TML-3").map((b) => b.kind)).toEqual(["returned", "maintenance"]);
    expect(barsOf(after, "TML-3")[1]).toMatchObject({ title: "Jaw cracked", endsAt: null });

    // A week later than everything, only the open maintenance periods reach in.
    const later = (await p.as("equipment").get(path(30, 7))).body as ModelTimelineDto;
    expect(later.units.map((u) => u.bars.map((b) => b.kind))).toEqual([[], [], ["maintenance"], ["maintenance"]]);
  });

  it("is for the office only, refuses a range too long or backwards, and names a model it does not know", async () => {
    for (const who of ["member", "outsider", "staff"] as const)
      expect((await p.as(who).get(path(0))).status, who).toBe(403);
    expect((await p.as("admin").get(path(0))).status).toBe(200);
    const long = await p.as("equipment").get(path(0, 90));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain("at most 62 days");
    const backwards = await p.as("equipment").get(path(0, -1));
    expect(backwards.status).toBe(400);
    const unknown = await p.as("equipment").get(path(0, 14, "Arm 99"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("No unit of Timeline Grip Arm 99");
  });
});
