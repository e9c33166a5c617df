import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SealingCertificateDto } from "../../../common/documents.ts";
import { sealingCertificates } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { ADMIN_ONLY, expectMatrixRow, signInAll } from "../../test/matrix.ts";
import { verifyPdfSignature } from "../../test/verify-pdf-signature.ts";
import { sealDocument } from "./pdf.ts";
import { generateP12 } from "./sealing-certificate.ts";
import { sealerFor } from "./index.ts";
import { PDFDocument } from "pdf-lib";

describe.each(DB_KINDS)("the sealing certificate on %s", (kind) => {
  let p: TestPortal;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ cookies } = await signInAll(p));
  }, 120_000);
  afterAll(() => p?.close());

  it("is generated once in the school's name, kept encrypted, and shown to admins only by its fingerprint", async () => {
    // The first sealing makes the certificate (the demo seed's sealing runs as a job, which may not have run yet).
    const sealer = await sealerFor(p.services, p.services.db);
    const shown = (await p.as("admin").get("/sealing-certificate")).body as SealingCertificateDto;
    expect(shown).toMatchObject({ source: "generated", createdByName: "The Portal" });
    expect(shown.subject).toContain("(document sealing)");
    expect(shown.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    // Made once: a second sealing signs with the same certificate.
    expect((await sealerFor(p.services, p.services.db)).fingerprint).toBe(sealer.fingerprint);
    expect(JSON.stringify(shown)).not.toMatch(/p12|password/i);
    const [row] = await p.services.db.select().from(sealingCertificates);
    // What is stored is not a .p12 (which starts with a DER SEQUENCE, 0x30) nor its password in clear.
    expect(Buffer.from(row!.p12Encrypted.split(".")[2]!, "base64")[0]).not.toBe(0x30);
    expect(row!.passwordEncrypted.split(".")).toHaveLength(3);
    await expectMatrixRow(p, cookies, async () => null, [
      "read",
      "GET",
      () => "/sealing-certificate",
      undefined,
      ADMIN_ONLY,
    ]);
  });

  it("refuses a .p12 with a wrong password or none at all with a message, and only an admin may upload", async () => {
    const p12 = generateP12("Filmschool Test", "right").toString("base64");
    const wrong = await p.as("admin").put("/sealing-certificate", { p12, password: "wrong" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/password is wrong/);
    const junk = await p.as("admin").put("/sealing-certificate", { p12: "AAAA", password: "" });
    expect(junk.status).toBe(400);
    expect((await p.as("staff").put("/sealing-certificate", { p12, password: "right" })).status).toBe(403);
  });

  it("signs later sealed PDFs with the admin's uploaded certificate", async () => {
    const before = (await p.as("admin").get("/sealing-certificate")).body as SealingCertificateDto;
    const p12 = generateP12("Filmschool Uploaded", "s3cret").toString("base64");
    const up = await p.as("admin").put("/sealing-certificate", { p12, password: "s3cret" });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ source: "uploaded", createdByName: "Margaret Okafor" });
    expect(up.body.fingerprint).not.toBe(before.fingerprint);

    const blank = await PDFDocument.create();
    blank.addPage();
    const sealed = await sealDocument({
      original: await blank.save(),
      title: "Release",
      submissionId: "00000000-0000-4000-8000-000000000003",
      senderName: "Admin",
      sentAt: new Date(),
      signers: [],
      sealer: await sealerFor(p.services, p.services.db),
      sealedAt: new Date(),
    });
    const check = verifyPdfSignature(sealed.bytes);
    expect(check.verified, check.opensslSays).toBe(true);
    expect(check.subject).toContain("Filmschool Uploaded");
  });
});
