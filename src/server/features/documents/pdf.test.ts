import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { verifyPdfSignature } from "../../test/verify-pdf-signature.ts";
import { sealDocument, sha256, type SealSigner } from "./pdf.ts";
import { testSealer } from "./test-sealer.ts";

const signer = (name: string): SealSigner => ({
  name,
  email: "signer@example.test",
  role: "signer",
  signatureKind: "typed",
  signatureValue: name,
  ip: "203.0.113.7",
  userAgent: "Phone Browser/1.0",
  viewedAt: new Date("2026-11-27T09:00:00Z"),
  signedAt: new Date("2026-11-27T09:05:00Z"),
});

async function blank(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

describe("sealing a document", () => {
  // Letters outside Latin-1 in a name broke the certificate's save once the signed pages had been saved.
  it.each(["Mira Kovač", "Łukasz Wójcik", "Ωμέγα Παπαδοπούλου"])(
    "seals for %s, with the name on the signature page and the certificate",
    async (name) => {
      const original = await blank();
      const base = {
        original,
        title: `Talent release — ${name}`,
        submissionId: "00000000-0000-4000-8000-000000000001",
        senderName: "Lena Fischer",
        sentAt: new Date("2026-11-27T08:00:00Z"),
        signers: [signer(name)],
        sealer: testSealer(),
        sealedAt: new Date("2026-11-27T09:06:00Z"),
      };
      const plain = await sealDocument(base);
      const pages = await pdfText(plain.bytes);
      expect(pages).toHaveLength(3);
      expect(pages[1]).toContain(name);
      expect(pages[2]).toContain("Audit certificate");
      expect(pages[2]).toContain(name);

      const placed = await sealDocument({
        ...base,
        fields: [
          {
            signer: "signer@example.test",
            kind: "name",
            page: 1,
            x: 72,
            y: 100,
            width: 220,
            height: 24,
            value: name,
            signature: { kind: "typed", value: name },
          },
        ],
      });
      const placedPages = await pdfText(placed.bytes);
      expect(placedPages).toHaveLength(2);
      expect(placedPages[0]).toContain(name);
      expect(placedPages[1]).toContain(name);
    },
  );
});

describe("the sealed PDF's digital signature", () => {
  const seal = async () =>
    sealDocument({
      original: await blank(),
      title: "Talent release — Ada",
      submissionId: "00000000-0000-4000-8000-000000000002",
      senderName: "Lena Fischer",
      sentAt: new Date("2026-11-27T08:00:00Z"),
      signers: [signer("Ada Obi")],
      sealer: testSealer(),
      sealedAt: new Date("2026-11-27T09:06:00Z"),
    });

  it("verifies with openssl over the whole file, and names the certificate on the audit certificate", async () => {
    const sealed = await seal();
    const check = verifyPdfSignature(sealed.bytes);
    expect(check.opensslSays).toBe("");
    expect(check.verified, check.opensslSays).toBe(true);
    expect(check.coversWholeFile).toBe(true);
    expect(check.subFilter).toBe("ETSI.CAdES.detached");
    expect(check.subject).toContain("Test School");
    expect(sealed.sha256).toBe(sha256(sealed.bytes));
    const pages = await pdfText(sealed.bytes);
    expect(pages.at(-1)).toContain(testSealer().fingerprint.slice(0, 23));
  });

  it("is a PAdES baseline B-B signature: CAdES attributes naming the certificate by its SHA-256, the time in /M", async () => {
    const check = verifyPdfSignature((await seal()).bytes);
    expect(check.verified, check.opensslSays).toBe(true);
    expect(check.subFilter).toBe("ETSI.CAdES.detached");
    expect([...check.signedAttributes].sort()).toEqual(
      ["contentType", "id-smime-aa-signingCertificateV2", "messageDigest"].sort(),
    );
    expect(check.signedAttributes).not.toContain("signingTime");
    expect(check.signingCertificateV2Hash).toMatch(/^[0-9a-f]{64}$/);
    expect(check.signingCertificateV2Hash).toBe(check.signerCertificateSha256);
    expect(check.signingCertificateV2Hash).toBe(testSealer().fingerprint.replaceAll(":", "").toLowerCase());
    expect(check.signingTimeM).toMatch(/^D:\d{14}/);
  });

  it("fails the check when one byte of the signed pages changes", async () => {
    const sealed = await seal();
    const bytes = Buffer.from(sealed.bytes);
    const at = bytes.indexOf("/Title");
    bytes[at + 1] = "t".charCodeAt(0);
    expect(verifyPdfSignature(bytes).verified).toBe(false);
  });
});
