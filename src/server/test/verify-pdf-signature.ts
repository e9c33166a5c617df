import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PdfSignatureCheck {
  /** The byte range covers the whole file but the /Contents hex string. */
  coversWholeFile: boolean;
  subFilter: string | null;
  /** `openssl cms -verify` accepted the CMS (PKCS#7) over the signed bytes, with its own certificate as the trust anchor. */
  verified: boolean;
  /** The signer certificate's subject as openssl prints it. */
  subject: string;
  opensslSays: string;
  /** The signature dictionary's /M, the signing time a PAdES signature keeps out of the CMS. */
  signingTimeM: string | null;
  /** The CMS signed attributes by the names `openssl cms -cmsout -print` gives them, in their order. */
  signedAttributes: string[];
  /** The certificate hash in the ESS signing-certificate-v2 attribute (lower-case hex), if there is one. */
  signingCertificateV2Hash: string | null;
  /** SHA-256 of the certificate openssl verified the signature with (lower-case hex). */
  signerCertificateSha256: string | null;
}

/**
 * The CMS in /Contents, without the zeros the placeholder is padded with: its length is read from its own DER header,
 * as a reader does, since the CMS may itself end in a zero byte (one signature in 256 does).
 */
function cmsOf(padded: Buffer): Buffer {
  const first = padded[1]!;
  if (padded[0] !== 0x30 || first === 0x80) return padded;
  if (first < 0x80) return padded.subarray(0, 2 + first);
  let length = 0;
  for (let i = 0; i < (first & 0x7f); i++) length = length * 256 + padded[2 + i]!;
  return padded.subarray(0, 2 + (first & 0x7f) + length);
}

/**
 * An independent check of a PDF's digital signature, with none of the code that made it: the last /ByteRange is
 * read from the bytes, the PKCS#7 from the /Contents between its ranges, and `openssl cms -verify` checks it
 * against the ranges' bytes (the certificate it carries is its own anchor: a self-signed school certificate);
 * `openssl cms -cmsout -print` names the signed attributes, so a test can hold it to PAdES baseline B-B.
 */
export function verifyPdfSignature(pdf: Uint8Array): PdfSignatureCheck {
  const bytes = Buffer.from(pdf);
  const latin = bytes.toString("latin1");
  const ranges = [...latin.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) throw new Error("no /ByteRange in this PDF");
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  const hex = latin
    .slice(a + b, c)
    .replace(/^</, "")
    .replace(/>$/, "");
  const der = cmsOf(Buffer.from(hex, "hex"));
  const signed = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(latin)?.[1] ?? null;
  const signingTimeM = /\/M\s*\((D:[^)]*)\)/.exec(latin)?.[1] ?? null;
  const dir = mkdtempSync(path.join(tmpdir(), "pdfsig-"));
  try {
    writeFileSync(path.join(dir, "sig.der"), der);
    writeFileSync(path.join(dir, "content.bin"), signed);
    const certs = execFileSync("openssl", ["pkcs7", "-inform", "DER", "-in", "sig.der", "-print_certs"], {
      cwd: dir,
    }).toString();
    writeFileSync(path.join(dir, "certs.pem"), certs);
    const subject = /subject=(.*)/.exec(certs)?.[1]?.trim() ?? "";
    let verified = false;
    let opensslSays = "";
    try {
      const out = execFileSync(
        "openssl",
        ["cms", "-verify", "-binary", "-inform", "DER", "-in", "sig.der", "-content", "content.bin"].concat([
          "-CAfile",
          "certs.pem",
          "-purpose",
          "any",
          "-signer",
          "signer.pem",
          "-out",
          "/dev/null",
        ]),
        { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
      );
      opensslSays = out.toString();
      verified = true;
    } catch (err) {
      opensslSays = String((err as { stderr?: Buffer }).stderr ?? err);
    }
    const printed = execFileSync("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", "sig.der"], {
      cwd: dir,
    }).toString();
    const attrs = /signedAttrs:([\s\S]*?)\n\s*signatureAlgorithm:/.exec(printed)?.[1] ?? "";
    const signedAttributes = [...attrs.matchAll(/object: (\S+) \(/g)].map((m) => m[1]!);
    // ESSCertIDv2's first member is the certificate's hash, an OCTET STRING openssl dumps in hex.
    const essHash = /signingCertificateV2[\s\S]*?OCTET STRING\s+\[HEX DUMP\]:([0-9A-F]+)/.exec(attrs)?.[1];
    const signerPem = path.join(dir, "signer.pem");
    return {
      coversWholeFile: a === 0 && c + d === bytes.length,
      subFilter,
      verified,
      subject,
      opensslSays,
      signingTimeM,
      signedAttributes,
      signingCertificateV2Hash: essHash?.toLowerCase() ?? null,
      signerCertificateSha256: existsSync(signerPem)
        ? createHash("sha256")
            .update(new X509Certificate(readFileSync(signerPem)).raw)
            .digest("hex")
        : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
