import { createCipheriv, createDecipheriv, createHash, generateKeyPairSync, hkdfSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import forge from "node-forge";
import type { SealingCertificateDto } from "../../../common/documents.ts";
import { keys } from "../../../common/query-keys.ts";
import { isAdmin } from "../../../common/roles.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { sealingCertificates } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { getSchoolSettings } from "../school/service.ts";
import { openP12 } from "./cades.ts";
import type { PdfSigner } from "./pades.ts";

type S = Pick<Services, "db" | "config">;
const ROW = 1;

/** What the sealer signs with: the .p12 and its password, decrypted only for the moment of signing. */
export interface SealingKey {
  p12: Buffer;
  password: string;
  subject: string;
  fingerprint: string;
}

// ── Kept encrypted ───────────────────────────────────────────────────────────────────────────────

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "the-portal", "sealing-certificate", 32) as ArrayBuffer);

function encrypt(secret: string, plain: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString("base64")).join(".");
}

function decrypt(secret: string, stored: string): Buffer {
  const [iv, tag, body] = stored.split(".").map((p) => Buffer.from(p, "base64"));
  const d = createDecipheriv("aes-256-gcm", keyOf(secret), iv!);
  d.setAuthTag(tag!);
  return Buffer.concat([d.update(body!), d.final()]);
}

// ── Reading a .p12 ───────────────────────────────────────────────────────────────────────────────

interface Parsed {
  subject: string;
  fingerprint: string;
  validFrom: Date;
  validTo: Date;
}

/** The certificate that matches the private key in a .p12; a wrong password or file is a 400 with a message. */
export function readP12(p12: Buffer, password: string): Parsed {
  const { cert, certDer } = openP12(p12, password);
  return {
    subject: cert.subject.attributes
      .map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name}=${String(a.value)}`)
      .join(", "),
    fingerprint: fingerprintOf(certDer),
    validFrom: cert.validity.notBefore,
    validTo: cert.validity.notAfter,
  };
}

/** SHA-256 of the certificate's DER bytes, as readers show it (AB:CD:…). */
export const fingerprintOf = (der: Buffer) =>
  createHash("sha256")
    .update(der)
    .digest("hex")
    .toUpperCase()
    .replace(/(..)(?!$)/g, "$1:");

/** A self-signed certificate in the school's name, for a school that uploaded none. */
export function generateP12(commonName: string, password: string, now = new Date()): Buffer {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = "01" + randomBytes(15).toString("hex");
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const name = [
    { name: "commonName", value: `${commonName} (document sealing)` },
    { name: "organizationName", value: commonName },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "aes256" });
  return Buffer.from(forge.asn1.toDer(asn).getBytes(), "binary");
}

// ── The school's sealing certificate ─────────────────────────────────────────────────────────────

async function store(s: S, db: DbOrTx, p12: Buffer, password: string, source: "generated" | "uploaded", by: string) {
  const parsed = readP12(p12, password);
  const row = {
    id: ROW,
    source,
    p12Encrypted: encrypt(s.config.AUTH_SECRET, p12),
    passwordEncrypted: encrypt(s.config.AUTH_SECRET, Buffer.from(password, "utf8")),
    ...parsed,
    createdByName: by,
    createdAt: new Date(),
  };
  if (source === "generated") await db.insert(sealingCertificates).values(row).onConflictDoNothing();
  else
    await db.insert(sealingCertificates).values(row).onConflictDoUpdate({ target: sealingCertificates.id, set: row });
}

/**
 * The key sealed PDFs are signed with: the uploaded one, or the one generated the first time a document is
 * sealed (two instances generating at once keep the first one stored).
 */
export async function sealingKey(s: S, db: DbOrTx): Promise<SealingKey> {
  let [row] = await db.select().from(sealingCertificates).where(eq(sealingCertificates.id, ROW));
  if (!row) {
    const school = (await getSchoolSettings(db)).schoolName;
    const password = randomBytes(18).toString("base64url");
    await store(s, db, generateP12(school, password), password, "generated", "The Portal");
    [row] = await db.select().from(sealingCertificates).where(eq(sealingCertificates.id, ROW));
  }
  try {
    return {
      p12: decrypt(s.config.AUTH_SECRET, row!.p12Encrypted),
      password: decrypt(s.config.AUTH_SECRET, row!.passwordEncrypted).toString("utf8"),
      subject: row!.subject,
      fingerprint: row!.fingerprint,
    };
  } catch (err) {
    throw new AppError(
      "conflict",
      "The sealing certificate cannot be read with this portal's AUTH_SECRET; an admin must upload it again in Settings.",
      undefined,
      { cause: err },
    );
  }
}

function requireAdmin(caller: Caller) {
  if (!isAdmin(caller.role)) throw new AppError("forbidden", "Only an admin manages the sealing certificate.");
}

const toDto = (row: typeof sealingCertificates.$inferSelect | undefined): SealingCertificateDto | null =>
  row
    ? {
        source: row.source,
        subject: row.subject,
        fingerprint: row.fingerprint,
        validFrom: row.validFrom.toISOString(),
        validTo: row.validTo.toISOString(),
        createdByName: row.createdByName,
        createdAt: row.createdAt.toISOString(),
      }
    : null;

/** What settings show: whose certificate, its fingerprint and validity, never the key. */
export async function getSealingCertificate(s: S, caller: Caller): Promise<SealingCertificateDto | null> {
  requireAdmin(caller);
  const [row] = await s.db.select().from(sealingCertificates).where(eq(sealingCertificates.id, ROW));
  return toDto(row);
}

/** An admin's own .p12 replaces the generated certificate; later sealed PDFs are signed with it. */
export async function uploadSealingCertificate(
  s: S & Pick<Services, "events">,
  caller: Caller,
  input: { bytes: Buffer; password: string },
): Promise<SealingCertificateDto> {
  requireAdmin(caller);
  await s.db.transaction(async (tx) => {
    await store(s, tx, input.bytes, input.password, "uploaded", caller.name);
    await recordAudit(
      tx,
      { id: caller.id, name: caller.name },
      {
        action: "school.sealing_certificate",
        targetType: "school",
        targetLabel: readP12(input.bytes, input.password).fingerprint,
      },
    );
  });
  await s.events.publish({
    type: "sealing_certificate.changed",
    invalidate: [keys.sealingCertificate(), keys.auditLog()],
  });
  const [row] = await s.db.select().from(sealingCertificates).where(eq(sealingCertificates.id, ROW));
  return toDto(row)!;
}

/** What `sealDocument` signs with: the school's key, in the school's name. */
export async function sealerFor(s: S, db: DbOrTx): Promise<PdfSigner & { fingerprint: string }> {
  const key = await sealingKey(s, db);
  const school = (await getSchoolSettings(db)).schoolName;
  return {
    p12: key.p12,
    password: key.password,
    fingerprint: key.fingerprint,
    name: school,
    reason: `Sealed by ${school} through The Portal after every signer signed`,
    location: new URL(s.config.PUBLIC_URL).host,
  };
}
