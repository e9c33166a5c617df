import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, DEFAULT_DATE_FORMATS } from "../../../common/datetime.ts";
import {
  earliestInsuredDay,
  INSURANCE_TOKEN_HEADER,
  type InsuranceListDto,
  type InsuranceRequestDto,
} from "../../../common/insurance.ts";
import type { SchoolSettings } from "../../../common/school.ts";
import { addBusinessDays, addDays, isoDay } from "../../../common/time.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { insuranceRequests, jobs, notifications } from "../../db/schema/index.ts";
import { leadRunsOut, scanInsuranceWaiting, stagesOwed } from "./reminders.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll, type MatrixRow } from "../../test/matrix.ts";

const YEAR = "2032/33";
const OFFICE_EMAIL = "insurance@school.test";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const today = () => isoDay(new Date());

describe("insurance lead time", () => {
  it("counts the earliest insured day in business days, never on a weekend, never before the lead time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 1, max: 60 }), (offset, lead) => {
        const day = addDays("2030-01-01", offset);
        const earliest = earliestInsuredDay(day, lead);
        const weekday = new Date(`${earliest}T00:00:00Z`).getUTCDay();
        expect(weekday).not.toBe(0);
        expect(weekday).not.toBe(6);
        expect(earliest > day).toBe(true);
        // At least `lead` calendar days and at most lead + 2 per week's weekend later.
        const days = (Date.parse(earliest) - Date.parse(day)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(lead);
        expect(days).toBeLessThanOrEqual(lead + 2 * Math.ceil(lead / 5) + 2);
      }),
    );
    expect(earliestInsuredDay("2032-05-07", 5)).toBe("2032-05-14"); // a Friday: next Friday
  });
});

describe("insurance reminders' days", () => {
  const asked = new Date("2032-05-03T09:00:00Z"); // a Monday
  const r = { createdAt: asked, endorsedAt: null, startsOn: "2032-05-17", endsOn: "2032-05-18" };
  it("reminds two business days after asking, and on the day the lead time runs out, never after the last day", () => {
    expect(stagesOwed("2032-05-03", r, 5)).toEqual([]);
    expect(stagesOwed("2032-05-04", r, 5)).toEqual([]);
    expect(stagesOwed("2032-05-05", r, 5)).toEqual(["waiting"]);
    expect(leadRunsOut("2032-05-17", 5)).toBe("2032-05-10");
    expect(stagesOwed("2032-05-10", r, 5)).toEqual(["waiting", "due"]);
    expect(stagesOwed("2032-05-19", r, 5)).toEqual([]);
    // Asked on a Friday: the weekend does not count.
    const friday = { ...r, createdAt: new Date("2032-05-07T09:00:00Z") };
    expect(stagesOwed("2032-05-10", friday, 5)).toEqual(["due"]);
    expect(stagesOwed("2032-05-11", friday, 5)).toEqual(["waiting", "due"]);
    // An endorsed request counts from the endorsement, when the office was asked.
    expect(stagesOwed("2032-05-05", { ...r, endorsedAt: new Date("2032-05-04T15:00:00Z") }, 5)).toEqual([]);
  });
});

