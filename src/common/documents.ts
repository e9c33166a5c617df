/**
 * The documents and signatures contract: categories, templates, what /rest/v1/projects/{id}/documents…
 * and the public signing API accept (zod) and answer (DTOs). Instants are ISO 8601 strings.
 */
import { z } from "zod";
import { fieldsInput, fieldValuesInput, type SigningFieldDto } from "./signature-fields.ts";
import { uploadNameQuery } from "./upload.ts";

export const DOCUMENT_CATEGORIES = [
  "release_forms",
  "contracts",
  "insurance",
  "permits",
  "risk_assessment",
  "call_sheets",
  "delivery",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  release_forms: "Release forms",
  contracts: "Contracts and deal memos",
  insurance: "Insurance",
  permits: "Permits",
  risk_assessment: "Risk assessment",
  call_sheets: "Call sheets",
  delivery: "Delivery",
};

export const TEMPLATES = ["location_release", "talent_release", "minor_consent", "crew_deal_memo"] as const;
export type TemplateKey = (typeof TEMPLATES)[number];

/** What each template is, the category it files under, and what its two blanks ask for. */
export const TEMPLATE_INFO: Record<
  TemplateKey,
  { label: string; category: DocumentCategory; party: string; detail: string }
> = {
  location_release: {
    label: "Location release",
    category: "release_forms",
    party: "Owner of the location",
    detail: "Address of the location",
  },
  talent_release: {
    label: "Talent release",
    category: "release_forms",
    party: "Performer",
    detail: "Role or character",
  },
  minor_consent: {
    label: "Minor guardian consent",
    category: "release_forms",
    party: "Parent or guardian",
    detail: "Name of the minor",
  },
  crew_deal_memo: { label: "Crew deal memo", category: "contracts", party: "Crew member", detail: "Position and fee" },
};

export const SIGNER_ROLES = ["signer", "approver", "copy"] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  signer: "Signs",
  approver: "Approves",
  copy: "Receives a copy",
};

export const SIGNING_ORDERS = ["sequential", "parallel"] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const SUBMISSION_STATUSES = ["pending", "completed", "declined", "voided", "expired"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: "Waiting for signatures",
  completed: "Signed by everyone",
  declined: "Declined",
  voided: "Voided",
  expired: "Expired",
};

/** waiting: not their turn yet (in order); sent: the link went out; opened: they looked at it. */
export const SIGNER_STATUSES = ["waiting", "sent", "opened", "signed", "declined", "copy"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];
export const SIGNER_STATUS_LABELS: Record<SignerStatus, string> = {
  waiting: "Waiting for their turn",
  sent: "Sent",
  opened: "Opened",
  signed: "Signed",
  declined: "Declined",
  copy: "Gets a copy",
};

export const DOCUMENT_TITLE_MAX = 200;
export const MESSAGE_MAX = 2000;
export const SIGNERS_MAX = 10;
export const DECLINE_REASON_MIN = 3;
/** A drawn signature is a small PNG; anything bigger is not a signature. */
export const SIGNATURE_IMAGE_MAX = 300_000;
export const SIGNATURE_CONSENT =
  "I agree to sign this document electronically, and that my electronic signature has the same effect as my handwritten one.";

const title = z
  .string("The title must be text")
  .trim()
  .min(1, "Give the document a title.")
  .max(DOCUMENT_TITLE_MAX, `A title may be at most ${DOCUMENT_TITLE_MAX} characters long.`);
const category = z.enum(DOCUMENT_CATEGORIES, { message: `The category is one of: ${DOCUMENT_CATEGORIES.join(", ")}` });

