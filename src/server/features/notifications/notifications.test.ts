import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/index.ts";
import type { DomainEvent } from "../../lib/events.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer.ts";
import { notify } from "../inbox/service.ts";
import { pruneJobsJob, scheduleRecurring } from "../../lib/jobs.ts";
import { renderMail } from "../../mail/layout.ts";
import { runNotificationJobs } from "./service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const resetToken = (body: string) => body.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];

async function requestReset(p: TestPortal, email: string) {
  const res = await p.request("/auth/v1/request-password-reset", {
    method: "POST",
    json: { email, redirectTo: "/reset-password" },
  });
  expect(res.status).toBe(200);
}

describe.each(DB_KINDS)("mail through a real SMTP peer on %s", (kind) => {
  let smtp: SmtpPeer;
  let p: TestPortal;
  let cookie: string;
  const processJobs = async () => {
    const res = await p.request("/functions/v1/process-notification-jobs", { method: "POST", cookie });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    p = await startTestPortal(kind, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    cookie = await p.signIn("staff@portal.test");
  });
  afterAll(async () => {
    await p?.close();
    await smtp?.close();
  });

  it("sends the reset e-mail whose link resets the password exactly once", async () => {
    const events: DomainEvent[] = [];
    const unsubscribe = p.services.events.subscribe((e) => events.push(e));
    await requestReset(p, "student@portal.test");
    // nothing leaves before the queue runs
    expect(smtp.messages).toHaveLength(0);

    const result = await processJobs();
    expect(result).toMatchObject({ processed: 1, sent: 1, retried: 0, failed: 0, remaining: 0 });
    expect(result.jobs).toEqual([{ id: expect.any(String), type: "email.send", outcome: "sent" }]);
    expect(events).toContainEqual({ type: "email.sent", invalidate: [["emails"]] });
    unsubscribe();

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["student@portal.test"]);
    expect(mail.subject).toBe("Reset your password for The Portal");
    expect(mail.text).toContain(`${p.services.config.PUBLIC_URL}/reset-password?token=`);
    const token = resetToken(mail.text)!;
    expect(token).toBeTruthy();

    const reset = await p.request("/auth/v1/reset-password", {
      method: "POST",
      json: { newPassword: "a-new-secret", token },
    });
    expect(reset.status).toBe(200);
    const again = await p.request("/auth/v1/reset-password", {
      method: "POST",
      json: { newPassword: "another-one", token },
    });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_TOKEN");

    await expect(p.signIn("student@portal.test", "a-new-secret")).resolves.toBeTruthy();
    await expect(p.signIn("student@portal.test", "another-one")).rejects.toThrow();
  });

  it("keeps the mail queued while the SMTP peer is down, and sends it when the peer is back", async () => {
    const port = smtp.port;
    await smtp.close();
    await requestReset(p, "tomas.novak@portal.test");

    const down = await processJobs();
    expect(down).toMatchObject({ processed: 1, sent: 0, retried: 1, failed: 0 });
    expect(down.jobs[0]).toMatchObject({ type: "email.send", outcome: "retried", error: expect.any(String) });
    const [job] = await p.services.db.select().from(jobs).where(eq(jobs.id, down.jobs[0].id));
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toBeTruthy();
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    smtp = await startSmtpPeer(port);
    // the backoff has not passed yet: the peer is back, but the job waits its turn
    expect(await processJobs()).toMatchObject({ processed: 0 });
    await p.services.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    expect(await processJobs()).toMatchObject({ processed: 1, sent: 1, retried: 0 });
    expect(smtp.messages.map((m) => m.to)).toEqual([["tomas.novak@portal.test"]]);
    expect(resetToken(smtp.messages[0]!.text)).toBeTruthy();
  });
});

describe.each(DB_KINDS)("the embedded outbox on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  it("runs the processor only for a signed-in user, and answers what it did", async () => {
    const out = await p.request("/functions/v1/process-notification-jobs", { method: "POST" });
    expect(out.status).toBe(401);
    const cookie = await p.signIn("student@portal.test");
    const res = await p.request("/functions/v1/process-notification-jobs", { method: "POST", cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["failed", "jobs", "processed", "remaining", "retried", "sent"]);
  });

  it("keeps mail in the database, readable only by admins", async () => {
    await requestReset(p, "jun.park@portal.test");
    const admin = await p.signIn("admin@portal.test");
    const ran = await p.request("/functions/v1/process-notification-jobs", { method: "POST", cookie: admin });
    expect(await ran.json()).toMatchObject({ sent: 1 });

    const list = await p.request("/rest/v1/emails", { cookie: admin });
    expect(list.status).toBe(200);
    const { transport, items } = await list.json();
    expect(transport).toBe("outbox");
    expect(items[0]).toMatchObject({
      to: "jun.park@portal.test",
      subject: "Reset your password for The Portal",
      transport: "outbox",
    });
    expect(resetToken(items[0].text)).toBeTruthy();

    const student = await p.signIn("student@portal.test");
    expect((await p.request("/rest/v1/emails", { cookie: student })).status).toBe(403);
    expect((await p.request("/rest/v1/emails")).status).toBe(401);
  });
});

