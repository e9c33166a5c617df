import { date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { InsuranceParty, InsuranceStatus, InsuranceSubject } from "../../../common/insurance.ts";
import { user } from "./auth.ts";
import { documents } from "./documents.ts";
import { projects } from "./projects.ts";

/** A project's request for a certificate of insurance, from the ask to the office's answer. */
export const insuranceRequests = pgTable(
  "insurance_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    subject: text("subject").$type<InsuranceSubject>().notNull(),
    description: text("description").notNull(),
    address: text("address").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    holderName: text("holder_name").notNull(),
    holderAddress: text("holder_address").notNull(),
    notes: text("notes").notNull().default(""),
    /** The locations and vendors the certificate covers, each as typed or filled from a production contact. */
    parties: jsonb("parties").$type<InsuranceParty[]>().notNull().default([]),
    status: text("status").$type<InsuranceStatus>().notNull(),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    requestedByName: text("requested_by_name").notNull(),
    endorsedBy: text("endorsed_by").references(() => user.id, { onDelete: "set null" }),
    endorsedByName: text("endorsed_by_name"),
    endorsedAt: timestamp("endorsed_at", { withTimezone: true }),
    endorsementComment: text("endorsement_comment").notNull().default(""),
    /** Only a SHA-256 of the office's link is kept; a new one replaces it, revoking clears it. */
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    answeredByName: text("answered_by_name"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("insurance_requests_project_idx").on(t.projectId, t.createdAt.desc()),
    index("insurance_requests_token_idx").on(t.tokenHash),
    index("insurance_requests_status_idx").on(t.status),
  ],
);

/**
 * The reminders sent to the insurance office, one per request and stage ("waiting": two business days after the
 * office was asked; "due": the day the school's lead time before the first insured day runs out), so a scan never
 * sends the same one twice.
 */
export const insuranceReminders = pgTable(
  "insurance_reminders",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => insuranceRequests.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.stage] })],
);
