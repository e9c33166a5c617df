import { createHash, createPrivateKey, sign } from "node:crypto";
import { Signer } from "@signpdf/utils";
import forge from "node-forge";
import { AppError } from "../../lib/errors.ts";

/**
 * A CAdES baseline B-B signature (ETSI EN 319 122-1) for a PDF's `ETSI.CAdES.detached` subfilter (PAdES B-B,
 * EN 319 142-1): a detached CMS SignedData over the PDF's byte ranges, SHA-256 and RSA, whose signed attributes are
 * exactly content-type (id-data), message-digest and the ESS signing-certificate-v2 (RFC 5035) naming the signer's
 * certificate by its SHA-256 and issuer/serial. No signing-time attribute: PAdES puts the time in the signature
 * dictionary's /M. node-forge's PKCS#7 signer cannot add signing-certificate-v2, so the CMS is written here in
 * DER; node-forge only opens the .p12 and reads the certificate's issuer and serial.
 */

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha256WithRSAEncryption: "1.2.840.113549.1.1.11",
} as const;

// ── DER, as much as a SignedData needs ────────────────────────────────────────────────────────────

const TAG = { integer: 0x02, octets: 0x04, null: 0x05, oid: 0x06, sequence: 0x30, set: 0x31 } as const;

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag, ...lengthOf(body.length)]), body]);
}

/** Short form below 128, else 0x80 + the count of big-endian length bytes. */
function lengthOf(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let m = n; m > 0; m = Math.floor(m / 256)) bytes.unshift(m % 256);
  return [0x80 | bytes.length, ...bytes];
}

const sequence = (...items: Buffer[]) => tlv(TAG.sequence, ...items);
/** A DER SET OF is ordered by its members' encodings; verifiers re-encode the signed attributes that way. */
const sortedDer = (items: Buffer[]) => [...items].sort(Buffer.compare);
const setOf = (items: Buffer[]) => tlv(TAG.set, ...sortedDer(items));
const oid = (dotted: string) => tlv(TAG.oid, Buffer.from(forge.asn1.oidToDer(dotted).getBytes(), "binary"));
const octets = (bytes: Buffer) => tlv(TAG.octets, bytes);
const integer = (n: number) => tlv(TAG.integer, Buffer.from([n]));
/** SHA-256's identifier carries no parameters (RFC 5754). */
const sha256Id = () => sequence(oid(OID.sha256));
const attribute = (type: string, value: Buffer) => sequence(oid(type), setOf([value]));
const der = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), "binary");

// ── The .p12 ──────────────────────────────────────────────────────────────────────────────────────

export interface OpenedP12 {
  key: forge.pki.rsa.PrivateKey;
  cert: forge.pki.Certificate;
  /** The signer's certificate as DER, the bytes its fingerprint and signing-certificate-v2 hash are taken of. */
  certDer: Buffer;
  /** Every certificate in the file (the signer's and any chain), as DER. */
  chain: Buffer[];
}

/** The RSA key and the certificate that matches it; a wrong password or file is a 400 with a message. */
export function openP12(p12: Buffer, password: string): OpenedP12 {
  let bag: forge.pkcs12.Pkcs12Pfx;
  try {
    bag = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))),
      false,
      password,
    );
  } catch {
    throw new AppError("bad_request", "This .p12 file cannot be opened: the file or its password is wrong.");
  }
  const KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const CERT_BAG = forge.pki.oids.certBag!;
  const key = bag.getBags({ bagType: KEY_BAG })[KEY_BAG]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key?.n) throw new AppError("bad_request", "This .p12 file holds no RSA private key to sign with.");
  const certs = (bag.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey | undefined;
    return !!pub?.n && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!cert) throw new AppError("bad_request", "This .p12 file holds no certificate that matches its private key.");
  const derOf = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
  return { key, cert, certDer: derOf(cert), chain: certs.map(derOf) };
}

// ── The SignedData ────────────────────────────────────────────────────────────────────────────────

/** The certificate's issuer Name and serial INTEGER, as the bytes it holds them in. */
function issuerAndSerial(certDer: Buffer): { issuer: Buffer; serial: Buffer } {
  const tbs = (forge.asn1.fromDer(forge.util.createBuffer(certDer.toString("binary"))).value as forge.asn1.Asn1[])[0]!;
  const fields = tbs.value as forge.asn1.Asn1[];
  // An explicit [0] version comes first in a v3 certificate; then serial, signature algorithm, issuer.
  const at = fields[0]!.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: der(fields[at]!), issuer: der(fields[at + 2]!) };
}

/** ESS signing-certificate-v2: SEQUENCE { certs SEQUENCE OF ESSCertIDv2 { certHash (SHA-256, the default, so no algorithm), issuerSerial } }. */
function signingCertificateV2(certDer: Buffer): Buffer {
  const { issuer, serial } = issuerAndSerial(certDer);
  const generalNames = sequence(tlv(0xa4, issuer)); // directoryName [4], explicit: Name is a CHOICE
  const essCertIdV2 = sequence(octets(createHash("sha256").update(certDer).digest()), sequence(generalNames, serial));
  return sequence(sequence(essCertIdV2));
}

/** A detached CMS SignedData (DER) over `content`, CAdES B-B: content-type, message-digest, signing-certificate-v2. */
export function cadesDetached(content: Buffer, p12: OpenedP12): Buffer {
  const signedAttributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash("sha256").update(content).digest())),
    attribute(OID.signingCertificateV2, signingCertificateV2(p12.certDer)),
  ];
  // The signature is over the attributes as a SET; in the SignerInfo they sit under an implicit [0].
  const signedSet = setOf(signedAttributes);
  const signature = sign("sha256", signedSet, createPrivateKey(forge.pki.privateKeyToPem(p12.key)));
  const { issuer, serial } = issuerAndSerial(p12.certDer);
  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    sha256Id(),
    tlv(0xa0, ...sortedDer(signedAttributes)),
    sequence(oid(OID.sha256WithRSAEncryption), tlv(TAG.null)),
    octets(signature),
  );
  const signedData = sequence(
    integer(1),
    setOf([sha256Id()]),
    sequence(oid(OID.data)),
    tlv(0xa0, ...sortedDer(p12.chain)),
    setOf([signerInfo]),
  );
  return sequence(oid(OID.signedData), tlv(0xa0, signedData));
}

/** The @signpdf signer that writes a CAdES B-B CMS; the signing time it is handed goes in /M, not in the CMS. */
export class CadesSigner extends Signer {
  private readonly opened: OpenedP12;

  constructor(p12: Buffer, password: string) {
    super();
    this.opened = openP12(p12, password);
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetached(pdfBuffer, this.opened);
  }
}
