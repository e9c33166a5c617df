import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import type { WindowDto } from "../../../common/equipment-fair.ts";
import { jobs, notifications, requestWindows } from "../../db/schema/index.ts";
import { DB_KINDS, DEMO_PEOPLE, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll, type MatrixRow } from "../../test/matrix.ts";

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe.each(DB_KINDS)("correcting and cancelling a request window on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let projectId: string;
  let cams: string;
  let lights: string;
  const items: string[] = [];
  let n = 0;

  const form = (json: Record<string, unknown> = {}) => ({
    name: `Window ${kind} ${++n}`,
    startsAt: at(40),
    endsAt: at(42),
    deadline: at(30),
    lots: [
      { kind: "category", id: cams },
      { kind: "category", id: lights },
    ],
    priorities: [],
    ...json,
  });
  const open = async (json: Record<string, unknown> = {}) => {
    const res = await p.as("equipment").post("/equipment/windows", form(json));
    expect(res.status, res.text).toBe(201);
    return res.body as WindowDto;
  };
  const lotOf = (w: WindowDto, label: string) => w.lots.find((l) => l.label === label)!.id;
  const ask = (w: WindowDto, label: string) =>
    p.as("member").post(`/equipment/windows/${w.id}/requests`, { lotId: lotOf(w, label), projectId });
  const noticesOf = (userId: string, title: string) =>
    p.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
      .orderBy(desc(notifications.createdAt));
  const mailsTo = async (email: string, subject: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
    )
      .map((j) => j.payload as { subject: string; text: string })
      .filter((m) => m.subject === subject);

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
    const res = await p
      .as("member")
      .post("/projects", { title: `Moved ${kind}`, type: "fiction", academicYear: "2031/32", myRoles: ["director"] });
    expect(res.status, res.text).toBe(201);
    projectId = res.body.id;
    cams = (await p.as("equipment").post("/equipment/categories", { name: `Change cams ${kind}` })).body.id;
    lights = (await p.as("equipment").post("/equipment/categories", { name: `Change lights ${kind}` })).body.id;
    for (const [categoryId, tag] of [
      [cams, "CAM"],
      [lights, "LGT"],
    ] as const) {
      const item = await p.as("equipment").post("/equipment/items", {
        categoryId,
        name: tag,
        assetTag: `CHG-${kind}-${tag}`,
      });
      expect(item.status, item.text).toBe(201);
      items.push(item.body.id);
    }
  }, 120_000);
  afterAll(() => p?.close());

  it("corrects a window with the form, keeps its requests and tells requesters of new dates", async () => {
    const w = await open();
    expect(w.canChange).toBe(true);
    expect((await ask(w, `Change cams ${kind}`)).status).toBe(201);
    const res = await p
      .as("equipment")
      .put(`/equipment/windows/${w.id}`, form({ name: "Corrected weekend", deadline: at(35), startsAt: at(41) }));
    expect(res.status, res.text).toBe(200);
    const fixed = res.body as WindowDto;
    expect(fixed.name).toBe("Corrected weekend");
    expect(Math.abs(new Date(fixed.deadline).getTime() - (Date.now() + 35 * DAY))).toBeLessThan(60_000);
    expect(fixed.requests).toHaveLength(1);
    expect(fixed.lots.find((l) => l.label === `Change cams ${kind}`)!.requestCount).toBe(1);
    const title = "Request window “Corrected weekend” has new dates";
    expect(await noticesOf(ids.member!, title)).toHaveLength(1);
    expect(await mailsTo(DEMO_PEOPLE.member, "Request window changed: “Corrected weekend”")).toHaveLength(1);
    // A name alone moves nobody's plans: no notice.
    const renamed = await p.as("equipment").put(`/equipment/windows/${w.id}`, {
      ...form(),
      name: "Corrected weekend",
      startsAt: fixed.startsAt,
      endsAt: fixed.endsAt,
      deadline: fixed.deadline,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await noticesOf(ids.member!, title)).toHaveLength(1);
    // An unrequested thing can be dropped.
    const dropped = await p.as("equipment").put(`/equipment/windows/${w.id}`, {
      ...form(),
      name: "Corrected weekend",
      startsAt: fixed.startsAt,
      endsAt: fixed.endsAt,
      deadline: fixed.deadline,
      lots: [{ kind: "category", id: cams }],
    });
    expect(dropped.status, dropped.text).toBe(200);
    expect((dropped.body as WindowDto).lots.map((l) => l.label)).toEqual([`Change cams ${kind}`]);
  });

  it("refuses each correction it cannot make, in words", async () => {
    const w = await open();
    expect((await ask(w, `Change lights ${kind}`)).status).toBe(201);
    const put = (json: Record<string, unknown>) => p.as("equipment").put(`/equipment/windows/${w.id}`, form(json));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ deadline: at(-1) }, 400, "The deadline for requests has passed: give a deadline still to come."],
      [{ deadline: at(41) }, 400, "The deadline for requests must come before the period starts."],
      [{ endsAt: at(39) }, 400, "The period must end after it starts."],
      [
        { lots: [{ kind: "category", id: cams }] },
        409,
        `Change lights ${kind} has already been requested, so the window keeps contesting it: ask the requesters to withdraw, or cancel the window.`,
      ],
      [{ name: "" }, 400, "Give the window a name"],
    ];
    for (const [json, status, message] of cases) {
      const res = await put(json);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.message).toContain(message);
    }
    for (const who of ["member", "outsider", "staff"]) {
      const res = await p.as(who).put(`/equipment/windows/${w.id}`, form());
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("Only the equipment office can do this.");
    }
    expect((await p.anonymous.put(`/equipment/windows/${w.id}`, form())).status).toBe(401);
    expect((await p.as("equipment").put(`/equipment/windows/${items[0]}`, form())).status).toBe(404);
  });

  it("cancels a window: its requests go, its gear is booked first come again and requesters hear why", async () => {
    // A period of its own: the other tests' open windows hold back the same gear for theirs.
    const w = await open({ startsAt: at(60), endsAt: at(62), deadline: at(50) });
    const reserve = () =>
      p.as("member").post("/equipment/reservations", {
        projectId,
        startsAt: at(60),
        endsAt: at(61),
        itemIds: [items[0]],
        kitIds: [],
      });
    expect((await reserve()).status).toBe(409);
    expect((await ask(w, `Change cams ${kind}`)).status).toBe(201);
    for (const who of ["member", "outsider", "staff"])
      expect((await p.as(who).post(`/equipment/windows/${w.id}/cancel`, { reason: "no" })).status).toBe(403);
    const res = await p
      .as("equipment")
      .post(`/equipment/windows/${w.id}/cancel`, { reason: "The festival moved to January." });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      state: "cancelled",
      accepting: false,
      canChange: false,
      canDraw: false,
      cancelReason: "The festival moved to January.",
      requests: [],
    });
    const title = `Request window “${w.name}” was cancelled`;
    const [notice] = await noticesOf(ids.member!, title);
    expect(notice?.body).toContain("The office's reason: The festival moved to January.");
    const [mail] = await mailsTo(DEMO_PEOPLE.member, `Request window cancelled: “${w.name}”`);
    expect(mail?.text).toContain("The festival moved to January.");
    const booked = await reserve();
    expect(booked.status, booked.text).toBe(201);
    // Still listed, as cancelled, and closed to requests.
    const listed = ((await p.as("member").get("/equipment/windows")).body as WindowDto[]).find((x) => x.id === w.id);
    expect(listed?.state).toBe("cancelled");
    const late = await ask(w, `Change lights ${kind}`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("was cancelled");
    const again = await p.as("equipment").post(`/equipment/windows/${w.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`“${w.name}” was already cancelled.`);
    expect((await p.as("equipment").post(`/equipment/windows/${w.id}/draw`)).status).toBe(409);
  });

  it("cancels without a reason and respects e-mail opt-outs", async () => {
    const w = await open();
    expect((await ask(w, `Change cams ${kind}`)).status).toBe(201);
    await p.services.db.execute(
      sql`update profiles set email_opt_outs = '["equipment"]'::jsonb where id = ${ids.member!}`,
    );
    const res = await p.as("equipment").post(`/equipment/windows/${w.id}/cancel`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.cancelReason).toBeNull();
    const [notice] = await noticesOf(ids.member!, `Request window “${w.name}” was cancelled`);
    expect(notice?.body).not.toContain("reason");
    expect(await mailsTo(DEMO_PEOPLE.member, `Request window cancelled: “${w.name}”`)).toHaveLength(0);
    await p.services.db.execute(sql`update profiles set email_opt_outs = '[]'::jsonb where id = ${ids.member!}`);
  });

  it("refuses to correct or cancel a drawn window", async () => {
    const w = await open();
    await p.services.db
      .update(requestWindows)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(requestWindows.id, w.id));
    expect((await p.as("equipment").post(`/equipment/windows/${w.id}/draw`)).status).toBe(200);
    const message = `“${w.name}” has already been drawn and cannot be`;
    const put = await p.as("equipment").put(`/equipment/windows/${w.id}`, form({ name: w.name }));
    expect(put.status).toBe(409);
    expect(put.body.error.message).toBe(`${message} corrected: its reservations are made; change those instead.`);
    const cancel = await p.as("equipment").post(`/equipment/windows/${w.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe(`${message} cancelled: its reservations are made; change those instead.`);
    const got = (await p.as("equipment").get(`/equipment/windows/${w.id}`)).body as WindowDto;
    expect(got).toMatchObject({ state: "drawn", canChange: false });
  });

  it("the demo school shows a window cancelled before its draw, with its reason", async () => {
    const windows = (await p.as("member").get("/equipment/windows")).body as WindowDto[];
    expect(windows.find((w) => w.name === "Grip for the graduation screening")).toMatchObject({
      state: "cancelled",
      accepting: false,
      canChange: false,
      cancelReason: "The screening moved to the spring term; book grip first come as usual.",
    });
  });

  it("answers each caller", async () => {
    const rows: MatrixRow<WindowDto>[] = [
      [
        "correct a window",
        "PUT",
        (w) => `/equipment/windows/${w.id}`,
        form({ name: "Matrix corrected" }),
        [401, 403, 403, 403, 200, 200],
      ],
      [
        "cancel a window",
        "POST",
        (w) => `/equipment/windows/${w.id}/cancel`,
        { reason: "Matrix" },
        [401, 403, 403, 403, 200, 200],
      ],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, () => open(), row);
  });

  it("answers bad input with a message, never a 500", async () => {
    const w = await open();
    await expectClientErrors(p, cookies.equipment!, [
      ["POST", "/equipment/windows/nope/cancel", {}],
      ["POST", `/equipment/windows/${w.id}/cancel`, { reason: "x".repeat(501) }],
      ["POST", `/equipment/windows/${w.id}/cancel`, { reason: 5 }],
      ["PUT", `/equipment/windows/${w.id}`, { name: "", lots: [] }],
      ["PUT", `/equipment/windows/${w.id}`, form({ lots: [{ kind: "kit", id: cams }] })],
      ["PUT", `/equipment/windows/${w.id}`, form({ priorities: [cams] })],
      ["PUT", "/equipment/windows/nope", form()],
    ]);
  });
});
