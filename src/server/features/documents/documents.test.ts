import { readdirSync } from "node:fs";
import { mkdtemp, mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNING_TOKEN_HEADER, type DocumentDto, type SealingCertificateDto } from "../../../common/documents.ts";
import { documentVersions, jobs, projectGreenlight, signatureSubmissions } from "../../db/schema/index.ts";
import { createLocalStorage, sniffFileType } from "../../lib/storage.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { newProject } from "../../test/fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { sha256 } from "./pdf.ts";
import { verifyPdfSignature } from "../../test/verify-pdf-signature.ts";
import { scanSignatures } from "./index.ts";

const YEAR = "2031/32";
/** A drawn signature: a 1×1 PNG is enough for the server, which only embeds it. */
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

async function makePdf(pages: number, label = "Original"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++)
    doc.addPage([300, 400]).drawText(`${label} page ${i + 1}`, { x: 20, y: 360, size: 12 });
  return doc.save();
}

describe("local storage", () => {
  it("writes whole files through a temporary file and leaves none behind", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "storage-"));
    const store = createLocalStorage(root);
    await store.put("documents/a/b.pdf", new Uint8Array([1, 2, 3]));
    await store.put("documents/a/b.pdf", new Uint8Array([4, 5]));
    expect([...(await store.get("documents/a/b.pdf"))!]).toEqual([4, 5]);
    expect(readdirSync(path.join(root, "documents", "a"))).toEqual(["b.pdf"]);
    expect(await store.get("documents/a/missing.pdf")).toBeNull();
  });

  it("leaves the old file whole when a write fails", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "storage-"));
    const store = createLocalStorage(root);
    await store.put("documents/x/file.pdf", new Uint8Array([7, 7, 7]));
    // A folder where the file should go makes the rename fail after the bytes were written.
    await mkdir(path.join(root, "documents", "x", "dir.pdf"));
    await writeFile(path.join(root, "documents", "x", "dir.pdf", "keep"), "x");
    await expect(store.put("documents/x/dir.pdf", new Uint8Array([1]))).rejects.toThrow();
    expect(readdirSync(path.join(root, "documents", "x")).sort()).toEqual(["dir.pdf", "file.pdf"]);
    expect([...(await store.get("documents/x/file.pdf"))!]).toEqual([7, 7, 7]);
  });

  it("refuses keys that climb out of the store", async () => {
    const store = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), "storage-")));
    for (const key of ["../etc/passwd", "documents/../../x", "documents//x", "/abs/x", "single"]) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow("not a valid file address");
    }
  });

  it("tells the type from the bytes, not the name", () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n...");
    expect(sniffFileType(pdf, "photo.png")?.mime).toBe("application/pdf");
    expect(sniffFileType(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]), "release.pdf")).toBeNull();
    expect(sniffFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]), "memo.docx")?.ext).toBe("docx");
    expect(sniffFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]), "archive.zip")).toBeNull();
    expect(sniffFileType(new TextEncoder().encode("a,b\n1,2"), "sheet.csv")?.mime).toBe("text/csv");
  });
});

