import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { jobs, notifications, profiles, projectActivity } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { runNotificationJobs } from "../notifications/service.ts";
import { scheduleRecurring } from "../../lib/jobs.ts";
import { milestoneScanJob } from "./jobs.ts";
import { noticeWindow, REMINDED_KIND, scanMilestonesDue } from "./milestones.ts";

/** Far from the demo seed's dates, so only this file's milestones fall into the windows below. */
const YEAR = "2031/32";
const DUE = "2031-03-12";
/** A milestone is due at the end of its day (UTC): DUE ends 2031-03-13T00:00Z. */
const IN_47_HOURS = new Date("2031-03-11T01:00:00Z");
const IN_49_HOURS = new Date("2031-03-10T23:00:00Z");

describe("the 48-hour window", () => {
  it("runs from today to the day that ends within 48 hours", () => {
    expect(noticeWindow(IN_47_HOURS)).toEqual({ from: "2031-03-11", to: DUE });
    expect(noticeWindow(IN_49_HOURS)).toEqual({ from: "2031-03-10", to: "2031-03-11" });
  });
});

describe.each(DB_KINDS)("milestone reminders on %s", (kind) => {
  let p: TestPortal;
  const ids: Record<string, string> = {};
  const idOf = async (email: string) =>
    (await p.services.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email)))[0]!.id;
  /** A project of Lena's with Jun on the crew and one milestone, named after the test. */
  const projectWith = async (title: string, dueDate = DUE) => {
    const created = await p
      .as("member")
      .post("/projects", { title, type: "fiction", academicYear: YEAR, myRoles: ["director"] });
    expect(created.status).toBe(201);
    expect(
      (await p.as("member").post(`/projects/${created.body.id}/members`, { userId: ids.jun, roles: ["sound"] })).status,
    ).toBe(201);
    const m = await p.as("member").post(`/projects/${created.body.id}/milestones`, { title: `${title} cut`, dueDate });
    expect(m.status).toBe(201);
    return {
      projectId: created.body.id as string,
      milestoneId: (m.body.milestones as { id: string; title: string }[]).find((x) => x.title === `${title} cut`)!.id,
    };
  };
  const remindersOf = async (userId: string, projectId: string) =>
    p.services.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, "milestone_due"),
          eq(notifications.link, `/project/${projectId}`),
        ),
      );
  const mailsTo = async (email: string, milestone: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
    ).filter((j) => (j.payload as { subject: string }).subject.includes(milestone));

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ids.lena = await idOf("student@portal.test");
    ids.jun = await idOf("jun.park@portal.test");
  }, 120_000);
  afterAll(() => p?.close());

  it("tells the crew once about a milestone due in 47 hours, however often the scan runs", async () => {
    const { projectId } = await projectWith("Night Ferry");
    const first = await scanMilestonesDue(p.services, { now: IN_47_HOURS });
    await scanMilestonesDue(p.services, { now: IN_47_HOURS });
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    for (const who of [ids.lena!, ids.jun!]) {
      const rows = await remindersOf(who, projectId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: "“Night Ferry cut” is due Wednesday 12 March", readAt: null });
    }
    expect(await mailsTo("student@portal.test", "Night Ferry cut")).toHaveLength(1);
    expect(await mailsTo("jun.park@portal.test", "Night Ferry cut")).toHaveLength(1);
    const marks = await p.services.db
      .select()
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, projectId), eq(projectActivity.kind, REMINDED_KIND)));
    expect(marks).toHaveLength(1);
    expect(marks[0]!.summary).toContain("Night Ferry cut");
  });

  it("says nothing about a milestone due in 49 hours, nor about one that is done", async () => {
    const later = await projectWith("Low Tide");
    expect(await scanMilestonesDue(p.services, { now: IN_49_HOURS })).toEqual({ reminded: 0 });
    expect(await remindersOf(ids.lena!, later.projectId)).toHaveLength(0);

    const done = await projectWith("Paper Moon");
    expect(
      (await p.as("member").patch(`/projects/${done.projectId}/milestones/${done.milestoneId}`, { done: true })).status,
    ).toBe(200);
    await scanMilestonesDue(p.services, { now: IN_47_HOURS });
    expect(await remindersOf(ids.lena!, done.projectId)).toHaveLength(0);
    expect(await remindersOf(ids.jun!, done.projectId)).toHaveLength(0);
  });

  it("tells the crew again when the milestone moves to a new date", async () => {
    const { projectId, milestoneId } = await projectWith("Second Draft");
    await scanMilestonesDue(p.services, { now: IN_47_HOURS });
    expect(
      (await p.as("member").patch(`/projects/${projectId}/milestones/${milestoneId}`, { dueDate: "2031-03-14" }))
        .status,
    ).toBe(200);
    await scanMilestonesDue(p.services, { now: new Date("2031-03-13T02:00:00Z") });
    await scanMilestonesDue(p.services, { now: new Date("2031-03-13T03:00:00Z") });
    expect(await remindersOf(ids.jun!, projectId)).toHaveLength(2);
  });

  it("keeps the in-app notification of someone who turned these e-mails off, and sends them no e-mail", async () => {
    await p.services.db
      .update(profiles)
      .set({ emailOptOuts: ["milestone_due"] })
      .where(eq(profiles.id, ids.jun!));
    try {
      const { projectId } = await projectWith("Quiet Hours");
      await scanMilestonesDue(p.services, { now: IN_47_HOURS });
      expect(await remindersOf(ids.jun!, projectId)).toHaveLength(1);
      expect(await mailsTo("jun.park@portal.test", "Quiet Hours cut")).toHaveLength(0);
      expect(await mailsTo("student@portal.test", "Quiet Hours cut")).toHaveLength(1);
    } finally {
      await p.services.db.update(profiles).set({ emailOptOuts: [] }).where(eq(profiles.id, ids.jun!));
    }
  });

  it("runs as a job that keeps exactly one scan queued, an hour ahead", async () => {
    const pendingScans = () =>
      p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "milestones.scan"), eq(jobs.status, "pending")));
    expect(await scheduleRecurring(p.services.db, milestoneScanJob)).not.toBeNull();
    // A second instance starting, or the same one restarting, finds the scan queued and adds none.
    expect(await scheduleRecurring(p.services.db, milestoneScanJob)).toBeNull();
    expect(await pendingScans()).toHaveLength(1);

    const batch = await runNotificationJobs(p.services);
    expect(batch.jobs.filter((j) => j.type === "milestones.scan")).toEqual([
      expect.objectContaining({ outcome: "sent" }),
    ]);
    const next = await pendingScans();
    expect(next).toHaveLength(1);
    expect(next[0]!.dedupeKey).toBe("milestones.scan");
    const inMinutes = (next[0]!.runAt.getTime() - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(55);
    expect(inMinutes).toBeLessThanOrEqual(60);
    expect(await runNotificationJobs(p.services)).toMatchObject({ processed: 0 });
  });
});
