import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
// The class, not the default instance: under Node's own ESM loader a CommonJS default import is the exports object.
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import type { PDFDocument } from "pdf-lib";
import { CadesSigner } from "./cades.ts";

/** What a PDF digital signature is made with: the school's .p12 and what the reader's signature panel shows. */
export interface PdfSigner {
  p12: Buffer;
  password: string;
  /** The signer's name in the signature dictionary (the school). */
  name: string;
  reason: string;
  location: string;
}

/** Room for the CMS (certificates, signed attributes, a 2048- or 4096-bit signature) in the /Contents hex string. */
const SIGNATURE_LENGTH = 16_384;

/**
 * Saves the document with a PAdES baseline B-B signature over all of its bytes but the signature itself
 * (a `/ByteRange` and a detached CAdES CMS, SHA-256, subfilter ETSI.CAdES.detached, the time in /M), so a reader
 * shows it as signed and unchanged since. An invisible signature: the audit certificate on the last page is what
 * people read. No timestamp (B-T): that needs a time-stamping authority, which the portal does not have.
 */
export async function saveSigned(doc: PDFDocument, signer: PdfSigner, signingTime: Date): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: signer.reason,
    contactInfo: "",
    name: signer.name,
    location: signer.location,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "The Portal",
  });
  // The placeholder must be found in plain bytes: no object streams.
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signed = await new SignPdf().sign(withPlaceholder, new CadesSigner(signer.p12, signer.password), signingTime);
  return new Uint8Array(signed);
}
