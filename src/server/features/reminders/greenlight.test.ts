import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseGreenlightDto } from "../../../common/course-greenlight.ts";
import { addDays } from "../../../common/time.ts";
import { jobs, notifications, profiles } from "../../db/schema/index.ts";
import { scheduleRecurring } from "../../lib/jobs.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { runNotificationJobs } from "../notifications/service.ts";
import { scanGreenlightDue, stageOn } from "./greenlight.ts";
import { greenlightScanJob } from "./jobs.ts";

/** Far from the demo seed's dates, so only this file's shoot days fall into the windows below. */
const TERM = "2035 Autumn";
const YEAR = "2035/36";
const FIRST_SHOOT_DAY = "2035-10-31";
/** Crew complete is due 14 days before: 2035-10-17. */
const CREW_DUE = "2035-10-17";
const at = (day: string) => new Date(`${day}T06:00:00Z`);

describe("which reminder an item is owed", () => {
  it("is none until 3 days before, then soon up to the due day, then overdue", () => {
    expect(stageOn(addDays(CREW_DUE, -4), CREW_DUE)).toBeNull();
    expect(stageOn(addDays(CREW_DUE, -3), CREW_DUE)).toBe("soon");
    expect(stageOn(CREW_DUE, CREW_DUE)).toBe("soon");
    expect(stageOn(addDays(CREW_DUE, 1), CREW_DUE)).toBe("overdue");
  });
});

describe.each(DB_KINDS)("greenlight deadline reminders on %s", (kind) => {
  let p: TestPortal;
  const ids: Record<string, string> = {};
  let n = 0;
  const idOf = async (email: string) =>
    (await p.services.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;

  /**
   * A course whose checklist wants the crew complete 14 days before the first shoot day, and a project of Lena's
   * in it: Amara produces, Jun records sound (neither lead nor producer), the first shoot day FIRST_SHOOT_DAY.
   */
  const projectWithDeadline = async (title: string) => {
    const course = await p
      .as("admin")
      .post("/courses", { code: `REM-${++n}`, title, term: TERM, teacherIds: [ids.staff] });
    expect(course.status, course.text).toBe(201);
    const enrol = await p
      .as("admin")
      .post(`/courses/${course.body.id}/roster`, [{ name: "Lena Fischer", email: "student@portal.test" }]);
    expect(enrol.status, enrol.text).toBe(200);
    const { items } = (await p.as("staff").get(`/courses/${course.body.id}/greenlight`)).body as CourseGreenlightDto;
    const saved = await p.as("staff").put(`/courses/${course.body.id}/greenlight`, {
      items: items.map((i) => ({ ...i, leadDays: i.key === "crew_complete" ? 14 : null })),
    });
    expect(saved.status, saved.text).toBe(200);
    const made = await p.as("member").post("/projects", {
      title,
      type: "fiction",
      academicYear: YEAR,
      courseId: course.body.id,
      myRoles: ["director"],
    });
    expect(made.status, made.text).toBe(201);
    const projectId = made.body.id as string;
    for (const [userId, roles] of [
      [ids.amara, ["producer"]],
      [ids.jun, ["sound"]],
    ] as const) {
      const added = await p.as("member").post(`/projects/${projectId}/members`, { userId, roles });
      expect(added.status, added.text).toBe(201);
    }
    const day = await p.as("member").post(`/projects/${projectId}/schedule/days`, { date: FIRST_SHOOT_DAY });
    expect(day.status, day.text).toBe(201);
    return projectId;
  };
  const remindersOf = (userId: string, projectId: string) =>
    p.services.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, "greenlight_due"),
          eq(notifications.link, `/project/${projectId}`),
        ),
      );
  const mailsTo = async (email: string, projectTitle: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
    ).filter((j) => {
      const mail = j.payload as { subject: string; text: string };
      return mail.subject.includes("Crew complete") && mail.text.includes(projectTitle);
    });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll({ amara: "amara.diallo@portal.test", jun: "jun.park@portal.test" });
    ids.lena = await idOf("student@portal.test");
    ids.amara = await idOf("amara.diallo@portal.test");
    ids.jun = await idOf("jun.park@portal.test");
    ids.staff = await idOf("staff@portal.test");
  }, 120_000);
  afterAll(() => p?.close());

  it("tells the owner and the producer once, 3 days before and once on the day it is overdue", async () => {
    const projectId = await projectWithDeadline("Cold Open");
    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, -4)) });
    expect(await remindersOf(ids.lena!, projectId)).toHaveLength(0);

    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, -3)) });
    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, -2)) });
    await scanGreenlightDue(p.services, { now: at(CREW_DUE) });
    for (const who of [ids.lena!, ids.amara!]) {
      const rows = await remindersOf(who, projectId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.title).toBe("“Crew complete” is due Wednesday 17 October");
    }
    expect(await remindersOf(ids.jun!, projectId)).toHaveLength(0);
    expect(await mailsTo("amara.diallo@portal.test", "Cold Open")).toHaveLength(1);

    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, 1)) });
    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, 2)) });
    const rows = await remindersOf(ids.amara!, projectId);
    expect(rows.map((r) => r.title)).toEqual([
      "“Crew complete” is due Wednesday 17 October",
      "“Crew complete” was due Wednesday 17 October",
    ]);
    expect(await mailsTo("amara.diallo@portal.test", "Cold Open")).toHaveLength(2);
  });

  it("says nothing more once the item is ticked", async () => {
    const projectId = await projectWithDeadline("Fade Out");
    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, -1)) });
    expect(await remindersOf(ids.lena!, projectId)).toHaveLength(1);
    const tick = await p.as("member").put(`/projects/${projectId}/greenlight/crew_complete`, { done: true });
    expect(tick.status, tick.text).toBe(200);
    await scanGreenlightDue(p.services, { now: at(addDays(CREW_DUE, 1)) });
    expect(await remindersOf(ids.lena!, projectId)).toHaveLength(1);
    expect(await remindersOf(ids.amara!, projectId)).toHaveLength(1);
  });

  it("runs as a daily job that keeps one scan queued", async () => {
    const pending = () =>
      p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "greenlight.scan"), eq(jobs.status, "pending")));
    expect(await scheduleRecurring(p.services.db, greenlightScanJob)).not.toBeNull();
    expect(await scheduleRecurring(p.services.db, greenlightScanJob)).toBeNull();
    const batch = await runNotificationJobs(p.services);
    expect(batch.jobs.filter((j) => j.type === "greenlight.scan")).toEqual([
      expect.objectContaining({ outcome: "sent" }),
    ]);
    const next = await pending();
    expect(next).toHaveLength(1);
    const inHours = (next[0]!.runAt.getTime() - Date.now()) / 3_600_000;
    expect(inHours).toBeGreaterThan(23);
    expect(inHours).toBeLessThanOrEqual(24);
  });
});