describe.each(DB_KINDS)("documents and signatures on %s", (kind) => {
  let p: TestPortal;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let projectId = "";
  const upload = (
    bytes: Uint8Array,
    name: string,
    opts: { as?: string; category?: string; documentId?: string; project?: string } = {},
  ) =>
    p
      .as("as" in opts ? opts.as : "member")
      .post(
        `/storage/v1/object/documents/${opts.project ?? projectId}${opts.documentId ? `/${opts.documentId}` : ""}?name=${encodeURIComponent(name)}${opts.category ? `&category=${opts.category}` : ""}`,
        undefined,
        { body: bytes },
      );
  const mailsTo = async (email: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
        .orderBy(jobs.createdAt)
    ).map((j) => j.payload as { subject: string; text: string; attachments?: { storageKey: string }[] });
  /** The newest signing link e-mailed to this address, split into its parts. */
  const linkFor = async (email: string) => {
    const mails = await mailsTo(email);
    const m = mails
      .map((x) => x.text.match(/\/signature\/([0-9a-f-]{36})\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/))
      .filter(Boolean)
      .at(-1);
    if (!m) throw new Error(`no signing link was sent to ${email}`);
    return { submissionId: m[1]!, signerId: m[2]!, token: m[3]! };
  };
  const open = (l: { submissionId: string; signerId: string; token: string }) =>
    p.anonymous.get(`/rest/v1/signing/${l.submissionId}/${l.signerId}`, {
      headers: { [SIGNING_TOKEN_HEADER]: l.token, "user-agent": "PhoneBrowser/1.0" },
    });
  const signAs = (l: { submissionId: string; signerId: string; token: string }, json: unknown) =>
    p.anonymous.post(`/rest/v1/signing/${l.submissionId}/${l.signerId}/sign`, json, {
      headers: { [SIGNING_TOKEN_HEADER]: l.token, "user-agent": "PhoneBrowser/1.0" },
    });
  const greenlight = async (key: string) => {
    const [row] = await p.services.db
      .select()
      .from(projectGreenlight)
      .where(and(eq(projectGreenlight.projectId, projectId), eq(projectGreenlight.itemKey, key)));
    return !!row?.done;
  };
  const newRelease = async (title: string) => {
    const res = await upload(await makePdf(2), `${title}.pdf`, { category: "release_forms" });
    expect(res.status).toBe(201);
    return res.body as DocumentDto;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind, { UPLOAD_MAX_MB: "1" });
    const who = {
      admin: "admin@portal.test",
      staff: "staff@portal.test",
      equipment: "equipment@portal.test",
      member: "student@portal.test",
      outsider: "tomas.novak@portal.test",
    };
    const signedIn = await p.signInAll(who);
    Object.assign(cookies, signedIn.cookies);
    Object.assign(ids, signedIn.ids);
    projectId = await newProject(p, "member", {
      title: "Harbour Lights",
      academicYear: YEAR,
      myRoles: ["producer"],
      shootStart: "2031-10-01",
      shootEnd: "2031-10-03",
      locations: ["Old harbour"],
    });
  }, 120_000);
  afterAll(() => p?.close());

  describe("files", () => {
    it("keeps versions with who, when and a SHA-256, and serves the same bytes back", async () => {
      const first = await makePdf(1, "First");
      const res = await upload(first, "Call sheet day 1.pdf", { category: "call_sheets" });
      expect(res.status).toBe(201);
      const doc = res.body as DocumentDto;
      expect(doc).toMatchObject({ title: "Call sheet day 1", category: "call_sheets", createdByName: "Lena Fischer" });
      expect(doc.versions[0]).toMatchObject({
        number: 1,
        contentType: "application/pdf",
        sha256: sha256(first),
        uploadedByName: "Lena Fischer",
        size: first.byteLength,
      });

      const second = await makePdf(2, "Second");
      const v2 = await upload(second, "callsheet-v2.pdf", { documentId: doc.id, as: "staff" });
      expect(v2.status).toBe(201);
      expect(v2.body.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
      expect(v2.body.versions[0]).toMatchObject({ uploadedByName: "Daniel Reyes", sha256: sha256(second) });

      const download = await p.as("member").get(v2.body.versions[1].url);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      expect(sha256(download.bytes)).toBe(sha256(first));
    });

    it("refuses a file that is too large, empty, or not what it claims, with a message", async () => {
      const big = new Uint8Array(1024 * 1024 + 10).fill(0x41);
      const tooBig = await upload(big, "notes.txt");
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error.message).toMatch(/larger than 1 MB/);
      const exe = await upload(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), "release.pdf");
      expect(exe.status).toBe(415);
      expect(exe.body.error.message).toMatch(/checks what the file contains, not its name/);
      const empty = await upload(new Uint8Array(), "x.pdf");
      expect(empty.status).toBe(400);
      const noName = await p
        .as("member")
        .post(`/storage/v1/object/documents/${projectId}`, undefined, { body: await makePdf(1) });
      expect(noName.status).toBe(400);
      const list = await p.as("member").get(`/projects/${projectId}/documents`);
      expect(list.body.items.some((d: DocumentDto) => d.title === "release")).toBe(false);
    });

    it("stops serving a file changed behind the portal's back", async () => {
      const doc = (await upload(await makePdf(1), "Permit.pdf", { category: "permits" })).body as DocumentDto;
      const [version] = await p.services.db
        .select()
        .from(documentVersions)
        .where(eq(documentVersions.id, doc.versions[0]!.id));
      const file = path.join(p.services.config.DATA_DIR, "storage", ...version!.storageKey.split("/"));
      const bytes = await readFile(file);
      bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0xff;
      await writeFile(file, bytes);
      const res = await p.as("member").get(doc.versions[0]!.url);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/no longer matches the SHA-256/);
    });

    it("deletes softly and restores, ticking the risk assessment item while one is kept", async () => {
      expect(await greenlight("risk_assessment")).toBe(false);
      const doc = (
        await upload(new TextEncoder().encode("Hazards: water, night."), "Risk assessment.txt", {
          category: "risk_assessment",
        })
      ).body as DocumentDto;
      expect(doc.versions[0]!.contentType).toBe("text/plain");
      expect(await greenlight("risk_assessment")).toBe(true);
      const deleted = await p.as("member").delete(`/projects/${projectId}/documents/${doc.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.deletedByName).toBe("Lena Fischer");
      expect(await greenlight("risk_assessment")).toBe(false);
      const live = await p.as("member").get(`/projects/${projectId}/documents`);
      expect(live.body.items.map((d: DocumentDto) => d.id)).not.toContain(doc.id);
      const bin = await p.as("member").get(`/projects/${projectId}/documents?deleted=true`);
      expect(bin.body.items.map((d: DocumentDto) => d.id)).toEqual([doc.id]);
      const again = await p.as("member").delete(`/projects/${projectId}/documents/${doc.id}`);
      expect(again.status).toBe(409);
      const restored = await p.as("staff").post(`/projects/${projectId}/documents/${doc.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body.deletedAt).toBeNull();
      expect(await greenlight("risk_assessment")).toBe(true);
    });

    it("fills a template from the project into a PDF that reads back", async () => {
      const res = await p.as("member").post(`/projects/${projectId}/documents/templates`, {
        template: "location_release",
        party: "Ida Sørensen",
        detail: "Pier 4, Old harbour",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: "Location release — Ida Sørensen", category: "release_forms" });
      expect(res.body.versions[0]).toMatchObject({ origin: "template", contentType: "application/pdf" });
      const pdf = await p.as("member").get(res.body.versions[0].url);
      const doc = await PDFDocument.load(pdf.bytes);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(doc.getTitle()).toBe("Location release — Harbour Lights");
      const bad = await p.as("member").post(`/projects/${projectId}/documents/templates`, { template: "nda" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/template is one of/);
    });
  });

  describe("who may do what", () => {
    it("lets the crew, staff and admins in, and no other student or anonymous caller", async () => {
      const doc = (await upload(await makePdf(1), "Insurance.pdf", { category: "insurance" })).body as DocumentDto;
      const checks: [string, string, (as: string | undefined) => Promise<{ status: number }>][] = [
        ["list", "GET", (as) => p.as(as).get(`/projects/${projectId}/documents`)],
        ["read", "GET", (as) => p.as(as).get(`/projects/${projectId}/documents/${doc.id}`)],
        ["download", "GET", (as) => p.as(as).get(doc.versions[0]!.url)],
        ["upload", "POST", async (as) => upload(await makePdf(1), "x.pdf", { as, documentId: doc.id })],
        [
          "rename",
          "PATCH",
          (as) => p.as(as).patch(`/projects/${projectId}/documents/${doc.id}`, { title: "Insurance certificate" }),
        ],
        [
          "template",
          "POST",
          (as) => p.as(as).post(`/projects/${projectId}/documents/templates`, { template: "crew_deal_memo" }),
        ],
      ];
      const expected: Record<string, number> = {
        member: 2,
        staff: 2,
        admin: 2,
        outsider: 403,
        equipment: 403,
        anonymous: 401,
      };
      for (const [what, , call] of checks) {
        for (const [who, status] of Object.entries(expected)) {
          const res = await call(who === "anonymous" ? undefined : who);
          if (status === 2) expect(res.status, `${who} ${what}`).toBeLessThan(300);
          else expect(res.status, `${who} ${what}`).toBe(status);
        }
      }
      // Anonymous callers may not reach the storage at all, whatever the path.
      expect(
        (await p.anonymous.get(`/storage/v1/object/documents/${projectId}/${doc.id}/${doc.versions[0]!.id}`)).status,
      ).toBe(401);
      expect((await p.as("member").get(`/storage/v1/object/other/thing`)).status).toBe(404);
    });

    it("lets only the crew, staff and admins send, remind and void", async () => {
      const doc = await newRelease("Matrix release");
      const send = (as?: string) =>
        p.as(as).post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
          signers: [{ name: "Ann Owner", email: "ann@outside.test" }],
        });
      expect((await send("outsider")).status).toBe(403);
      expect((await send(undefined)).status).toBe(401);
      const sent = await send("member");
      expect(sent.status).toBe(201);
      const sub = sent.body.submissions[0];
      for (const who of ["outsider", "equipment"]) {
        expect((await p.as(who).post(`/signature-requests/${sub.id}/remind`)).status).toBe(403);
        expect((await p.as(who).post(`/signature-requests/${sub.id}/void`, { reason: "not mine" })).status).toBe(403);
        expect((await p.as(who).post(`/signature-requests/${sub.id}/signers/${sub.signers[0].id}/link`)).status).toBe(
          403,
        );
      }
      expect((await p.as("staff").post(`/signature-requests/${sub.id}/remind`)).status).toBe(200);
      expect(
        (await p.as("admin").post(`/signature-requests/${sub.id}/void`, { reason: "Matrix test done" })).status,
      ).toBe(200);
    });
  });

  describe("releases on the greenlight checklist", () => {
    it("waits for a signed release per scheduled location and per cast member (and a minor's guardian), naming what is missing", async () => {
      const made = await p.as("member").post("/projects", {
        title: `Release Rule ${kind}`,
        type: "fiction",
        academicYear: "2031/32",
        myRoles: ["producer"],
      });
      const id = made.body.id as string;
      const schedule = `/projects/${id}/schedule`;
      const note = async () => {
        const [row] = await p.services.db
          .select()
          .from(projectGreenlight)
          .where(and(eq(projectGreenlight.projectId, id), eq(projectGreenlight.itemKey, "releases_signed")));
        return { done: !!row?.done, note: row?.note ?? "" };
      };
      const day = await p
        .as("member")
        .post(`${schedule}/days`, { date: "2031-10-01", location: "Pier", generalCall: "08:00" });
      expect(day.status).toBe(201);
      const dayId = day.body.days[0].id as string;
      await p.services.db
        .execute(sql`insert into schedule_strips (project_id, shoot_day_id, scene_number, position, heading)
        values (${id}, ${dayId}, '1', 0, 'EXT. HARBOUR - NIGHT'), (${id}, ${dayId}, '2', 1, 'INT. HARBOUR FLAT - DAY')`);
      await p.services.db.execute(
        sql`insert into cast_members (project_id, character, actor_name) values (${id}, 'INES', 'Hanna Brunner'), (${id}, 'JONAS', 'Jonas Berg')`,
      );
      const release = async (template: string, party: string, detail: string, releaseFor?: string) => {
        const res = await p
          .as("member")
          .post(`/projects/${id}/documents/templates`, { template, party, detail, releaseFor });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body as DocumentDto;
      };
      const sign = async (doc: DocumentDto) => {
        await p.services.db.insert(signatureSubmissions).values({
          documentId: doc.id,
          versionId: doc.versions[0]!.id,
          status: "completed",
          order: "parallel",
          createdByName: "test",
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        // Any change to the schedule brings the checklist up to date.
        await p.as("member").put(`${schedule}/cast`, { character: "INES", actorName: "Hanna Brunner" });
      };

      await sign(await release("talent_release", "Hanna Brunner", "INES"));
      expect(await note()).toEqual({
        done: false,
        note: "Missing: location release for HARBOUR, HARBOUR FLAT; talent release for Jonas Berg",
      });
      await sign(await release("location_release", "Port authority", "Quai 1", "HARBOUR"));
      await sign(await release("location_release", "Ida Sørensen", "Seestrasse 12", "Harbour flat"));
      await sign(await release("talent_release", "Jonas Berg", "JONAS"));
      expect(await note()).toEqual({ done: true, note: "Signed for 2 scheduled locations and 2 cast members." });
      const consent = await release("minor_consent", "Eva Berg", "Jonas Berg");
      await p.as("member").put(`${schedule}/cast`, { character: "INES", actorName: "Hanna Brunner" });
      expect(await note()).toEqual({ done: false, note: "Missing: guardian's consent for Jonas Berg" });
      await sign(consent);
      expect((await note()).done).toBe(true);
    });
  });

  describe("signing", () => {
    it("asks signers in order, seals the PDF with a certificate, mails it to everyone and ticks the releases", async () => {
      const original = await makePdf(3);
      const doc = (await upload(original, "Talent release.pdf", { category: "release_forms" })).body as DocumentDto;
      const sent = await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
        order: "sequential",
        message: "Thanks for acting with us!",
        signers: [
          { name: "Maya Actor", email: "maya@outside.test", role: "signer" },
          { name: "Lena Fischer", email: "student@portal.test", role: "approver" },
          { name: "Agent Office", email: "agent@outside.test", role: "copy" },
        ],
      });
      expect(sent.status).toBe(201);
      const sub = sent.body.submissions[0];
      expect(sub.signers.map((x: { status: string }) => x.status)).toEqual(["sent", "waiting", "copy"]);
      expect(await mailsTo("agent@outside.test")).toHaveLength(0);
      expect(await greenlight("releases_signed")).toBe(false);

      const maya = await linkFor("maya@outside.test");
      expect(maya.token.length).toBeGreaterThanOrEqual(43);
      // a signer's question reaches the person who asked for the signature
      expect((await mailsTo("maya@outside.test")).at(-1)).toMatchObject({ replyTo: "student@portal.test" });
      const [stored] = await p.services.db
        .execute<{ n: number }>(sql`select count(*)::int as n from signing_tokens where token_hash = ${maya.token}`)
        .then((r) => r.rows);
      expect(stored!.n).toBe(0);

      const view = await open(maya);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({
        documentTitle: "Talent release",
        projectTitle: "Harbour Lights",
        senderName: "Lena Fischer",
        message: "Thanks for acting with us!",
        pages: 3,
        signer: { name: "Maya Actor", role: "signer" },
      });
      const pdf = await p.anonymous.get(view.body.documentUrl, { headers: { [SIGNING_TOKEN_HEADER]: maya.token } });
      expect(pdf.status).toBe(200);
      expect(sha256(pdf.bytes)).toBe(sha256(original));

      const noConsent = await signAs(maya, { kind: "drawn", image: PNG_DATA_URL });
      expect(noConsent.status).toBe(400);
      expect(noConsent.body.error.message).toMatch(/Tick the box/);
      const notPng = await signAs(maya, { kind: "drawn", consent: true, image: "data:image/svg+xml;base64,AAAA" });
      expect(notPng.status).toBe(400);
      const signed = await signAs(maya, { kind: "drawn", consent: true, image: PNG_DATA_URL });
      expect(signed.status).toBe(200);
      expect(signed.body).toEqual({ completed: false });

      const reused = await open(maya);
      expect(reused.status).toBe(404);
      expect(reused.body.error.details).toEqual({ reason: "used" });
      expect(reused.body.documentTitle).toBeUndefined();
      expect((await signAs(maya, { kind: "typed", consent: true, text: "Maya Actor" })).status).toBe(404);

      const lena = await linkFor("student@portal.test");
      expect((await open(lena)).status).toBe(200);
      const approved = await signAs(lena, { kind: "typed", consent: true, text: "Lena Fischer" });
      expect(approved.body).toEqual({ completed: true });

      const after = (await p.as("member").get(`/projects/${projectId}/documents/${doc.id}`)).body as DocumentDto;
      expect(after.submissions[0]).toMatchObject({ status: "completed" });
      expect(after.submissions[0]!.signers.map((x) => x.status)).toEqual(["signed", "signed", "copy"]);
      const sealedVersion = after.versions[0]!;
      expect(sealedVersion).toMatchObject({
        number: 2,
        origin: "sealed",
        uploadedByName: "The Portal",
        fileName: "Talent release (signed).pdf",
      });
      const sealedBytes = (await p.as("member").get(sealedVersion.url)).bytes;
      expect(sha256(sealedBytes)).toBe(sealedVersion.sha256);
      // A PDF digital signature over the whole delivered file, checked by openssl, in the school's name.
      const signature = verifyPdfSignature(sealedBytes);
      expect(signature).toMatchObject({ verified: true, coversWholeFile: true, subFilter: "ETSI.CAdES.detached" });
      const certificateRow = (await p.as("admin").get("/sealing-certificate")).body as SealingCertificateDto;
      expect(certificateRow.source).toBe("generated");
      // PAdES B-B: the CMS names the certificate Settings shows, by the same SHA-256.
      expect(signature.signingCertificateV2Hash).toBe(certificateRow.fingerprint.replaceAll(":", "").toLowerCase());
      expect(signature.subject).toContain("(document sealing)");
      const sealed = await PDFDocument.load(sealedBytes);
      // The three original pages, a signature page and the certificate.
      expect(sealed.getPageCount()).toBe(5);
      expect(sealed.getSubject()).toMatch(/^Sealed by The Portal; signed document SHA-256 [0-9a-f]{64}$/);
      const raw = Buffer.from(sealedBytes).toString("latin1");
      expect(raw).toContain("/Subtype /Image");
      const text = await pdfText(sealedBytes);
      expect(text[0]).toContain("Original page 1");
      expect(text[3]).toContain("Signatures");
      expect(text[3]).toMatch(/Maya Actor \(maya@outside\.test\) — signed \d{4}-\d\d-\d\d/);
      expect(text[3]).toMatch(/Lena Fischer \(student@portal\.test\) — approved/);
      const certificate = text[4]!;
      expect(certificate).toContain("Audit certificate");
      expect(certificate).toContain(`SHA-256 of the original document: ${sha256(original)}`);
      const signedHash = /SHA-256 of the signed document \(all pages before this certificate\): ([0-9a-f]{64})/.exec(
        certificate,
      )?.[1];
      expect(sealed.getSubject()).toContain(signedHash);
      for (const line of [
        "Maya Actor <maya@outside.test>",
        "Role: signer; signature drawn on screen",
        "Lena Fischer <student@portal.test>",
        "Role: approver; signature typed",
        "Browser: PhoneBrowser/1.0",
        "Agent Office <agent@outside.test>",
        "Received a copy; did not sign.",
      ]) {
        expect(certificate).toContain(line);
      }
      expect(certificate).toMatch(/Viewed: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC Signed: \d{4}/);
      expect(certificate).toContain(certificateRow.fingerprint.slice(0, 23));

      for (const email of ["maya@outside.test", "student@portal.test", "agent@outside.test"]) {
        // The sender, a portal user, also gets the in-app notice as an e-mail in the same transaction: find the copy with the file.
        const done = (await mailsTo(email)).filter(
          (m) => m.subject.startsWith("Signed by everyone") && m.text.includes(sealedVersion.sha256),
        );
        const withFile = done.find((m) => m.attachments?.length);
        expect(withFile, email).toBeDefined();
        expect(withFile!.attachments![0]!.storageKey).toContain(sealedVersion.id);
      }
      // An uploaded release names no scheduled location or cast member, and this project schedules none:
      // "releases signed" waits for what the schedule and the cast list ask for (releases.ts).
      expect(await greenlight("releases_signed")).toBe(false);
      const completedLink = await open(lena);
      expect(completedLink.body.error.details).toEqual({ reason: "used" });
    });

    it("gives nothing for a wrong, foreign or missing token", async () => {
      const doc = await newRelease("Wrong tokens");
      const sent = await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
        signers: [
          { name: "Ola One", email: "ola@outside.test" },
          { name: "Tim Two", email: "tim@outside.test" },
        ],
      });
      const ola = await linkFor("ola@outside.test");
      const tim = await linkFor("tim@outside.test");
      for (const bad of [
        { ...ola, token: "x".repeat(43) },
        { ...ola, token: tim.token },
        { ...ola, signerId: tim.signerId },
        { ...ola, submissionId: "00000000-0000-4000-8000-000000000000" },
        { ...ola, token: "" },
        { ...ola, signerId: "not-a-uuid" },
      ]) {
        const res = await open(bad);
        expect(res.status).toBe(404);
        expect(res.body.error.details).toEqual({ reason: "invalid" });
        expect(
          (
            await p.anonymous.get(`/storage/v1/object/signing/${bad.submissionId}/${bad.signerId}`, {
              headers: { [SIGNING_TOKEN_HEADER]: bad.token },
            })
          ).status,
        ).toBe(404);
      }
      expect(sent.body.submissions[0].signers.map((x: { status: string }) => x.status)).toEqual(["sent", "sent"]);
    });

    it("closes a request when someone declines, with their reason, and tells the sender", async () => {
      const doc = await newRelease("Declined release");
      await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
        signers: [
          { name: "Dee Cline", email: "dee@outside.test" },
          { name: "Other Person", email: "other@outside.test" },
        ],
      });
      const dee = await linkFor("dee@outside.test");
      const short = await p.anonymous.post(
        `/rest/v1/signing/${dee.submissionId}/${dee.signerId}/decline`,
        { reason: "" },
        { headers: { [SIGNING_TOKEN_HEADER]: dee.token } },
      );
      expect(short.status).toBe(400);
      const res = await p.anonymous.post(
        `/rest/v1/signing/${dee.submissionId}/${dee.signerId}/decline`,
        { reason: "The fee is wrong." },
        { headers: { [SIGNING_TOKEN_HEADER]: dee.token } },
      );
      expect(res.status).toBe(200);
      const after = (await p.as("member").get(`/projects/${projectId}/documents/${doc.id}`)).body as DocumentDto;
      expect(after.submissions[0]).toMatchObject({ status: "declined" });
      expect(after.submissions[0]!.signers[0]).toMatchObject({
        status: "declined",
        declineReason: "The fee is wrong.",
      });
      const other = await linkFor("other@outside.test");
      expect((await open(other)).body.error.details).toEqual({ reason: "declined" });
      expect((await mailsTo("other@outside.test")).at(-1)!.subject).toMatch(/No longer to sign/);
      expect((await mailsTo("student@portal.test")).at(-1)!.subject).toBe(
        "Dee Cline declined to sign “Declined release”",
      );
    });

    it("voids, expires and reminds", async () => {
      const doc = await newRelease("Timing release");
      const sent = await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
        reminderDays: 2,
        signers: [{ name: "Rita Late", email: "rita@outside.test" }],
      });
      const sub = sent.body.submissions[0];
      const again = await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
        signers: [{ name: "Rita Late", email: "rita@outside.test" }],
      });
      expect(again.status).toBe(409);

      // Three days on, the scan reminds Rita with a new link; the first one still works.
      const first = await linkFor("rita@outside.test");
      const scan = await scanSignatures(p.services, { now: new Date(Date.now() + 3 * 24 * 3600_000) });
      expect(scan.reminded).toBeGreaterThanOrEqual(1);
      const reminder = await linkFor("rita@outside.test");
      expect(reminder.token).not.toBe(first.token);
      expect((await mailsTo("rita@outside.test")).at(-1)!.subject).toMatch(/^Reminder: /);
      expect((await open(first)).status).toBe(200);

      const qr = await p.as("member").post(`/signature-requests/${sub.id}/signers/${sub.signers[0].id}/link`);
      expect(qr.status).toBe(200);
      expect(qr.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
      const inPerson = new URL(qr.body.url);
      expect(
        (await open({ submissionId: sub.id, signerId: sub.signers[0].id, token: inPerson.searchParams.get("token")! }))
          .status,
      ).toBe(200);

      await p.services.db
        .update(signatureSubmissions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(signatureSubmissions.id, sub.id));
      expect((await open(first)).body.error.details).toEqual({ reason: "expired" });
      const listed = (await p.as("member").get(`/projects/${projectId}/documents/${doc.id}`)).body as DocumentDto;
      expect(listed.submissions[0]!.status).toBe("expired");
      expect((await scanSignatures(p.services)).expired).toBeGreaterThanOrEqual(1);
      const remindExpired = await p.as("member").post(`/signature-requests/${sub.id}/remind`);
      expect(remindExpired.status).toBe(409);

      const doc2 = await newRelease("Voided release");
      const sent2 = await p.as("member").post(`/projects/${projectId}/documents/${doc2.id}/signature-requests`, {
        signers: [{ name: "Vic Void", email: "vic@outside.test" }],
      });
      const vic = await linkFor("vic@outside.test");
      const noReason = await p.as("member").post(`/signature-requests/${sent2.body.submissions[0].id}/void`, {});
      expect(noReason.status).toBe(400);
      const voided = await p
        .as("member")
        .post(`/signature-requests/${sent2.body.submissions[0].id}/void`, { reason: "Wrong date in clause 1" });
      expect(voided.body.submissions[0]).toMatchObject({ status: "voided", voidReason: "Wrong date in clause 1" });
      expect((await open(vic)).body.error.details).toEqual({ reason: "voided" });
      expect((await mailsTo("vic@outside.test")).at(-1)!.subject).toMatch(/No longer to sign/);
    });

    it("sends only a readable PDF, with real signers", async () => {
      const txt = (await upload(new TextEncoder().encode("plain"), "notes.txt")).body as DocumentDto;
      const notPdf = await p.as("member").post(`/projects/${projectId}/documents/${txt.id}/signature-requests`, {
        signers: [{ name: "Ann", email: "ann@outside.test" }],
      });
      expect(notPdf.status).toBe(400);
      expect(notPdf.body.error.message).toMatch(/Only a PDF/);
      const doc = await newRelease("Input checks");
      const post = (json: unknown) =>
        p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, json);
      expect((await post({ signers: [] })).body.error.message).toMatch(/at least one person/);
      expect(
        (await post({ signers: [{ name: "Copy Only", email: "c@outside.test", role: "copy" }] })).body.error.message,
      ).toMatch(/must sign or approve/);
      expect(
        (
          await post({
            signers: [
              { name: "Ann A", email: "a@outside.test" },
              { name: "Ann B", email: "A@outside.test" },
            ],
          })
        ).body.error.message,
      ).toMatch(/same e-mail/);
      expect((await post({ signers: [{ name: "Ann", email: "not-an-email" }] })).status).toBe(400);
    });
  });
});