export const documentListQuery = z.object({
  category: category.optional(),
  deleted: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

/** The query string of an upload (the body is the file itself). */
export const uploadQuery = uploadNameQuery.extend({
  title: title.optional(),
  category: category.optional(),
});

export const documentUpdateInput = z.object({ title: title.optional(), category: category.optional() });
export type DocumentUpdateInput = z.infer<typeof documentUpdateInput>;

const blank = (max: number, what: string) =>
  z.string(`${what} must be text`).trim().max(max, `${what} may be at most ${max} characters long.`).default("");

export const templateInput = z.object({
  template: z.enum(TEMPLATES, { message: `The template is one of: ${TEMPLATES.join(", ")}` }),
  party: blank(200, "The name"),
  detail: blank(300, "The detail"),
  /** A location release: the scheduled location (as the script names it) it covers. */
  releaseFor: blank(200, "The location").optional(),
});
export type TemplateInput = z.input<typeof templateInput>;

const email = z.string("Give an e-mail address").trim().toLowerCase().email("Please enter a valid email address");
export const signerInput = z.object({
  name: z
    .string("Give the signer's name")
    .trim()
    .min(2, "Give each signer's full name (at least 2 characters).")
    .max(200),
  email,
  role: z.enum(SIGNER_ROLES, { message: "A signer signs, approves or receives a copy." }).default("signer"),
});

export const submissionCreateInput = z
  .object({
    signers: z
      .array(signerInput, "Add the people who sign")
      .min(1, "Add at least one person who signs.")
      .max(SIGNERS_MAX, `At most ${SIGNERS_MAX} people per request.`),
    order: z.enum(SIGNING_ORDERS, { message: "Signers sign in order or all at once." }).default("parallel"),
    message: blank(MESSAGE_MAX, "The message"),
    /** Days between automatic reminders; 0 sends none. */
    reminderDays: z.coerce.number().int().min(0).max(30).default(3),
    /** Fields placed on the pages; none keeps the signature page appended at the end. */
    fields: fieldsInput,
  })
  .refine((v) => v.signers.some((s) => s.role !== "copy"), {
    message: "At least one person must sign or approve; copies only receive the signed document.",
    path: ["signers"],
  })
  .refine((v) => new Set(v.signers.map((s) => s.email)).size === v.signers.length, {
    message: "Each person appears once: two signers have the same e-mail address.",
    path: ["signers"],
  })
  .refine((v) => v.fields.every((f) => v.signers[f.signer] && v.signers[f.signer]!.role !== "copy"), {
    message: "A field belongs to a person who signs or approves; someone who receives a copy fills in nothing.",
    path: ["fields"],
  })
  .refine(
    (v) =>
      v.fields.length === 0 ||
      v.signers.every((s, i) => s.role === "copy" || v.fields.some((f) => f.signer === i && f.kind === "signature")),
    {
      message: "Once fields are placed, each person who signs or approves needs a signature field of their own.",
      path: ["fields"],
    },
  );
export type SubmissionCreateInput = z.input<typeof submissionCreateInput>;

export const voidInput = z.object({
  reason: z.string("Say why").trim().min(DECLINE_REASON_MIN, "Say why the request is voided.").max(1000),
});

export const signInput = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("drawn"),
      consent: z.literal(true, "Tick the box to agree to sign electronically."),
      fields: fieldValuesInput,
      image: z
        .string()
        .max(SIGNATURE_IMAGE_MAX, "The drawn signature is too large.")
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, "Draw your signature in the box."),
    }),
    z.object({
      kind: z.literal("typed"),
      consent: z.literal(true, "Tick the box to agree to sign electronically."),
      text: z.string().trim().min(2, "Type your full name to sign.").max(200),
      fields: fieldValuesInput,
    }),
  ],
  "Draw or type your signature.",
);
export type SignInput = z.input<typeof signInput>;

export const declineInput = z.object({
  reason: z.string("Say why you decline").trim().min(DECLINE_REASON_MIN, "Say briefly why you decline.").max(1000),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export interface DocumentVersionDto {
  id: string;
  number: number;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  origin: "upload" | "template" | "sealed";
  uploadedByName: string;
  createdAt: string;
  /** GET this to download the version. */
  url: string;
}

export interface SignerDto {
  id: string;
  name: string;
  email: string;
  role: SignerRole;
  position: number;
  status: SignerStatus;
  sentAt: string | null;
  viewedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  lastRemindedAt: string | null;
}

export interface SubmissionDto {
  id: string;
  documentId: string;
  status: SubmissionStatus;
  order: SigningOrder;
  message: string;
  reminderDays: number;
  createdByName: string;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  signers: SignerDto[];
}

export interface DocumentDto {
  id: string;
  projectId: string;
  title: string;
  category: DocumentCategory;
  createdByName: string;
  createdAt: string;
  deletedAt: string | null;
  deletedByName: string | null;
  versions: DocumentVersionDto[];
  submissions: SubmissionDto[];
}

export interface DocumentPage {
  total: number;
  items: DocumentDto[];
  canEdit: boolean;
}

/** The in-person signing link of one signer, with its QR code. */
export interface SigningLinkDto {
  url: string;
  qrDataUrl: string;
  expiresAt: string;
}

/** What the public signing page shows; only ever answered to a valid link. */
export interface SigningViewDto {
  documentTitle: string;
  projectTitle: string;
  schoolName: string;
  senderName: string;
  message: string;
  signer: { name: string; email: string; role: SignerRole };
  expiresAt: string;
  pages: number;
  /** GET with the same token header to read the PDF. */
  documentUrl: string;
  /** This signer's fields in the order to fill them; none signs with the form alone. */
  fields: SigningFieldDto[];
}

/** Why a link that was once valid no longer opens anything. */
export const DEAD_LINK_REASONS = ["used", "expired", "voided", "declined", "completed"] as const;
export type DeadLinkReason = (typeof DEAD_LINK_REASONS)[number];
export const SIGNING_TOKEN_HEADER = "x-signing-token";

/** The certificate sealed PDFs are signed with, as settings show it to an admin: never the key. */
export interface SealingCertificateDto {
  source: "generated" | "uploaded";
  subject: string;
  /** SHA-256 of the certificate, AB:CD:… as PDF readers show it. */
  fingerprint: string;
  validFrom: string;
  validTo: string;
  createdByName: string;
  createdAt: string;
}

/** An admin's .p12 (base64, a few kilobytes) and its password, sent as JSON so the password is in no URL. */
export const sealingCertificateInput = z.object({
  p12: z
    .string()
    .min(1, "Choose a .p12 file")
    .max(200_000, "A .p12 file is a few kilobytes; this one is too large")
    .regex(/^[A-Za-z0-9+/=]+$/, "The file must be sent as base64"),
  password: z.string().max(500).default(""),
});
export type SealingCertificateInput = z.input<typeof sealingCertificateInput>;