describe.each(DB_KINDS)("housekeeping on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind, { SEED: "false" });
  });
  afterAll(() => p?.close());

  it("prunes finished jobs once a day, keeping exactly one prune queued", async () => {
    const pendingPrunes = () =>
      p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "jobs.prune"), eq(jobs.status, "pending")));
    const [old] = await p.services.db
      .insert(jobs)
      .values({
        type: "email.send",
        payload: {},
        status: "done",
        runAt: new Date(Date.now() - 30 * DAY_MS),
        updatedAt: new Date(Date.now() - 30 * DAY_MS),
      })
      .returning();
    expect(await scheduleRecurring(p.services.db, pruneJobsJob)).not.toBeNull();
    // A second instance starting finds the prune queued and adds none.
    expect(await scheduleRecurring(p.services.db, pruneJobsJob)).toBeNull();

    const batch = await runNotificationJobs(p.services);
    expect(batch.jobs).toEqual([expect.objectContaining({ type: "jobs.prune", outcome: "sent" })]);
    expect(await p.services.db.select().from(jobs).where(eq(jobs.id, old!.id))).toEqual([]);
    const next = await pendingPrunes();
    expect(next).toHaveLength(1);
    expect(next[0]!.dedupeKey).toBe("jobs.prune");
    const inHours = (next[0]!.runAt.getTime() - Date.now()) / 3_600_000;
    expect(inHours).toBeGreaterThan(23.9);
    expect(inHours).toBeLessThanOrEqual(24);
    expect(await runNotificationJobs(p.services)).toMatchObject({ processed: 0 });
  });
});

describe.each(DB_KINDS)("mail people can control, through a real SMTP peer on %s", (kind) => {
  let smtp: SmtpPeer;
  let p: TestPortal;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    p = await startTestPortal(kind, { SMTP_URL: smtp.url });
  }, 180_000);
  afterAll(async () => {
    await p?.close();
    await smtp?.close();
  });
  const optOutsOf = async (cookie: string) =>
    (await (await p.request("/rest/v1/profile", { cookie })).json()).emailOptOuts as string[];

  it("gives a notification a one-click unsubscribe that turns that kind off without a sign-in", async () => {
    const student = await p.signIn("student@portal.test");
    const studentId = (await (await p.request("/rest/v1/profile", { cookie: student })).json()).id as string;
    const notice = {
      userIds: [studentId],
      kind: "budget" as const,
      title: "Budget approved",
      body: "Version 2 was approved.",
      email: renderMail({
        subject: "Your budget was approved",
        heading: "Approved",
        paragraphs: ["Version 2 was approved."],
      }),
    };
    await notify(p.services.db, notice);
    await runNotificationJobs(p.services);
    const [mail] = smtp.to("student@portal.test");
    expect(mail!.subject).toBe("Your budget was approved");
    expect(mail!.headers["auto-submitted"]).toBe("auto-generated");
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const links = [...mail!.headers["list-unsubscribe"]!.matchAll(/<([^>]+)>/g)].map((m) => new URL(m[1]!));
    expect(links.map((l) => l.origin)).toEqual([p.services.config.PUBLIC_URL, p.services.config.PUBLIC_URL]);
    const [oneClick, settings] = links;
    expect(`${settings!.pathname}${settings!.hash}`).toBe("/settings#settings-notifications");
    expect(oneClick!.protocol).toMatch(/^https?:$/);

    // A forged or altered link changes nothing, and says so to a person.
    const forged = new URL(oneClick!);
    forged.searchParams.set("k", "equipment");
    const refused = await p.request(`${forged.pathname}${forged.search}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/not valid/);
    // Opening the link (or a scanner fetching it) only asks.
    const asked = await p.request(`${oneClick!.pathname}${oneClick!.search}`);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Turn these e-mails off");
    expect(await optOutsOf(student)).toEqual([]);

    // The mail client's one-click POST (RFC 8058): no cookie, the fixed body.
    const done = await p.request(`${oneClick!.pathname}${oneClick!.search}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    expect(await optOutsOf(student)).toEqual(["budget"]);

    await notify(p.services.db, notice);
    await runNotificationJobs(p.services);
    expect(smtp.to("student@portal.test")).toHaveLength(1);
  });

  it("sends a call sheet with the sender as Reply-To", async () => {
    const staff = await p.signIn("staff@portal.test");
    const list = await (await p.request("/rest/v1/projects?search=Weight%20of%20Water", { cookie: staff })).json();
    const projectId = list.items[0].id as string;
    const schedule = await (await p.request(`/rest/v1/projects/${projectId}/schedule`, { cookie: staff })).json();
    const dayId = schedule.days[0].id as string;
    const sent = await p.request(`/rest/v1/projects/${projectId}/schedule/days/${dayId}/call-sheet/send`, {
      method: "POST",
      cookie: staff,
    });
    expect(sent.status).toBe(200);
    const before = smtp.messages.length;
    await runNotificationJobs(p.services);
    const sheets = smtp.messages.slice(before);
    expect(sheets.length).toBeGreaterThan(0);
    for (const m of sheets) {
      expect(m.headers["reply-to"]).toBe("staff@portal.test");
      expect(m.headers["auto-submitted"]).toBe("auto-generated");
      // a request on someone's behalf is not a notification: nothing to unsubscribe from
      expect(m.headers["list-unsubscribe"]).toBeUndefined();
    }
  });
});
