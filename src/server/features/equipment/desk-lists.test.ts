import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page, ReservationDto } from "../../../common/equipment.ts";
import { reservationItems, reservations } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe.each(DB_KINDS)("the desk's lists on %s", (kind) => {
  let p: TestPortal;
  let projectId: string;
  let categoryId: string;
  let seq = 0;
  const item = async () => {
    const res = await p.as("equipment").post("/equipment/items", {
      categoryId,
      name: "Desk list tripod",
      assetTag: `DL${kind[0]}-${++seq}`,
      valueMinor: 30_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; assetTag: string };
  };
  const approved = async (itemId: string, from: number, to: number) => {
    const r = await p.as("member").post("/equipment/reservations", {
      projectId,
      startsAt: at(from),
      endsAt: at(to),
      itemIds: [itemId],
      kitIds: [],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`)).status).toBe(200);
    return r.body.id as string;
  };
  /** The ids on one desk list, this test's project only (the demo school's bookings are there too). */
  const list = async (desk: string, dayEnd = at(30)) => {
    const res = await p
      .as("equipment")
      .get(`/equipment/reservations?${new URLSearchParams({ desk, dayEnd, projectId, limit: "50" })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as Page<ReservationDto>).items.map((r) => r.id);
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll();
    const project = await p.as("member").post("/projects", {
      title: "Desk Lists Short",
      type: "fiction",
      academicYear: "2031/32",
      myRoles: ["director"],
    });
    projectId = project.body.id;
    categoryId = (await p.as("equipment").post("/equipment/categories", { name: `Desk tripods ${kind}` })).body.id;
  }, 120_000);
  afterAll(() => p?.close());

  it("moves a reservation from due today to out now to late, in the order the desk meets them", async () => {
    const [a, b, later] = [await item(), await item(), await item()];
    // The school's lead time is a day, so "today" here is a desk day ending 30 hours from now.
    const soon = await approved(a.id, 27, 40);
    const first = await approved(b.id, 25, 40);
    const tomorrow = await approved(later.id, 50, 60);
    expect(await list("due_today")).toEqual([first, soon]);
    expect(await list("due_today", at(55))).toEqual([first, soon, tomorrow]);

    expect(
      (await p.as("equipment").post("/equipment/desk/checkout", { assetTag: a.assetTag, borrowerNotPresent: true }))
        .status,
    ).toBe(200);
    expect(await list("due_today")).toEqual([first]);
    expect(await list("out_now")).toEqual([soon]);
    expect(await list("late")).toEqual([]);

    const past = new Date(Date.now() - 2 * HOUR);
    const began = new Date(Date.now() - 30 * HOUR);
    await p.services.db.update(reservations).set({ startsAt: began, endsAt: past }).where(eq(reservations.id, soon));
    await p.services.db
      .update(reservationItems)
      .set({ startsAt: began, endsAt: past })
      .where(eq(reservationItems.reservationId, soon));
    expect(await list("late")).toEqual([soon]);
    expect(await list("out_now")).toEqual([soon]);

    await p
      .as("equipment")
      .post("/equipment/desk/checkin", { assetTag: a.assetTag, condition: "good", borrowerNotPresent: true });
    expect(await list("out_now")).toEqual([]);
    expect(await list("late")).toEqual([]);
  });

  it("pages in the database, refuses an unknown list, and shows a student only their own", async () => {
    const page = await p.as("equipment").get("/equipment/reservations?desk=out_now&limit=1");
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(1);
    expect(page.body.total).toBeGreaterThanOrEqual(page.body.items.length);
    expect((await p.as("equipment").get("/equipment/reservations?desk=tomorrow")).status).toBe(400);
    expect((await p.as("equipment").get("/equipment/reservations?desk=due_today&dayEnd=tonight")).status).toBe(400);
    const mine = await p.as("member").get("/equipment/reservations?desk=late&limit=50");
    expect(mine.status).toBe(200);
    for (const r of mine.body.items as ReservationDto[])
      expect(r.requester.name).toBe(mine.body.items[0].requester.name);
  });

  it("lists the demo school's late gear", async () => {
    const late = await p.as("equipment").get("/equipment/reservations?desk=late&limit=5");
    expect(late.body.total).toBeGreaterThan(0);
    expect((late.body.items as ReservationDto[]).every((r) => r.overdue)).toBe(true);
  });
});
