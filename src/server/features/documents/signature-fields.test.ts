import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNING_TOKEN_HEADER, type DocumentDto, type SigningViewDto } from "../../../common/documents.ts";
import type { FieldInput } from "../../../common/signature-fields.ts";
import { jobs } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { newProject } from "../../test/fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";

const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

async function makePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) doc.addPage([300, 400]).drawText(`Release page ${i + 1}`, { x: 20, y: 360, size: 12 });
  return doc.save();
}

type Link = { submissionId: string; signerId: string; token: string };

describe.each(DB_KINDS)("placed signature fields on %s", (kind) => {
  let p: TestPortal;
  let projectId = "";
  const headers = (l: Link) => ({ [SIGNING_TOKEN_HEADER]: l.token, "user-agent": "PhoneBrowser/1.0" });
  const linkFor = async (email: string): Promise<Link> => {
    const rows = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
      .orderBy(jobs.createdAt);
    const m = rows
      .map((j) =>
        (j.payload as { text: string }).text.match(
          /\/signature\/([0-9a-f-]{36})\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/,
        ),
      )
      .filter(Boolean)
      .at(-1);
    if (!m) throw new Error(`no signing link was sent to ${email}`);
    return { submissionId: m[1]!, signerId: m[2]!, token: m[3]! };
  };
  const open = async (l: Link) => {
    const res = await p.anonymous.get(`/rest/v1/signing/${l.submissionId}/${l.signerId}`, { headers: headers(l) });
    expect(res.status).toBe(200);
    return res.body as SigningViewDto;
  };
  const signAs = (l: Link, json: unknown) =>
    p.anonymous.post(`/rest/v1/signing/${l.submissionId}/${l.signerId}/sign`, json, { headers: headers(l) });
  const newDocument = async (title: string) => {
    const res = await p
      .as("member")
      .post(
        `/storage/v1/object/documents/${projectId}?name=${encodeURIComponent(`${title}.pdf`)}&category=release_forms`,
        undefined,
        { body: await makePdf() },
      );
    expect(res.status).toBe(201);
    return res.body as DocumentDto;
  };
  const send = (doc: DocumentDto, fields: FieldInput[]) =>
    p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
      signers: [
        { name: "Ida Sørensen", email: "ida@outside.test", role: "signer" },
        { name: "Lena Fischer", email: "student@portal.test", role: "signer" },
        { name: "Agent Office", email: "agent@outside.test", role: "copy" },
      ],
      fields,
    });
  /** Ida's fields on page 2 and Lena's on page 1, in PDF points from the bottom-left corner. */
  const FIELDS: FieldInput[] = [
    { signer: 0, kind: "signature", page: 2, x: 20, y: 120, width: 160, height: 48 },
    { signer: 0, kind: "name", page: 2, x: 20, y: 90, width: 160, height: 20 },
    { signer: 0, kind: "date", page: 2, x: 190, y: 90, width: 100, height: 20 },
    { signer: 0, kind: "text", page: 2, x: 20, y: 60, width: 200, height: 20, required: false },
    { signer: 0, kind: "checkbox", page: 2, x: 20, y: 30, width: 16, height: 16 },
    { signer: 1, kind: "signature", page: 1, x: 20, y: 40, width: 160, height: 48 },
    { signer: 1, kind: "initials", page: 1, x: 200, y: 40, width: 60, height: 30 },
  ];

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll({ member: "student@portal.test", lead: "amara.diallo@portal.test" });
    projectId = await newProject(p, "member", {
      title: "Harbour Lights",
      academicYear: "2031/32",
      myRoles: ["producer"],
    });
  }, 120_000);
  afterAll(() => p?.close());

  it("refuses a field off the page, without size, for a copy, or a signer without a signature field", async () => {
    const doc = await newDocument("Bad fields");
    const cases: [FieldInput[], RegExp][] = [
      [[{ ...FIELDS[0]!, x: 250 }, FIELDS[5]!], /Signature field: A field on page 2 lies partly outside the page/],
      [[{ ...FIELDS[0]!, page: 3 }, FIELDS[5]!], /there is no page 3/],
      [[{ ...FIELDS[0]!, width: 0 }, FIELDS[5]!], /wider than nothing/],
      [[{ ...FIELDS[0]!, height: -5 }, FIELDS[5]!], /taller than nothing/],
      [[FIELDS[0]!, FIELDS[5]!, { ...FIELDS[1]!, signer: 2 }], /someone who receives a copy fills in nothing/],
      [[FIELDS[0]!, FIELDS[6]!], /needs a signature field of their own/],
    ];
    for (const [fields, message] of cases) {
      const res = await send(doc, fields);
      expect(res.status, String(message)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    // Nothing was sent: the document can still go out.
    expect((await send(doc, FIELDS)).status).toBe(201);
  });

  it("shows each signer only their own fields, fills them, and seals them where they were placed", async () => {
    const doc = await newDocument("Location release");
    expect((await send(doc, FIELDS)).status).toBe(201);
    const ida = await linkFor("ida@outside.test");
    const lena = await linkFor("student@portal.test");
    const idaView = await open(ida);
    expect(idaView.fields.map((f) => [f.kind, f.page, f.required])).toEqual([
      ["signature", 2, true],
      ["name", 2, true],
      ["date", 2, true],
      ["text", 2, false],
      ["checkbox", 2, true],
    ]);
    expect(idaView.fields[0]).toMatchObject({ x: 20, y: 120, width: 160, height: 48 });
    const lenaView = await open(lena);
    expect(lenaView.fields.map((f) => f.kind)).toEqual(["signature", "initials"]);

    const id = (k: string) => idaView.fields.find((f) => f.kind === k)!.id;
    const base = { kind: "typed", consent: true, text: "Ida Sørensen" };
    const notMine = await signAs(ida, {
      ...base,
      fields: [
        { id: id("name"), value: "Ida Sørensen" },
        { id: lenaView.fields[1]!.id, value: "LF" },
      ],
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error.message).toMatch(/belongs to another signer/);
    const missing = await signAs(ida, { ...base, fields: [{ id: id("name"), value: "Ida Sørensen" }] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe("Fill in the checkbox field on page 2 (field 5 of 5) before signing.");
    // A refused answer leaves the link alive.
    const signed = await signAs(ida, {
      ...base,
      fields: [
        { id: id("name"), value: "Ida Sørensen" },
        { id: id("checkbox"), value: "true" },
        { id: id("date"), value: "1999-01-01" },
      ],
    });
    expect(signed.status).toBe(200);
    const lenaSigned = await signAs(lena, {
      kind: "drawn",
      consent: true,
      image: PNG_DATA_URL,
      fields: [{ id: lenaView.fields[1]!.id, value: "LF" }],
    });
    expect(lenaSigned.body).toEqual({ completed: true });

    const after = (await p.as("member").get(`/projects/${projectId}/documents/${doc.id}`)).body as DocumentDto;
    const sealedBytes = (await p.as("member").get(after.versions[0]!.url)).bytes;
    const sealed = await PDFDocument.load(sealedBytes);
    // The two pages, signed in place, and the certificate: no signature page appended.
    expect(sealed.getPageCount()).toBe(3);
    const text = await pdfText(sealedBytes);
    const today = new Date();
    const day = `${today.getUTCDate()} ${today.toLocaleString("en-GB", { month: "short", timeZone: "UTC" })} ${today.getUTCFullYear()}`;
    expect(text[1]).toContain("Release page 2");
    expect(text[1]).toContain("Ida Sørensen");
    // The date is the day of signing, whatever was sent for it.
    expect(text[1]).toContain(day);
    expect(text[1]).not.toContain("1999");
    expect(text[0]).toContain("LF");
    expect(text[0]).not.toContain("Ida Sørensen");
    expect(text.join(" ")).not.toContain("Signatures");
    expect(text[2]).toContain("Audit certificate");
    expect(text[2]).toContain(
      "Filled in place: signature on page 2, name on page 2, date on page 2, text on page 2, checkbox on page 2",
    );
    expect(Buffer.from(sealedBytes).toString("latin1")).toContain("/Subtype /Image");
  });

  it("signs a document without fields as before, with the signature page", async () => {
    const doc = await newDocument("Plain release");
    const res = await p.as("member").post(`/projects/${projectId}/documents/${doc.id}/signature-requests`, {
      signers: [{ name: "Ida Sørensen", email: "ida2@outside.test", role: "signer" }],
    });
    expect(res.status).toBe(201);
    const ida = await linkFor("ida2@outside.test");
    expect((await open(ida)).fields).toEqual([]);
    expect((await signAs(ida, { kind: "typed", consent: true, text: "Ida Sørensen" })).body).toEqual({
      completed: true,
    });
    const after = (await p.as("member").get(`/projects/${projectId}/documents/${doc.id}`)).body as DocumentDto;
    const text = await pdfText((await p.as("member").get(after.versions[0]!.url)).bytes);
    expect(text).toHaveLength(4);
    expect(text[2]).toContain("Signatures");
  });

  it("seeds The Weight of Water's location release signed in its placed fields", async () => {
    const list = await p.as("lead").get("/projects?search=The%20Weight%20of%20Water");
    const project = (list.body.items as { id: string; title: string }[]).find(
      (x) => x.title === "The Weight of Water",
    )!;
    const docs = (await p.as("lead").get(`/projects/${project.id}/documents?limit=50`)).body.items as DocumentDto[];
    const release = docs.find((d) => d.title === "Location release — Harbour flat")!;
    expect(release.submissions[0]).toMatchObject({ status: "completed" });
    expect(release.versions[0]!.origin).toBe("sealed");
    const text = await pdfText((await p.as("lead").get(release.versions[0]!.url)).bytes);
    // The release's page with the signature, name and date on it, then the certificate.
    expect(text).toHaveLength(2);
    expect(text[0]!.match(/Ida Sørensen/g)!.length).toBeGreaterThanOrEqual(3);
    expect(text[0]).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(text[1]).toContain("Audit certificate");
  });
});