describe.each(DB_KINDS)("insurance certificates on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string> = {};
  let ids: Record<string, string> = {};

  const settings = async (change: Partial<SchoolSettings>) => {
    const now = (await p.as("admin").get("/school-settings")).body as { settings: SchoolSettings; version: number };
    const res = await p
      .as("admin")
      .put("/school-settings", { version: now.version, settings: { ...now.settings, ...change } });
    expect(res.status, res.text).toBe(200);
  };

  const request = (over: Record<string, unknown> = {}) => ({
    subject: "location",
    description: "The lighthouse keeper's cottage",
    address: "Lighthouse Road 1, Seeburg",
    startsOn: addBusinessDays(today(), 10),
    endsOn: addBusinessDays(today(), 12),
    holderName: "Seeburg Harbour Trust",
    holderAddress: "Quay 2, Seeburg",
    ...over,
  });

  /** A project led by the member, supervised by staff. */
  const project = async () => {
    const res = await p.as("member").post("/projects", {
      title: `Lighthouse ${Math.random().toString(36).slice(2, 8)}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const fixture = async () => {
    const projectId = await project();
    const made = await p.as("member").post(`/projects/${projectId}/insurance`, request());
    expect(made.status, made.text).toBe(201);
    return { projectId, requestId: (made.body as InsuranceRequestDto).id };
  };
  const officeLink = async (requestId: string) => {
    const mails = (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${OFFICE_EMAIL}`))
        // The newest mail's link: rows come back in no particular order once the worker has updated them.
        .orderBy(jobs.createdAt)
    ).map((j) => j.payload as { text: string });
    const found = mails
      .map((m) => new RegExp(`/insurance-answer/${requestId}\\?token=([A-Za-z0-9_-]+)`).exec(m.text))
      .filter(Boolean)
      .at(-1);
    expect(found, "the office's e-mail carries the link").toBeTruthy();
    return found![1]!;
  };
  const viaLink = (requestId: string, token: string) => ({
    view: () => p.anonymous.get(`/insurance-link/${requestId}`, { headers: { [INSURANCE_TOKEN_HEADER]: token } }),
    upload: (bytes: Uint8Array = PDF, name = "certificate.pdf") =>
      p.anonymous.send("POST", `/storage/v1/object/insurance-link/${requestId}?name=${name}`, {
        body: bytes,
        headers: { [INSURANCE_TOKEN_HEADER]: token, "content-type": "application/octet-stream" },
      }),
  });
  const insuranceItem = async (projectId: string) => {
    const res = await p.as("member").get(`/projects/${projectId}`);
    expect(res.status).toBe(200);
    return (res.body as ProjectDetail).greenlight.find((g) => g.key === "insurance")!;
  };
  const mailsTo = async (to: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${to}`))
        .orderBy(jobs.createdAt)
    ).map((j) => j.payload as { subject: string; text: string });
  const list = async (projectId: string) =>
    (await p.as("member").get(`/projects/${projectId}/insurance`)).body as InsuranceListDto;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies, ids } = await signInAll(p));
    await settings({ insuranceOfficeUserId: ids.equipment!, insuranceOfficeEmail: OFFICE_EMAIL, insuranceLeadDays: 5 });
  }, 120_000);
  afterAll(() => p?.close());

  it("refuses a start sooner than the lead time, naming the earliest day", async () => {
    const projectId = await project();
    const soon = addBusinessDays(today(), 2);
    const res = await p
      .as("member")
      .post(`/projects/${projectId}/insurance`, request({ startsOn: soon, endsOn: soon }));
    expect(res.status).toBe(400);
    const earliest = earliestInsuredDay(today(), 5);
    expect(res.body.error.message).toContain(
      formatDate(earliest, DEFAULT_DATE_FORMATS, { style: "long", weekday: true }),
    );
    expect(res.body.error.message).toMatch(/5 business days/);
    expect((await list(projectId)).earliestStart).toBe(earliest);
  });

  it("answers through the link without an account: the certificate lands in the documents under insurance", async () => {
    const { projectId, requestId } = await fixture();
    expect((await list(projectId)).items[0]).toMatchObject({ status: "requested", linkOpen: true });
    // The office's account is told in the portal too.
    const notes = await p.services.db.select().from(notifications).where(eq(notifications.userId, ids.equipment!));
    expect(notes.some((n) => n.kind === "insurance")).toBe(true);
    const token = await officeLink(requestId);
    const link = viaLink(requestId, token);
    const seen = await link.view();
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ holderName: "Seeburg Harbour Trust", status: "requested" });
    // A file that is not a PDF or a picture is refused by what it holds.
    const text = await link.upload(new TextEncoder().encode("just words"), "certificate.pdf");
    expect(text.status).toBe(415);
    const up = await link.upload();
    expect(up.status, up.text).toBe(201);
    const after = (await list(projectId)).items[0]!;
    expect(after).toMatchObject({ status: "answered", linkOpen: false });
    expect(after.answeredByName).toContain(OFFICE_EMAIL);
    const docs = await p.as("member").get(`/projects/${projectId}/documents?category=insurance`);
    expect(docs.status).toBe(200);
    const items = (docs.body.items ?? docs.body) as { id: string; category: string; title: string }[];
    const cert = items.find((d) => d.id === after.documentId);
    expect(cert).toMatchObject({ category: "insurance" });
    // Once answered, the link is refused, and says so.
    const again = await link.view();
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already answered/);
    expect((await link.upload()).status).toBe(409);
    // The requester was told.
    const mine = await p.services.db.select().from(notifications).where(eq(notifications.userId, ids.member!));
    expect(mine.some((n) => n.title.includes("Certificate of insurance issued"))).toBe(true);
  });

  it("refuses a revoked link, an expired one and a wrong token", async () => {
    const { projectId, requestId } = await fixture();
    const token = await officeLink(requestId);
    expect((await viaLink(requestId, "x".repeat(43)).view()).status).toBe(404);
    expect((await p.as("member").post(`/insurance/${requestId}/link/revoke`)).status).toBe(200);
    const revoked = await viaLink(requestId, token).view();
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.message).toMatch(/revoked/);
    expect((await list(projectId)).items[0]!.linkOpen).toBe(false);
    // Sent again: a new link works, until it expires.
    expect((await p.as("member").post(`/insurance/${requestId}/link/resend`)).status).toBe(200);
    const fresh = await officeLink(requestId);
    expect(fresh).not.toBe(token);
    expect((await viaLink(requestId, fresh).view()).status).toBe(200);
    await p.services.db
      .update(insuranceRequests)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(insuranceRequests.id, requestId));
    const expired = await viaLink(requestId, fresh).upload();
    expect(expired.status).toBe(404);
    expect(expired.body.error.message).toMatch(/expired/);
  });

  it("asks the supervisor to endorse first when the school says so; a refusal ends the request with its comment", async () => {
    await settings({ insuranceEndorsement: true });
    try {
      const { projectId, requestId } = await fixture();
      const waiting = (await list(projectId)).items[0]!;
      expect(waiting).toMatchObject({ status: "awaiting_endorsement", linkOpen: false });
      // No office mail yet, and the office cannot answer it in the portal.
      expect((await p.as("equipment").post(`/insurance/${requestId}/decline`, { reason: "No." })).status).toBe(409);
      // The member cannot endorse their own request; the supervisor sees it waiting and endorses it.
      expect((await p.as("member").post(`/insurance/${requestId}/endorsement`, { endorse: true })).status).toBe(403);
      const queue = (await p.as("staff").get("/insurance")).body as InsuranceRequestDto[];
      expect(queue.find((r) => r.id === requestId)?.canEndorse).toBe(true);
      const ok = await p.as("staff").post(`/insurance/${requestId}/endorsement`, { endorse: true, comment: "Fine." });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body).toMatchObject({ status: "requested", endorsedByName: expect.any(String), linkOpen: true });
      await officeLink(requestId);
      // The office answers in the portal, with its account.
      const up = await p.as("equipment").send("POST", `/storage/v1/object/insurance/${requestId}?name=cert.pdf`, {
        body: PDF,
        headers: { "content-type": "application/octet-stream" },
      });
      expect(up.status, up.text).toBe(201);
      expect(up.body.status).toBe("answered");

      const second = await fixture();
      const no = await p.as("staff").post(`/insurance/${second.requestId}/endorsement`, { endorse: false });
      expect(no.status).toBe(400);
      expect(no.body.error.message).toMatch(/comment/);
      const refused = await p
        .as("staff")
        .post(`/insurance/${second.requestId}/endorsement`, { endorse: false, comment: "Ask for the garden too." });
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({ status: "refused", endorsementComment: "Ask for the garden too." });
      expect((await list(second.projectId)).items[0]!.canWithdraw).toBe(false);
    } finally {
      await settings({ insuranceEndorsement: false });
    }
  });

  it("lets the office decline with a reason, and the crew withdraw an open request", async () => {
    const { projectId, requestId } = await fixture();
    const declined = await p.as("equipment").post(`/insurance/${requestId}/decline`, { reason: "Not a school shoot." });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "declined", declineReason: "Not a school shoot." });
    const other = await p.as("member").post(`/projects/${projectId}/insurance`, request());
    const gone = await p.as("member").post(`/insurance/${other.body.id}/withdraw`);
    expect(gone.body).toMatchObject({ status: "withdrawn", linkOpen: false });
    expect((await p.as("member").post(`/insurance/${other.body.id}/withdraw`)).status).toBe(409);
  });

  it("ticks the greenlight's Insurance item once every certificate asked for is issued", async () => {
    const projectId = await project();
    expect(await insuranceItem(projectId)).toMatchObject({ source: "insurance", done: false, canTick: false });
    const first = (await p.as("member").post(`/projects/${projectId}/insurance`, request()))
      .body as InsuranceRequestDto;
    const second = (
      await p
        .as("member")
        .post(`/projects/${projectId}/insurance`, request({ subject: "rental", description: "Lenses" }))
    ).body as InsuranceRequestDto;
    expect((await insuranceItem(projectId)).note).toMatch(
      /0 certificates issued; 2 requests with the insurance office/,
    );
    const up = await viaLink(first.id, await officeLink(first.id)).upload();
    expect(up.status, up.text).toBe(201);
    // One of two issued: not yet.
    expect(await insuranceItem(projectId)).toMatchObject({ done: false });
    // The office declines the other: it no longer counts, and the crew asks again.
    expect(
      (await p.as("equipment").post(`/insurance/${second.id}/decline`, { reason: "Gear not listed." })).status,
    ).toBe(200);
    expect(await insuranceItem(projectId)).toMatchObject({ done: true, note: "1 certificate issued." });
    const third = (await p.as("member").post(`/projects/${projectId}/insurance`, request({ subject: "rental" })))
      .body as InsuranceRequestDto;
    expect(await insuranceItem(projectId)).toMatchObject({ done: false });
    expect((await viaLink(third.id, await officeLink(third.id)).upload()).status).toBe(201);
    expect(await insuranceItem(projectId)).toMatchObject({ done: true, note: "2 certificates issued." });
    // Nobody ticks it by hand: staff are told what ticks it.
    const byHand = await p.as("staff").put(`/projects/${projectId}/greenlight/insurance`, { done: false });
    expect(byHand.status).toBe(409);
    expect(byHand.body.error.message).toMatch(/every certificate of insurance the project asked for is issued/);
    // A withdrawn request does not hold it back.
    const fourth = (await p.as("member").post(`/projects/${projectId}/insurance`, request()))
      .body as InsuranceRequestDto;
    expect((await insuranceItem(projectId)).done).toBe(false);
    expect((await p.as("member").post(`/insurance/${fourth.id}/withdraw`)).status).toBe(200);
    expect((await insuranceItem(projectId)).done).toBe(true);
  });

  it("tells the requester and the project's producers when the office declines", async () => {
    const projectId = await project();
    const added = await p
      .as("member")
      .post(`/projects/${projectId}/members`, { userId: ids.outsider, roles: ["producer"] });
    expect(added.status, added.text).toBe(201);
    const producer = ids.outsider!;
    const made = (await p.as("member").post(`/projects/${projectId}/insurance`, request())).body as InsuranceRequestDto;
    expect(
      (await p.as("equipment").post(`/insurance/${made.id}/decline`, { reason: "Roof shots excluded." })).status,
    ).toBe(200);
    for (const userId of [ids.member!, producer]) {
      const notes = await p.services.db.select().from(notifications).where(eq(notifications.userId, userId));
      const told = notes.find((n) => n.title.includes("declined") && n.link?.includes(projectId));
      expect(told?.body).toContain("Roof shots excluded.");
    }
  });

  it("reminds the office of a waiting request two business days on and when the lead time runs out, once each", async () => {
    const { projectId, requestId } = await fixture();
    const r = (await list(projectId)).items.find((i) => i.id === requestId)!;
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const reminders = async () =>
      (await mailsTo(OFFICE_EMAIL)).filter((m) => m.subject.startsWith("Reminder") && m.text.includes(requestId));
    const firstToken = await officeLink(requestId);
    await scanInsuranceWaiting(p.services, { now: at(today()) });
    expect(await reminders()).toHaveLength(0);
    const waitingDay = addBusinessDays(today(), 2);
    await scanInsuranceWaiting(p.services, { now: at(waitingDay) });
    await scanInsuranceWaiting(p.services, { now: at(waitingDay) });
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.text).toMatch(/has waited for you since/);
    // The reminder's link replaces the first one.
    const token = await officeLink(requestId);
    expect(token).not.toBe(firstToken);
    expect((await viaLink(requestId, firstToken).view()).status).toBe(404);
    expect((await viaLink(requestId, token).view()).status).toBe(200);
    const dueDay = leadRunsOut(r.startsOn, 5);
    await scanInsuranceWaiting(p.services, { now: at(dueDay) });
    await scanInsuranceWaiting(p.services, { now: at(addDays(dueDay, 1)) });
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toMatch(/lead time of 5 business days runs out/);
    // The office's account is reminded in the portal too.
    const notes = await p.services.db.select().from(notifications).where(eq(notifications.userId, ids.equipment!));
    expect(notes.filter((n) => n.title.startsWith("Reminder") && n.link?.includes(projectId))).toHaveLength(2);
    // An answered request is reminded of nothing.
    expect((await viaLink(requestId, await officeLink(requestId)).upload()).status).toBe(201);
    const other = await fixture();
    expect((await p.as("member").post(`/insurance/${other.requestId}/withdraw`)).status).toBe(200);
    await scanInsuranceWaiting(p.services, { now: at(addBusinessDays(today(), 3)) });
    expect(await reminders()).toHaveLength(2);
    expect(
      (await mailsTo(OFFICE_EMAIL)).some((m) => m.subject.startsWith("Reminder") && m.text.includes(other.requestId)),
    ).toBe(false);
  });

  it("answers each caller as the rules say (authorization matrix)", async () => {
    const rows: MatrixRow<{ projectId: string; requestId: string }>[] = [
      [
        "list a project's requests",
        "GET",
        (f) => `/projects/${f.projectId}/insurance`,
        undefined,
        [401, 403, 200, 200, 200, 200],
      ],
      [
        "ask for a certificate",
        "POST",
        (f) => `/projects/${f.projectId}/insurance`,
        request(),
        [401, 403, 201, 201, 403, 201],
      ],
      ["what waits for me", "GET", () => `/insurance`, undefined, [401, 200, 200, 200, 200, 200]],
      [
        "decline as the office",
        "POST",
        (f) => `/insurance/${f.requestId}/decline`,
        { reason: "No cover." },
        [401, 403, 403, 403, 200, 200],
      ],
      ["withdraw", "POST", (f) => `/insurance/${f.requestId}/withdraw`, undefined, [401, 403, 200, 200, 403, 200]],
      [
        "revoke the link",
        "POST",
        (f) => `/insurance/${f.requestId}/link/revoke`,
        undefined,
        [401, 403, 200, 200, 200, 200],
      ],
      [
        "open the link without its token",
        "GET",
        (f) => `/insurance-link/${f.requestId}`,
        undefined,
        [404, 404, 404, 404, 404, 404],
      ],
    ];
    for (const row of rows) await expectMatrixRow(p, cookies, fixture, row);
  });

  it("answers bad input with a message, never a 500", async () => {
    const { projectId, requestId } = await fixture();
    await expectClientErrors(p, cookies.member!, [
      ["POST", `/projects/${projectId}/insurance`, {}],
      ["POST", `/projects/${projectId}/insurance`, request({ endsOn: addDays(request().startsOn as string, -1) })],
      ["POST", `/projects/${projectId}/insurance`, request({ subject: "boat" })],
      ["POST", `/projects/not-a-project/insurance`, request()],
      ["POST", `/insurance/${requestId}/endorsement`, { endorse: "yes" }],
      ["POST", `/insurance/nope/withdraw`],
    ]);
  });
});
