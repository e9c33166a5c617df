/**
 * Hazards and their paperwork: the school's table of hazard kinds, each with what it requires (a document of a
 * category, approved by someone, so many days before the first shoot day of the scene), and the requirements a
 * confirmed safety flag puts on a project. Due dates are counted here, from a shoot day, so the server's checks,
 * its reminders and the page agree on them.
 */
import { z } from "zod";
import { DOCUMENT_CATEGORIES, type DocumentCategory } from "./documents.ts";
import { addBusinessDays, addDays } from "./time.ts";

/**
 * Who decides a requirement: any of the school's staff (faculty, the production office), the administrators
 * alone, or one named person (the school's safety officer). Administrators may always decide, as the school's
 * last resort when the named person is away.
 */
export const APPROVER_ROLES = ["staff", "admin"] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];
export const APPROVER_ROLE_LABELS: Record<ApproverRole, string> = {
  staff: "Staff (any)",
  admin: "Administrators",
};

const label = z
  .string({ message: "Give the requirement a name" })
  .trim()
  .min(1, "Give the requirement a name")
  .max(120, "A name is at most 120 characters");

export const hazardRequirementSpec = z.object({
  label,
  category: z.enum(DOCUMENT_CATEGORIES, { message: `The category is one of: ${DOCUMENT_CATEGORIES.join(", ")}` }),
  approverRole: z.enum(APPROVER_ROLES, { message: "The approver is staff or the administrators" }).default("staff"),
  /** A named approver (a staff member's user id) instead of the role; null for the role. */
  approverUserId: z.string().min(1).max(100).nullable().default(null),
  leadDays: z
    .number({ message: "The lead time is a whole number of days" })
    .int("The lead time is a whole number of days")
    .min(0, "The lead time is 0 days or more")
    .max(120, "The lead time is at most 120 days"),
  businessDays: z.boolean().default(false),
});
export type HazardRequirementSpec = z.output<typeof hazardRequirementSpec>;

/** A hazard kind's key, as the table and a safety flag name it. */
export const hazardKindKey = (message = "A kind's key is 2 to 40 lower-case letters, digits or underscores") =>
  z
    .string(message)
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, message);

/** The key a new kind gets from its name ("Pyrotechnics" → "pyrotechnics"), as the settings form makes it. */
export function hazardKeyOf(label: string, taken: readonly string[]): string {
  const base =
    label
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^[^a-z]+|_+$/g, "")
      .slice(0, 34) || "hazard";
  const stem = base.length < 2 ? `${base}_kind` : base;
  let key = stem;
  for (let i = 2; taken.includes(key); i++) key = `${stem}_${i}`;
  return key;
}

export const hazardKindInput = z.object({
  key: hazardKindKey(),
  label: z
    .string({ message: "Give the hazard a name" })
    .trim()
    .min(1, "Give the hazard a name")
    .max(60, "A hazard's name is at most 60 characters"),
  requirements: z.array(hazardRequirementSpec).max(10, "At most 10 requirements a hazard"),
});
export type HazardKind = z.output<typeof hazardKindInput>;

export const hazardKindsInput = z.object({
  kinds: z
    .array(hazardKindInput)
    .max(40, "At most 40 hazard kinds")
    .refine((ks) => new Set(ks.map((k) => k.key)).size === ks.length, "Each hazard kind's key must be different"),
  /**
   * The table as the editor read it: a save over another administrator's is refused rather than undoing theirs.
   * Left out, the table is replaced whatever it holds (a script).
   */
  basedOn: z.array(z.unknown()).max(40).optional(),
});
export type HazardKindsInput = z.input<typeof hazardKindsInput>;

const req = (
  label: string,
  category: DocumentCategory,
  leadDays: number,
  businessDays = false,
): HazardRequirementSpec => ({ label, category, approverRole: "staff", approverUserId: null, leadDays, businessDays });

/**
 * What a film school's handbook asks for each hazard (NYU, FSU, Ithaca, UK risk-assessment forms), a start the
 * school edits: a plan or a risk assessment for every hazard, a permit where a public authority has a say.
 */