describe("the demo seed", () => {
  it("keeps documents in every category and a signature request in every state, with the signed release sealed", async () => {
    const p = await startTestPortal("pglite");
    try {
      const cookie = await p.signIn("student@portal.test");
      const list = await p.request("/rest/v1/projects?search=Small%20Hours", { cookie });
      const project = ((await list.json()) as { items: { id: string; title: string }[] }).items.find(
        (x) => x.title === "Small Hours",
      )!;
      const docs = (await (
        await p.request(`/rest/v1/projects/${project.id}/documents?limit=50`, { cookie })
      ).json()) as { items: DocumentDto[] };
      expect(new Set(docs.items.map((d) => d.category))).toEqual(
        new Set(["release_forms", "contracts", "insurance", "permits", "risk_assessment", "call_sheets", "delivery"]),
      );
      expect(new Set(docs.items.flatMap((d) => d.submissions.map((s) => s.status)))).toEqual(
        new Set(["pending", "completed", "declined", "voided", "expired"]),
      );
      const signed = docs.items.find((d) => d.submissions[0]?.status === "completed")!;
      expect(signed.versions[0]!.origin).toBe("sealed");
      const bytes = new Uint8Array(await (await p.request(signed.versions[0]!.url, { cookie })).arrayBuffer());
      expect(sha256(bytes)).toBe(signed.versions[0]!.sha256);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(2);
      expect(verifyPdfSignature(bytes)).toMatchObject({ verified: true, coversWholeFile: true });
    } finally {
      await p.close();
    }
  }, 120_000);
});
