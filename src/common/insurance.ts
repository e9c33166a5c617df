/**
 * Certificates of insurance (issue 19): a project asks the school's insurance office for one, a teacher may
 * have to endorse the request first, and the office answers in the portal or through a link without an account.
 */
import { z } from "zod";
import { contactEmail } from "./production-contacts.ts";
import { addBusinessDays } from "./time.ts";

export const INSURANCE_SUBJECTS = ["location", "rental"] as const;
export type InsuranceSubject = (typeof INSURANCE_SUBJECTS)[number];
export const INSURANCE_SUBJECT_LABELS: Record<InsuranceSubject, string> = {
  location: "A location",
  rental: "A rental house or hired equipment",
};

/**
 * awaiting_endorsement → requested (endorsed, or no endorsement needed) → answered | declined;
 * a teacher's refusal ends it as `refused`, the crew may withdraw it while it is open.
 */
export const INSURANCE_STATUSES = [
  "awaiting_endorsement",
  "refused",
  "requested",
  "answered",
  "declined",
  "withdrawn",
] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];
export const INSURANCE_STATUS_LABELS: Record<InsuranceStatus, string> = {
  awaiting_endorsement: "Waiting for the teacher's endorsement",
  refused: "Not endorsed",
  requested: "With the insurance office",
  answered: "Certificate issued",
  declined: "Declined by the insurance office",
  withdrawn: "Withdrawn",
};
export const OPEN_INSURANCE_STATUSES: readonly InsuranceStatus[] = ["awaiting_endorsement", "requested"];

export const INSURANCE_TEXT_MAX = 300;

const text = (what: string, max = INSURANCE_TEXT_MAX) =>
  z.string(`${what} must be text.`).trim().max(max, `${what} may be at most ${max} characters long.`);
const day = (what: string) => z.iso.date(`Give ${what} as a date (YYYY-MM-DD).`);

/** What a certificate names besides its main place: the locations and the vendors or rental houses it covers. */
export const INSURANCE_PARTY_KINDS = ["location", "vendor"] as const;
export type InsurancePartyKind = (typeof INSURANCE_PARTY_KINDS)[number];
export const INSURANCE_PARTY_KIND_LABELS: Record<InsurancePartyKind, string> = {
  location: "Location",
  vendor: "Vendor or rental house",
};
export const INSURANCE_PARTIES_MAX = 20;

const optionalText = (what: string, max: number) =>
  z.string(`${what} must be text.`).trim().max(max, `${what} may be at most ${max} characters long.`).optional();

/**
 * A covered location or vendor as the form sends it. Picked from the production's contacts it carries the
 * contact's id, and a field left out is filled from the contact; `save` adds a typed one to the contacts.
 */
export const insurancePartyInput = z.object({
  kind: z.enum(INSURANCE_PARTY_KINDS, "Say whether each covered party is a location or a vendor."),
  contactId: z.uuid("Choose the contact from the production's contacts.").nullable().default(null),
  name: optionalText("The name", 200),
  address: optionalText("The address", INSURANCE_TEXT_MAX),
  phone: optionalText("The phone number", 60),
  email: contactEmail.optional(),
  save: z.boolean("Say whether to save the party to the contacts (true or false).").default(false),
});
export type InsurancePartyInput = z.input<typeof insurancePartyInput>;

/** A covered party as the request keeps it. */
export interface InsuranceParty {
  kind: InsurancePartyKind;
  /** The production contact it was picked from or saved to; the request keeps its own copy of the fields. */
  contactId: string | null;
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** A covered party in an answer: `phone` and `email` are absent for those who may not see contact details. */
export type InsurancePartyDto = Omit<InsuranceParty, "phone" | "email"> & { phone?: string; email?: string };

export const insuranceRequestInput = z
  .object({
    subject: z.enum(INSURANCE_SUBJECTS, "Say whether the certificate is for a location or a rental."),
    description: text("What is to be insured").min(
      2,
      "Say what is to be insured (the place, or the rental house and its gear).",
    ),
    address: text("The address").min(2, "Give the address of the location or the rental house."),
    startsOn: day("the first day"),
    endsOn: day("the last day"),
    holderName: text("The certificate holder").min(2, "Name the certificate holder (who asks for the certificate)."),
    holderAddress: text("The certificate holder's address").min(2, "Give the certificate holder's address."),
    notes: text("The notes", 2000).default(""),
    parties: z
      .array(insurancePartyInput)
      .max(INSURANCE_PARTIES_MAX, `A request may name at most ${INSURANCE_PARTIES_MAX} locations and vendors.`)
      .default([]),
  })
  .refine((r) => r.endsOn >= r.startsOn, {
    path: ["endsOn"],
    message: "The last day cannot be before the first day.",
  });
export type InsuranceRequestInput = z.input<typeof insuranceRequestInput>;

export const endorsementInput = z.object({
  endorse: z.boolean("Say whether you endorse the request (true or false)."),
  comment: text("The comment", 2000).default(""),
});
export type EndorsementInput = z.input<typeof endorsementInput>;

export const insuranceDeclineInput = z.object({
  reason: text("The reason", 2000).min(2, "Say why the certificate cannot be issued."),
});
export type InsuranceDeclineInput = z.input<typeof insuranceDeclineInput>;

/** The first day a certificate may start when asked on `today`: the school's lead time in business days. */
export const earliestInsuredDay = (today: string, leadDays: number) => addBusinessDays(today, leadDays);

export const INSURANCE_TOKEN_HEADER = "x-insurance-token";

export interface InsuranceRequestDto {
  id: string;
  projectId: string;
  projectTitle: string;
  subject: InsuranceSubject;
  description: string;
  address: string;
  startsOn: string;
  endsOn: string;
  holderName: string;
  holderAddress: string;
  notes: string;
  parties: InsurancePartyDto[];
  /** Whether the caller sees the parties' phone and e-mail (the contacts rule). */
  contactsVisible: boolean;
  status: InsuranceStatus;
  requestedByName: string;
  createdAt: string;
  endorsedByName: string | null;
  endorsedAt: string | null;
  endorsementComment: string;
  answeredByName: string | null;
  answeredAt: string | null;
  declineReason: string | null;
  /** The certificate in the project's documents, once the office sent it. */
  documentId: string | null;
  /** Whether the office's link still opens (not answered, revoked or expired). */
  linkOpen: boolean;
  linkExpiresAt: string | null;
  /** What the caller may do now. */
  canEndorse: boolean;
  canAnswer: boolean;
  canWithdraw: boolean;
}

export interface InsuranceListDto {
  items: InsuranceRequestDto[];
  canRequest: boolean;
  /** The earliest first day a request made today may name. */
  earliestStart: string;
  leadDays: number;
  endorsementRequired: boolean;
}

/** What the office's link shows, with no account: the request, and whether it can still be answered. */
export interface InsuranceLinkDto {
  schoolName: string;
  projectTitle: string;
  subject: InsuranceSubject;
  description: string;
  address: string;
  startsOn: string;
  endsOn: string;
  holderName: string;
  holderAddress: string;
  notes: string;
  /** Names and addresses only: the link opens without an account. */
  parties: InsurancePartyDto[];
  requestedByName: string;
  status: InsuranceStatus;
  answeredAt: string | null;
}