export const DEFAULT_HAZARD_KINDS: HazardKind[] = [
  {
    key: "weapons",
    label: "Weapons",
    requirements: [req("Weapons plan", "risk_assessment", 14), req("Armourer's licence", "permits", 21, true)],
  },
  { key: "stunts", label: "Stunts", requirements: [req("Stunt coordinator's sign-off", "risk_assessment", 14)] },
  { key: "water", label: "Water", requirements: [req("Water safety plan", "risk_assessment", 10)] },
  {
    key: "fire",
    label: "Fire and smoke",
    requirements: [req("Fire safety plan", "risk_assessment", 14), req("Fire service permit", "permits", 10, true)],
  },
  {
    key: "vehicles",
    label: "Vehicles",
    requirements: [req("Driving plan", "risk_assessment", 10), req("Road filming permit", "permits", 10, true)],
  },
  { key: "drones", label: "Drones", requirements: [req("Drone pilot's licence and flight plan", "permits", 14)] },
  { key: "animals", label: "Animals", requirements: [req("Animal handler's plan", "risk_assessment", 10)] },
  { key: "heights", label: "Heights", requirements: [req("Working at height plan", "risk_assessment", 10)] },
  { key: "minors", label: "Minors", requirements: [req("Minor's safety plan", "risk_assessment", 7)] },
  { key: "intimacy", label: "Intimacy", requirements: [req("Intimacy plan", "risk_assessment", 7)] },
];

/** The day a requirement is due: its lead time counted back from the first shoot day of its scene. */
export function dueDateOf(shootDay: string | null, leadDays: number, businessDays: boolean): string | null {
  if (shootDay === null) return null;
  return businessDays ? addBusinessDays(shootDay, -leadDays) : addDays(shootDay, -leadDays);
}

/** "14 days" or "21 business days", as the due date of an unscheduled scene is written. */
export function leadText(leadDays: number, businessDays: boolean): string {
  const unit = businessDays ? "business day" : "day";
  return `${leadDays} ${unit}${leadDays === 1 ? "" : "s"}`;
}

export const REQUIREMENT_STATUSES = [
  "open",
  "submitted",
  "changes_requested",
  "approved",
  "refused",
  "withdrawn",
] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, string> = {
  open: "Waiting for a document",
  submitted: "Waiting for a decision",
  changes_requested: "Changes asked",
  approved: "Approved",
  refused: "Refused",
  withdrawn: "Withdrawn",
};
/** The statuses that still stand between a shoot day and its call sheet. */
export const UNMET: readonly RequirementStatus[] = ["open", "submitted", "changes_requested", "refused"];

export const DECISIONS = ["approved", "changes_requested", "refused"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_LABELS: Record<Decision | "submitted" | "withdrawn", string> = {
  submitted: "Document attached",
  approved: "Approved",
  changes_requested: "Asked for changes",
  refused: "Refused",
  withdrawn: "Withdrawn",
};

export const decisionInput = z
  .object({
    decision: z.enum(DECISIONS, { message: "Approve, ask for changes or refuse" }),
    comment: z.string().trim().max(2000, "A comment is at most 2000 characters").default(""),
  })
  .refine((d) => d.decision === "approved" || d.comment.length > 0, {
    message: "Say what should change, or why it is refused",
    path: ["comment"],
  });
export type DecisionInput = z.input<typeof decisionInput>;

export const attachInput = z.object({
  documentId: z.uuid({ message: "Choose one of the project's documents" }),
});
export type AttachInput = z.input<typeof attachInput>;

export interface RequirementEvent {
  action: Decision | "submitted" | "withdrawn";
  comment: string;
  documentTitle: string | null;
  byName: string;
  at: string;
}

export interface RequirementDto {
  id: string;
  projectId: string;
  kind: string;
  kindLabel: string;
  sceneNumber: string;
  label: string;
  category: DocumentCategory;
  approverName: string;
  leadDays: number;
  businessDays: boolean;
  status: RequirementStatus;
  /** The first shoot day of the scene, or null while it is unscheduled. */
  shootDay: string | null;
  dueDate: string | null;
  late: boolean;
  document: { id: string; title: string } | null;
  history: RequirementEvent[];
  canAttach: boolean;
  canDecide: boolean;
}

export interface SafetyDto {
  projectId: string;
  requirements: RequirementDto[];
}

/** What awaits a person's decision across the school (home, the project's tab). */
export interface AwaitingDto {
  items: (Pick<RequirementDto, "id" | "projectId" | "label" | "sceneNumber" | "dueDate" | "kindLabel"> & {
    projectTitle: string;
  })[];
}
