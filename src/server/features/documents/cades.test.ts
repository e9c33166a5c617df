import { createHash, generateKeyPairSync } from "node:crypto";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { verifyPdfSignature } from "../../test/verify-pdf-signature.ts";
import { openP12 } from "./cades.ts";
import { saveSigned } from "./pades.ts";

const keyPair = () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString()),
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString()),
  };
};

function certificate(
  subject: string,
  issuer: { name: string; key: forge.pki.rsa.PrivateKey },
  publicKey: forge.pki.PublicKey,
  ca: boolean,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = ca ? "0a" : "7f01";
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject([{ name: "commonName", value: subject }]);
  cert.setIssuer([{ name: "commonName", value: issuer.name }]);
  cert.setExtensions([{ name: "basicConstraints", cA: ca }]);
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

/** A school certificate issued by a school CA, as an uploaded .p12 often is: the key, its certificate and the CA's. */
function issuedP12(password: string): { p12: Buffer; leafSha256: string } {
  const ca = keyPair();
  const caCert = certificate(
    "Filmschool Root CA",
    { name: "Filmschool Root CA", key: ca.privateKey },
    ca.publicKey,
    true,
  );
  const leaf = keyPair();
  const leafCert = certificate(
    "Filmschool (document sealing)",
    { name: "Filmschool Root CA", key: ca.privateKey },
    leaf.publicKey,
    false,
  );
  const asn = forge.pkcs12.toPkcs12Asn1(leaf.privateKey, [caCert, leafCert], password, { algorithm: "aes256" });
  const leafDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(leafCert)).getBytes(), "binary");
  return {
    p12: Buffer.from(forge.asn1.toDer(asn).getBytes(), "binary"),
    leafSha256: createHash("sha256").update(leafDer).digest("hex"),
  };
}

describe("the CAdES signature of a sealed PDF", () => {
  const { p12, leafSha256 } = issuedP12("pw");

  it("names the certificate that matches the key, not the CA listed before it, and verifies against the CA", async () => {
    expect(openP12(p12, "pw").chain).toHaveLength(2);
    const doc = await PDFDocument.create();
    doc.addPage();
    const signer = { p12, password: "pw", name: "Filmschool", reason: "Test", location: "localhost" };
    const check = verifyPdfSignature(await saveSigned(doc, signer, new Date()));
    expect(check.opensslSays).toBe("");
    expect(check.verified, check.opensslSays).toBe(true);
    expect(check.subFilter).toBe("ETSI.CAdES.detached");
    expect(check.signerCertificateSha256).toBe(leafSha256);
    expect(check.signingCertificateV2Hash).toBe(leafSha256);
  });

  it("refuses a .p12 it cannot open with a message", () => {
    expect(() => openP12(p12, "not it")).toThrow(/password is wrong/);
  });
});
