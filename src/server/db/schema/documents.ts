import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  DOCUMENT_CATEGORIES,
  SIGNER_ROLES,
  SIGNER_STATUSES,
  SIGNING_ORDERS,
  SUBMISSION_STATUSES,
} from "../../../common/documents.ts";
import { FIELD_KINDS } from "../../../common/signature-fields.ts";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";

export const documentCategoryEnum = pgEnum("document_category", DOCUMENT_CATEGORIES);
export const versionOriginEnum = pgEnum("document_version_origin", ["upload", "template", "sealed"]);
export const signingOrderEnum = pgEnum("signing_order", SIGNING_ORDERS);
export const submissionStatusEnum = pgEnum("submission_status", SUBMISSION_STATUSES);
export const signerRoleEnum = pgEnum("signer_role", SIGNER_ROLES);
export const signerStatusEnum = pgEnum("signer_status", SIGNER_STATUSES);
export const signatureFieldKindEnum = pgEnum("signature_field_kind", FIELD_KINDS);

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: documentCategoryEnum("category").notNull(),
    /** The template it was made from, if any: a release made from one counts on the greenlight checklist. */
    template: text("template"),
    /**
     * Whom or what a release is for: the scheduled location (as the script names it) of a location release,
     * the performer of a talent release, the minor of a guardian's consent. Matched without regard to case.
     */
    releaseFor: text("release_for"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: the files stay until an admin purges them, so a restore brings everything back. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedByName: text("deleted_by_name"),
    /** The self-service link a person made this copy through, so the producer sees each link's count. */
    releaseLinkId: uuid("release_link_id").references((): AnyPgColumn => releaseLinks.id, { onDelete: "set null" }),
  },
  (t) => [
    index("documents_project_idx").on(t.projectId, t.deletedAt, t.updatedAt.desc()),
    index("documents_release_link_idx").on(t.releaseLinkId),
  ],
);

/**
 * A self-service link to a release template ("scan to sign your release"): whoever opens it types their name and
 * gets their own filled copy to sign. Only a SHA-256 of the token is kept (DESIGN §5).
 */
export const releaseLinks = pgTable(
  "release_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    template: text("template").notNull(),
    label: text("label").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("release_links_project_idx").on(t.projectId, t.createdAt)],
);

export const documentVersions = pgTable(
  "document_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    origin: versionOriginEnum("origin").notNull().default("upload"),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    uploadedByName: text("uploaded_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("document_versions_number_idx").on(t.documentId, t.number)],
);

export const signatureSubmissions = pgTable(
  "signature_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** The version that was sent; the signers see and sign exactly these bytes. */
    versionId: uuid("version_id")
      .notNull()
      .references(() => documentVersions.id, { onDelete: "cascade" }),
    status: submissionStatusEnum("status").notNull().default("pending"),
    order: signingOrderEnum("signing_order").notNull(),
    message: text("message").notNull().default(""),
    reminderDays: integer("reminder_days").notNull().default(3),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    sealedVersionId: uuid("sealed_version_id").references(() => documentVersions.id, { onDelete: "set null" }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
  },
  (t) => [
    index("signature_submissions_document_idx").on(t.documentId),
    index("signature_submissions_pending_idx").on(t.status, t.expiresAt),
  ],
);

export const signatureSigners = pgTable(
  "signature_signers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => signatureSubmissions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: signerRoleEnum("role").notNull(),
    status: signerStatusEnum("status").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastRemindedAt: timestamp("last_reminded_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    viewCount: integer("view_count").notNull().default(0),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    signatureKind: text("signature_kind"),
    /** A drawn signature as a PNG data URL, or the typed name. */
    signatureValue: text("signature_value"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("signature_signers_position_idx").on(t.submissionId, t.position)],
);

/**
 * The secrets of signing links (DESIGN §5): only a SHA-256 of each is kept. A signer may hold several
 * (the e-mail, a reminder, the QR code shown on set); all of them die when the signer acts.
 */
export const signingTokens = pgTable(
  "signing_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signerId: uuid("signer_id")
      .notNull()
      .references(() => signatureSigners.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("signing_tokens_hash_idx").on(t.tokenHash), index("signing_tokens_signer_idx").on(t.signerId)],
);

/**
 * A field placed on a page of the sent version for one signer, in PDF points from the page's bottom-left
 * corner; `value` is what the signer filled in (a signature field takes the signer's signature instead).
 */
export const signatureFields = pgTable(
  "signature_fields",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => signatureSubmissions.id, { onDelete: "cascade" }),
    signerId: uuid("signer_id")
      .notNull()
      .references(() => signatureSigners.id, { onDelete: "cascade" }),
    /** The order the signing page walks the fields in. */
    position: integer("position").notNull(),
    kind: signatureFieldKindEnum("kind").notNull(),
    page: integer("page").notNull(),
    x: doublePrecision("x").notNull(),
    y: doublePrecision("y").notNull(),
    width: doublePrecision("width").notNull(),
    height: doublePrecision("height").notNull(),
    required: boolean("required").notNull().default(true),
    value: text("value"),
  },
  (t) => [index("signature_fields_submission_idx").on(t.submissionId, t.position)],
);

/**
 * The one certificate (id = 1) sealed PDFs are signed with: uploaded by an admin as a .p12, or generated once by
 * the portal (self-signed, the school's name). The .p12 and its password are kept encrypted with a key derived
 * from AUTH_SECRET (AES-256-GCM), and no answer of the API ever carries them: settings show the fingerprint only.
 */
export const sealingCertificates = pgTable("sealing_certificates", {
  id: integer("id").primaryKey().default(1),
  source: text("source", { enum: ["generated", "uploaded"] }).notNull(),
  p12Encrypted: text("p12_encrypted").notNull(),
  passwordEncrypted: text("password_encrypted").notNull(),
  subject: text("subject").notNull(),
  fingerprint: text("fingerprint").notNull(),
  validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
  validTo: timestamp("valid_to", { withTimezone: true }).notNull(),
  createdByName: text("created_by_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
