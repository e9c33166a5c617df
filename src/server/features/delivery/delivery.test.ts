import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseDetail } from "../../../common/courses.ts";
import type { CourseDeliveryDto, DeliveryItem, ProjectDeliveryDto } from "../../../common/delivery.ts";
import { SIGNING_TOKEN_HEADER, type DocumentDto } from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import type { SchoolSettingsDto } from "../../../common/school.ts";
import {
  auditLog,
  documents,
  documentVersions,
  jobs,
  projectActivity,
  projects,
  signatureSigners,
  signatureSubmissions,
} from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll } from "../../test/matrix.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { sha256 } from "../documents/pdf.ts";
import { INDEX_NAME } from "./index.ts";

const TERM = "2035 Spring";
const YEAR = "2035/36";

async function makePdf(label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]).drawText(label, { x: 20, y: 360, size: 12 });
  return doc.save();
}

describe.each(DB_KINDS)("wrap and delivery on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let n = 0;

  /** A course taught by Daniel (staff) with Lena (member) enrolled; a film of Lena's, supervised by Daniel. */
  const course = async () => {
    const res = await p
      .as("admin")
      .post("/courses", { code: `DL-${++n}`, title: `Delivery ${n}`, term: TERM, teacherIds: [ids.staff!] });
    expect(res.status, res.text).toBe(201);
    const c = res.body as CourseDetail;
    const enrol = await p
      .as("admin")
      .post(`/courses/${c.id}/roster`, [{ name: "Lena Fischer", email: "student@portal.test" }]);
    expect(enrol.status, enrol.text).toBe(200);
    return c;
  };
  const project = async (courseId?: string) => {
    const res = await p.as("member").post("/projects", {
      title: `Wrap Film ${++n}`,
      type: "fiction",
      academicYear: YEAR,
      supervisorId: ids.staff,
      ...(courseId ? { courseId } : {}),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as ProjectDetail;
  };
  const delivery = async (projectId: string, as = "member") => {
    const res = await p.as(as).get(`/projects/${projectId}/delivery`);
    expect(res.status, res.text).toBe(200);
    return res.body as ProjectDeliveryDto;
  };
  const item = (d: ProjectDeliveryDto, key: string) => d.items.find((i) => i.key === key)!;
  const upload = async (projectId: string, name: string, category: string) => {
    const res = await p
      .as("member")
      .post(
        `/storage/v1/object/documents/${projectId}?name=${encodeURIComponent(name)}&category=${category}`,
        undefined,
        { body: await makePdf(name) },
      );
    expect(res.status, res.text).toBe(201);
    return res.body as DocumentDto;
  };
  const linkFor = async (email: string) => {
    const mails = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
      .orderBy(jobs.createdAt);
    const m = mails
      .map((j) =>
        (j.payload as { text: string }).text.match(
          /\/signature\/([0-9a-f-]{36})\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/,
        ),
      )
      .filter(Boolean)
      .at(-1)!;
    return { submissionId: m[1]!, signerId: m[2]!, token: m[3]! };
  };
  /** Sends the document for one outside signature and signs it through the public link: it is sealed. */
  const sendForSigning = async (projectId: string, doc: DocumentDto) => {
    const email = `signer-${randomUUID().slice(0, 8)}@outside.test`;
    const sent = await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
      order: "parallel",
      message: "",
      signers: [{ name: "Ana Ruiz", email, role: "signer" }],
    });
    expect(sent.status, sent.text).toBe(201);
    return email;
  };
  const signThrough = async (email: string) => {
    const l = await linkFor(email);
    const signed = await p.anonymous.post(
      `/rest/v1/signing/${l.submissionId}/${l.signerId}/sign`,
      { kind: "typed", consent: true, text: "Ana Ruiz" },
      { headers: { [SIGNING_TOKEN_HEADER]: l.token, "user-agent": "Test/1.0" } },
    );
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body).toEqual({ completed: true });
  };
  const addCast = (projectId: string, character: string, actor: string) =>
    p.services.db.execute(
      sql`insert into cast_members (project_id, character, actor_name) values (${projectId}, ${character}, ${actor})`,
    );
  /** The film is shot: staff move it to post-production past its greenlight, as the phase rules allow them. */
  const toPost = async (projectId: string) => {
    const res = await p.as("staff").post(`/projects/${projectId}/phase`, {
      to: "post_production",
      reason: "Shot and in the edit",
      overrideReason: "The greenlight is not what this test is about.",
    });
    expect(res.status, res.text).toBe(200);
  };
  const phaseOf = async (projectId: string) =>
    ((await p.as("member").get(`/projects/${projectId}`)).body as ProjectDetail).phase;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
  });
  afterAll(() => p?.close());

  it("ticks items by themselves from delivery files, signed releases and permits, and says why", async () => {
    const pr = await project();
    const first = await delivery(pr.id);
    expect(first).toMatchObject({ fromCourse: null, complete: false, signOff: null, canEdit: true, canSignOff: false });
    expect(first.items.map((i) => i.key)).toEqual([
      "picture_lock",
      "final_film",
      "stills",
      "poster",
      "music_cue_sheet",
      "credits_list",
      "releases_signed",
      "permits_signed",
      "festival_copy",
    ]);
    expect(item(first, "final_film")).toMatchObject({
      done: false,
      why: "No delivery document with “final” in its title yet.",
    });
    expect(item(first, "permits_signed")).toMatchObject({ done: true, why: "No permits on file, so none to sign." });
    expect(item(first, "releases_signed").done).toBe(false);

    await upload(pr.id, "Final film master.pdf", "delivery");
    // A file of another category with the same word counts not.
    await upload(pr.id, "Poster draft.pdf", "contracts");
    const files = await delivery(pr.id);
    expect(item(files, "final_film")).toMatchObject({ done: true, why: "Final film master" });
    expect(item(files, "poster").done).toBe(false);

    await addCast(pr.id, "INES", "Hanna Brunner");
    const release = (
      await p.as("member").post(`/projects/${pr.id}/documents/templates`, {
        template: "talent_release",
        party: "Hanna Brunner",
        detail: "INES",
      })
    ).body as DocumentDto;
    expect(item(await delivery(pr.id), "releases_signed")).toMatchObject({
      done: false,
      why: "Missing: talent release for Hanna Brunner",
    });
    await signThrough(await sendForSigning(pr.id, release));
    expect(item(await delivery(pr.id), "releases_signed")).toMatchObject({
      done: true,
      why: "Signed for 0 scheduled locations and 1 cast member.",
    });

    // A permit as the office issued it counts; one sent for signing counts once signed.
    await upload(pr.id, "Harbour filming permit.pdf", "permits");
    expect(item(await delivery(pr.id), "permits_signed")).toMatchObject({ done: true, why: "1 of 1 permit signed." });
    const street = await upload(pr.id, "Street permit.pdf", "permits");
    const email = await sendForSigning(pr.id, street);
    expect(item(await delivery(pr.id), "permits_signed")).toMatchObject({
      done: false,
      why: "1 of 2 permits signed; waiting for Street permit.",
    });
    await signThrough(email);
    expect(item(await delivery(pr.id), "permits_signed")).toMatchObject({ done: true, why: "2 of 2 permits signed." });
  });

  it("follows the course's own checklist, refuses the sign-off while items are open, and closes the production after", async () => {
    const c = await course();
    const items: DeliveryItem[] = [
      { key: "poster", label: "Poster", rule: "documents", category: "delivery", titleHas: "poster" },
      { key: "eo_insurance", label: "E&O insurance", rule: "documents", category: "insurance", titleHas: "E&O" },
      { key: "festival_copy", label: "Festival copy", rule: "manual", category: null, titleHas: null },
    ];
    const student = await p.as("member").put(`/courses/${c.id}/delivery`, { items });
    expect(student.status).toBe(403);
    expect(student.body.error.message).toBe(
      `Only the teachers of ${c.code} and admins can change its delivery checklist.`,
    );
    const saved = await p.as("staff").put(`/courses/${c.id}/delivery`, { items });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body as CourseDeliveryDto).toMatchObject({ followsSchool: false, items, canEdit: true });

    const pr = await project(c.id);
    const open = await delivery(pr.id);
    expect(open.fromCourse).toBe(c.code);
    expect(open.items.map((i) => i.key)).toEqual(["poster", "eo_insurance", "festival_copy"]);

    const early = await p.as("staff").post(`/projects/${pr.id}/delivery/sign-off`, {});
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      `“${pr.title}” is still in Development: a delivery is signed off once the film is shot, in Production or Post-production.`,
    );
    await toPost(pr.id);
    const refused = await p.as("staff").post(`/projects/${pr.id}/delivery/sign-off`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "The delivery cannot be signed off while items are open: Poster (No delivery document with “poster” in its title yet); E&O insurance (No insurance document with “E&O” in its title yet); Festival copy (Not ticked yet).",
    );
    const student2 = await p.as("member").post(`/projects/${pr.id}/delivery/sign-off`, {});
    expect(student2.status).toBe(403);
    expect(student2.body.error.message).toContain("Only the project's supervisor");

    const auto = await p.as("member").put(`/projects/${pr.id}/delivery/items/poster`, { done: true });
    expect(auto.status).toBe(409);
    expect(auto.body.error.message).toBe(
      "“Poster” ticks itself from what the portal holds; it cannot be ticked by hand.",
    );
    const ticked = await p.as("member").put(`/projects/${pr.id}/delivery/items/festival_copy`, {
      done: true,
      note: "Sent to Locarno",
    });
    expect(ticked.status, ticked.text).toBe(200);
    expect(item(ticked.body, "festival_copy")).toMatchObject({
      done: true,
      doneByName: "Lena Fischer",
      why: "Ticked by Lena Fischer: Sent to Locarno",
    });
    await upload(pr.id, "Poster A2.pdf", "delivery");
    await upload(pr.id, "e&o certificate.pdf", "insurance");
    expect((await delivery(pr.id)).complete).toBe(true);

    const signed = await p.as("staff").post(`/projects/${pr.id}/delivery/sign-off`, { note: "A fine film." });
    expect(signed.status, signed.text).toBe(200);
    expect((signed.body as ProjectDeliveryDto).signOff).toMatchObject({ byName: "Daniel Reyes", note: "A fine film." });
    expect(await phaseOf(pr.id)).toBe("completed");
    const kinds = (await p.services.db.select().from(projectActivity).where(eq(projectActivity.projectId, pr.id))).map(
      (a) => a.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(["delivery.ticked", "phase.changed", "delivery.signed_off"]));

    const again = await p.as("admin").post(`/projects/${pr.id}/delivery/sign-off`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^The delivery was signed off by Daniel Reyes on \d{4}-\d\d-\d\d/);
    expect((await p.as("member").put(`/projects/${pr.id}/delivery/items/festival_copy`, { done: false })).status).toBe(
      409,
    );

    // Back to the school's list: the course's own is forgotten.
    const reset = await p.as("staff").delete(`/courses/${c.id}/delivery`);
    expect(reset.body).toMatchObject({ followsSchool: true });
    expect((await delivery(pr.id)).fromCourse).toBeNull();
  });

  it("streams the chain of title as a ZIP whose index lists every file with its hash, and records each download", async () => {
    const pr = await project();
    const script = await p.as("member").post("/screenplays", {
      title: "Wrap Film script",
      projectId: pr.id,
      body: "INT. HARBOUR FLAT - DAY\n\nInes waits by the window.\n",
    });
    expect(script.status, script.text).toBe(201);
    await addCast(pr.id, "INES", "Hanna Brunner");
    const release = (
      await p.as("member").post(`/projects/${pr.id}/documents/templates`, {
        template: "talent_release",
        party: "Hanna Brunner",
        detail: "INES",
      })
    ).body as DocumentDto;
    await signThrough(await sendForSigning(pr.id, release));
    await upload(pr.id, "Harbour filming permit.pdf", "permits");
    await upload(pr.id, "Certificate of insurance.pdf", "insurance");
    // An unsigned release is not part of the chain of title.
    await upload(pr.id, "Unsigned release.pdf", "release_forms");
    const day = await p
      .as("member")
      .post(`/projects/${pr.id}/schedule/days`, { date: "2035-10-01", location: "Pier", generalCall: "08:00" });
    expect(day.status, day.text).toBe(201);
    // The day's production report, as the crew filed it.
    const dayId = (day.body.days as { id: string; date: string }[]).find((d) => d.date === "2035-10-01")!.id;
    const reportPath = `/projects/${pr.id}/daily-reports/${dayId}`;
    const blank = (await p.as("member").get(reportPath)).body;
    const filed = await p
      .as("member")
      .put(reportPath, { version: blank.version, fields: { ...blank.fields, notes: "Wind on the pier." } });
    expect(filed.status, filed.text).toBe(200);
    const budget = await p.as("member").put(`/budgets/${pr.id}`, {
      version: 0,
      contingencyBps: 1000,
      lines: [
        {
          id: randomUUID(),
          accountCode: "2100",
          description: "Camera",
          quantity: 100,
          units: "days",
          rate: 25_000,
          notes: "",
        },
      ],
    });
    expect(budget.status, budget.text).toBe(200);
    const proposal = await p.as("member").post(`/budgets/${pr.id}/proposals`, { version: budget.body.version });
    expect(proposal.status, proposal.text).toBe(201);
    const decided = await p
      .as("staff")
      .post(`/budget-proposals/${proposal.body.proposalId}/decision`, { decision: "approved" });
    expect(decided.status, decided.text).toBe(200);

    const res = await p.as("member").get(`/projects/${pr.id}/delivery/archive.zip`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="Wrap-Film-\d+-archive.zip"/);
    const files = unzipSync(res.bytes);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        INDEX_NAME,
        "1-screenplay/Wrap-Film-script.pdf",
        "2-releases/Talent-release-Hanna-Brunner.pdf",
        "4-permits/Harbour-filming-permit.pdf",
        "5-certificates/Certificate-of-insurance.pdf",
        "6-budget/Approved-budget-version-1.pdf",
        "7-call-sheets/Day-01-2035-10-01.pdf",
        "8-daily-reports/Day-01-2035-10-01-report.pdf",
        "8-daily-reports/Day-01-2035-10-01-script-notes.pdf",
        "8-daily-reports/Day-01-2035-10-01-camera.pdf",
        "8-daily-reports/Day-01-2035-10-01-sound.pdf",
      ].sort(),
    );
    const index = (await pdfText(files[INDEX_NAME]!)).join(" ");
    for (const name of names.filter((x) => x !== INDEX_NAME)) {
      expect(index).toContain(name);
      expect(index).toContain(sha256(files[name]!));
    }
    expect(index).toContain("Not signed off yet");
    expect((await pdfText(files["8-daily-reports/Day-01-2035-10-01-report.pdf"]!)).join(" ")).toContain(
      "Wind on the pier.",
    );
    // The release is the sealed one: its audit certificate is inside.
    const sealed = (await pdfText(files["2-releases/Talent-release-Hanna-Brunner.pdf"]!)).join(" ");
    expect(sealed).toMatch(/certificate/i);
    expect((await pdfText(files["6-budget/Approved-budget-version-1.pdf"]!)).join(" ")).toContain("Approved");

    const [activity] = await p.services.db
      .select()
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, pr.id), eq(projectActivity.kind, "archive.downloaded")));
    expect(activity?.summary).toBe("Lena Fischer downloaded the archive (10 files and the index)");
    const audits = await p.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "project.archive_downloaded"), eq(auditLog.targetId, pr.id)));
    expect(audits).toHaveLength(1);
  });

  it("seeds a wrapped film whose delivery is signed off and whose archive downloads", async () => {
    const [understudy] = await p.services.db.select().from(projects).where(eq(projects.title, "Understudy"));
    const d = await delivery(understudy!.id);
    expect(d).toMatchObject({ complete: true, signOff: { byName: "Daniel Reyes" } });
    expect(item(d, "releases_signed").why).toBe("Signed for 1 scheduled location and 2 cast members.");
    const zip = await p.as("member").get(`/projects/${understudy!.id}/delivery/archive.zip`);
    expect(zip.status).toBe(200);
    const names = Object.keys(unzipSync(zip.bytes));
    expect(names.filter((x) => x.startsWith("2-releases/"))).toHaveLength(3);
    expect(names).toEqual(expect.arrayContaining([INDEX_NAME, "4-permits/Theatre-filming-permit.pdf"]));
    const index = (await pdfText(unzipSync(zip.bytes)[INDEX_NAME]!)).join(" ");
    expect(index).toContain("Signed off by Daniel Reyes");
  });

  it("seeds the minor's guardian consent signed through the signing link and sealed, so the demo's archive holds it", async () => {
    const [film] = await p.services.db.select().from(projects).where(eq(projects.title, "The Weight of Water"));
    const [consent] = await p.services.db
      .select({ title: documents.title, sub: signatureSubmissions, signer: signatureSigners })
      .from(documents)
      .innerJoin(signatureSubmissions, eq(signatureSubmissions.documentId, documents.id))
      .innerJoin(signatureSigners, eq(signatureSigners.submissionId, signatureSubmissions.id))
      .where(and(eq(documents.projectId, film!.id), eq(documents.template, "minor_consent")));
    expect(consent).toMatchObject({
      title: "Minor guardian consent — Elisabeth Brunner",
      sub: { status: "completed" },
      signer: { name: "Elisabeth Brunner", status: "signed", signatureKind: "typed", ip: "192.0.2.40" },
    });
    // Sealed by the signing itself: the sealed version is the document's newest, and the signing is on the record.
    const [sealed] = await p.services.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.id, consent!.sub.sealedVersionId!));
    expect(sealed).toMatchObject({ origin: "sealed", fileName: expect.stringMatching(/\(signed\)\.pdf$/) });
    const kinds = (
      await p.services.db
        .select({ kind: projectActivity.kind })
        .from(projectActivity)
        .where(eq(projectActivity.projectId, film!.id))
    ).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(["signature.signed", "signature.completed"]));

    const zip = await p.as("admin").get(`/projects/${film!.id}/delivery/archive.zip`);
    expect(zip.status, zip.text).toBe(200);
    const files = unzipSync(zip.bytes);
    const name = "2-releases/Minor-guardian-consent-Elisabeth-Brunner.pdf";
    expect(Object.keys(files)).toContain(name);
    expect(sha256(files[name]!)).toBe(sealed!.sha256);
    const text = (await pdfText(files[name]!)).join(" ");
    expect(text).toMatch(/certificate/i);
    expect(text).toContain("192.0.2.40");
    expect((await pdfText(files[INDEX_NAME]!)).join(" ")).toContain(name);
  });

  it("follows the school's list, which admins edit in the school settings, and refuses a bad list with a message", async () => {
    const read = async () => (await p.as("admin").get("/school-settings")).body as SchoolSettingsDto;
    const before = await read();
    expect(before.settings.deliveryItems.map((i) => i.key)).toContain("festival_copy");
    const eo: DeliveryItem = {
      key: "e_o",
      label: "E&O certificate",
      rule: "documents",
      category: "insurance",
      titleHas: "E&O",
    };
    const items = [...before.settings.deliveryItems.filter((i) => i.key !== "festival_copy"), eo];
    const save = (settings: unknown, as = "admin", version = before.version) =>
      p.as(as).put("/school-settings", { version, settings });

    // Only admins change it; staff are refused and the list stays.
    expect((await save({ ...before.settings, deliveryItems: items }, "staff")).status).toBe(403);
    const bad: [unknown, string][] = [
      [[], "The delivery checklist needs at least one item."],
      [[{ ...eo, category: null }], "“E&O certificate” is ticked by documents: choose the category it looks in."],
      [[eo, eo], "Two checklist items share the key “e_o”; each needs its own."],
      [[{ ...eo, rule: "magic" }], "Choose how a delivery item is ticked"],
      [[{ ...eo, label: "E" }], "A checklist item's label needs at least 2 characters."],
    ];
    for (const [deliveryItems, message] of bad) {
      const res = await save({ ...before.settings, deliveryItems });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await read()).version).toBe(before.version);

    const saved = await save({ ...before.settings, deliveryItems: items });
    expect(saved.status, saved.text).toBe(200);
    try {
      // A project without a course, and a course without its own list, deliver against the school's new list.
      const pr = await project();
      const d = await delivery(pr.id);
      expect(d.fromCourse).toBeNull();
      expect(d.items.map((i) => i.key)).toEqual(items.map((i) => i.key));
      expect(item(d, "e_o")).toMatchObject({ done: false, why: "No insurance document with “E&O” in its title yet." });
      const c = await course();
      const cd = (await p.as("member").get(`/courses/${c.id}/delivery`)).body as CourseDeliveryDto;
      expect(cd).toMatchObject({ followsSchool: true, items });
      // A course with its own list keeps it.
      const own = [{ key: "poster", label: "Poster", rule: "manual", category: null, titleHas: null }];
      expect((await p.as("staff").put(`/courses/${c.id}/delivery`, { items: own })).status).toBe(200);
      const inCourse = await delivery((await project(c.id)).id);
      expect(inCourse.items.map((i) => i.key)).toEqual(["poster"]);
    } finally {
      const current = await read();
      const back = await save(before.settings, "admin", current.version);
      expect(back.status, back.text).toBe(200);
    }
  });

  it("answers each caller as the rules say (authorization matrix)", async () => {
    const pr = await project();
    const c = await course();
    // Columns: anonymous, outsider, member (Lena, the film's crew), staff, equipment, admin.
    await expectMatrixRow(p, cookies, async () => null, [
      "read",
      "GET",
      () => `/projects/${pr.id}/delivery`,
      undefined,
      [401, 403, 200, 200, 403, 200],
    ]);
    await expectMatrixRow(p, cookies, async () => null, [
      "tick",
      "PUT",
      () => `/projects/${pr.id}/delivery/items/festival_copy`,
      { done: true },
      [401, 403, 200, 200, 403, 200],
    ]);
    await expectMatrixRow(p, cookies, async () => null, [
      "archive",
      "GET",
      () => `/projects/${pr.id}/delivery/archive.zip`,
      undefined,
      [401, 403, 200, 200, 403, 200],
    ]);
    // Those who may sign off are told why not yet (409: the film is not shot), the others that they may not (403).
    await expectMatrixRow(p, cookies, async () => null, [
      "sign off",
      "POST",
      () => `/projects/${pr.id}/delivery/sign-off`,
      {},
      [401, 403, 403, 409, 403, 409],
    ]);
    await expectMatrixRow(p, cookies, async () => null, [
      "course read",
      "GET",
      () => `/courses/${c.id}/delivery`,
      undefined,
      [401, 404, 200, 200, 404, 200],
    ]);
    await expectMatrixRow(p, cookies, async () => null, [
      "course save",
      "PUT",
      () => `/courses/${c.id}/delivery`,
      { items: [{ key: "poster", label: "Poster", rule: "manual" }] },
      [401, 404, 403, 200, 404, 200],
    ]);
  });

  it("refuses bad input with a message, never a 500", async () => {
    const c = await course();
    const pr = await project();
    const good = { key: "poster", label: "Poster", rule: "documents", category: "delivery", titleHas: "poster" };
    await expectClientErrors(p, cookies.staff!, [
      ["PUT", `/courses/${c.id}/delivery`, { items: [] }],
      ["PUT", `/courses/${c.id}/delivery`, { items: [good, good] }],
      ["PUT", `/courses/${c.id}/delivery`, { items: [{ ...good, category: null }] }],
      ["PUT", `/courses/${c.id}/delivery`, { items: [{ ...good, category: "films" }] }],
      ["PUT", `/courses/${c.id}/delivery`, { items: [{ ...good, rule: "magic" }] }],
      ["PUT", `/courses/${c.id}/delivery`, { items: [{ ...good, titleHas: "x".repeat(41) }] }],
      ["PUT", "/courses/not-an-id/delivery", { items: [good] }],
      ["PUT", `/projects/${pr.id}/delivery/items/nothing`, { done: true }],
      ["PUT", `/projects/${pr.id}/delivery/items/festival_copy`, { done: "yes" }],
      ["GET", "/projects/not-an-id/delivery"],
      ["GET", "/projects/00000000-0000-4000-8000-000000000000/delivery/archive.zip"],
    ]);
    const bad = await p.as("staff").put(`/courses/${c.id}/delivery`, { items: [{ ...good, category: null }] });
    expect(bad.body.error.message).toContain("“Poster” is ticked by documents: choose the category it looks in.");
  });
});
