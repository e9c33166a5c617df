/**
 * The projects API contract: what /rest/v1/projects… accepts (zod, used by the server's validation and
 * the web forms) and what it answers (DTO types). Dates are "YYYY-MM-DD", instants ISO 8601 strings.
 */
import { z } from "zod";
import {
  CONSENT_STATUSES,
  FILM_ROLES,
  INTERVIEW_STATUSES,
  LICENCE_STATUSES,
  PHASES,
  PROJECT_SORTS,
  PROJECT_TYPES,
  REASON_MAX,
  type ConsentStatus,
  type FilmRole,
  type GreenlightItem,
  type InterviewStatus,
  type LicenceStatus,
  type Phase,
  type ProjectType,
} from "./projects.ts";
import { courseIdSchema } from "./courses.ts";

export type { Page } from "./users.ts";

// ── Limits and messages shared by the forms and the server ───────────────────────────────────────

export const PROJECT_TITLE_MAX = 200;
export const LOGLINE_MAX = 500;
export const SYNOPSIS_MAX = 10_000;
export const PROJECT_PAGE_MAX = 100;

// ── Building blocks ──────────────────────────────────────────────────────────────────────────────

const dateSchema = z.iso.date({ message: "Dates look like 2026-10-15" });
const instantSchema = z.iso.datetime({ offset: true, message: "Times look like 2026-10-15T14:00:00Z" });
const text = (max: number, what: string) =>
  z.string(`${what} must be text`).trim().max(max, `${what} may be at most ${max} characters long.`);
const projectType = z.enum(PROJECT_TYPES, { message: `Type must be one of: ${PROJECT_TYPES.join(", ")}` });
const phase = z.enum(PHASES, { message: `Phase must be one of: ${PHASES.join(", ")}` });
const filmRoles = z
  .array(z.enum(FILM_ROLES, { message: `Film roles are: ${FILM_ROLES.join(", ")}` }), "Roles must be a list")
  .min(1, "Give at least one film role.")
  .max(FILM_ROLES.length)
  .transform((roles) => [...new Set(roles)]);
const userId = z.string("Choose a person").trim().min(1, "Choose a person").max(100);

const projectFields = {
  title: text(PROJECT_TITLE_MAX, "The title").min(1, "Give the project a title."),
  type: projectType,
  course: text(200, "The course"),
  /** The course the project is made for; when a course is picked and no supervisor is, its first teacher supervises. */
  courseId: courseIdSchema.nullable(),
  academicYear: z
    .string()
    .trim()
    .regex(/^\d{4}\/\d{2}$/, "The academic year looks like 2026/27."),
  logline: text(LOGLINE_MAX, "The logline"),
  synopsis: text(SYNOPSIS_MAX, "The synopsis"),
  targetRuntimeMinutes: z
    .number("The runtime is a number of minutes")
    .int("The runtime is a whole number of minutes")
    .min(1, "The runtime is at least one minute")
    .max(600, "The runtime is at most 600 minutes")
    .nullable(),
  format: text(200, "The format"),
  shootStart: dateSchema.nullable(),
  shootEnd: dateSchema.nullable(),
  locations: z
    .array(text(200, "A location").min(1, "A location cannot be empty"), "Locations must be a list")
    .max(50, "At most 50 locations"),
  /** A member of staff (or an admin) who supervises the project. */
  supervisorId: userId.nullable(),
};

// ── Projects ─────────────────────────────────────────────────────────────────────────────────────

export const projectCreateInput = z.object({
  title: projectFields.title,
  type: projectFields.type,
  course: projectFields.course.default(""),
  courseId: projectFields.courseId.default(null),
  academicYear: projectFields.academicYear,
  logline: projectFields.logline.default(""),
  synopsis: projectFields.synopsis.default(""),
  targetRuntimeMinutes: projectFields.targetRuntimeMinutes.default(null),
  format: projectFields.format.default(""),
  shootStart: projectFields.shootStart.default(null),
  shootEnd: projectFields.shootEnd.default(null),
  locations: projectFields.locations.default([]),
  supervisorId: projectFields.supervisorId.default(null),
  /** The creator becomes a lead member with these film roles. */
  myRoles: filmRoles.default(["producer"]),
});
export type ProjectCreateInput = z.input<typeof projectCreateInput>;

/** Every field optional; `version` is the one the editor loaded, so a later save never overwrites silently. */
export const projectUpdateInput = z.object({
  version: z.number("Send the version you edited").int().min(1),
  title: projectFields.title.optional(),
  type: projectFields.type.optional(),
  course: projectFields.course.optional(),
  courseId: projectFields.courseId.optional(),
  academicYear: projectFields.academicYear.optional(),
  logline: projectFields.logline.optional(),
  synopsis: projectFields.synopsis.optional(),
  targetRuntimeMinutes: projectFields.targetRuntimeMinutes.optional(),
  format: projectFields.format.optional(),
  shootStart: projectFields.shootStart.optional(),
  shootEnd: projectFields.shootEnd.optional(),
  locations: projectFields.locations.optional(),
  supervisorId: projectFields.supervisorId.optional(),
});
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;

/** Query string of GET /rest/v1/projects and /rest/v1/projects/documentary. */
export const projectListQuery = z.object({
  search: z.string().trim().max(200, "Search at most 200 characters").optional(),
  type: projectType.optional(),
  phase: phase.optional(),
  course: z.string().trim().max(200).optional(),
  /** The projects of one course (by id), or of the courses of one term ("2026 Autumn"). */
  courseId: courseIdSchema.optional(),
  term: z.string().trim().max(40, "term is at most 40 characters").optional(),
  supervisorId: z.string().trim().max(100).optional(),
  academicYear: z.string().trim().max(20).optional(),
  /** Only projects the signed-in person is a member of or supervises. */
  mine: z.stringbool({ message: "mine is true or false" }).optional(),
  sort: z.enum(PROJECT_SORTS, { message: `Sort by one of: ${PROJECT_SORTS.join(", ")}` }).default("updated"),
  /** Defaults: title, shootStart and phase ascending; updated newest first. Shoot dates not set sort last. */
  dir: z.enum(["asc", "desc"], { message: "dir is asc or desc" }).optional(),
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1, "limit is at least 1")
    .max(PROJECT_PAGE_MAX, `limit is at most ${PROJECT_PAGE_MAX}`)
    .default(25),
  offset: z.coerce.number("offset is a number").int().min(0, "offset is at least 0").default(0),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

// ── Crew ─────────────────────────────────────────────────────────────────────────────────────────

export const memberAddInput = z.object({
  userId,
  roles: filmRoles,
  isLead: z.boolean("isLead is true or false").default(false),
});
export type MemberAddInput = z.input<typeof memberAddInput>;

export const memberUpdateInput = z
  .object({ roles: filmRoles.optional(), isLead: z.boolean("isLead is true or false").optional() })
  .refine((v) => v.roles !== undefined || v.isLead !== undefined, "Change the roles or the lead flag.");
export type MemberUpdateInput = z.input<typeof memberUpdateInput>;

// ── Milestones ───────────────────────────────────────────────────────────────────────────────────

export const milestoneCreateInput = z.object({
  title: text(200, "The milestone").min(1, "Name the milestone."),
  dueDate: dateSchema,
});
export type MilestoneCreateInput = z.input<typeof milestoneCreateInput>;

export const milestoneUpdateInput = z
  .object({
    title: text(200, "The milestone").min(1, "Name the milestone.").optional(),
    dueDate: dateSchema.optional(),
    done: z.boolean("done is true or false").optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Change the title, the due date or the done state.");
export type MilestoneUpdateInput = z.input<typeof milestoneUpdateInput>;

// ── Phase and greenlight ─────────────────────────────────────────────────────────────────────────

export const phaseChangeInput = z.object({
  to: phase,
  reason: text(REASON_MAX, "The reason").min(1, "Say why the phase changes."),
  /** Staff and admins only, when moving into production with an incomplete greenlight checklist. */
  overrideReason: text(REASON_MAX, "The override reason")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PhaseChangeInput = z.input<typeof phaseChangeInput>;

export const greenlightTickInput = z.object({
  done: z.boolean("done is true or false"),
  note: text(REASON_MAX, "The note").optional(),
});
export type GreenlightTickInput = z.input<typeof greenlightTickInput>;

// ── Documentary ──────────────────────────────────────────────────────────────────────────────────

const consent = z.enum(CONSENT_STATUSES, { message: `Consent is one of: ${CONSENT_STATUSES.join(", ")}` });
const interviewStatus = z.enum(INTERVIEW_STATUSES, { message: `Status is one of: ${INTERVIEW_STATUSES.join(", ")}` });
const licence = z.enum(LICENCE_STATUSES, { message: `Licence is one of: ${LICENCE_STATUSES.join(", ")}` });
const atLeastOne = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

export const participantCreateInput = z.object({
  name: text(200, "The name").min(1, "Give the participant's name."),
  description: text(2000, "The description").default(""),
  consentStatus: consent.default("pending"),
});
export const participantUpdateInput = z
  .object({
    name: participantCreateInput.shape.name.optional(),
    description: text(2000, "The description").optional(),
    consentStatus: consent.optional(),
  })
  .refine(atLeastOne, "Change at least one field.");
export type ParticipantCreateInput = z.input<typeof participantCreateInput>;
export type ParticipantUpdateInput = z.input<typeof participantUpdateInput>;

export const interviewCreateInput = z.object({
  subject: text(200, "The subject").min(1, "Say who or what the interview is about."),
  participantId: z.string().trim().max(100).nullable().default(null),
  scheduledAt: instantSchema.nullable().default(null),
  place: text(300, "The place").default(""),
  status: interviewStatus.default("planned"),
});
export const interviewUpdateInput = z
  .object({
    subject: interviewCreateInput.shape.subject.optional(),
    participantId: z.string().trim().max(100).nullable().optional(),
    scheduledAt: instantSchema.nullable().optional(),
    place: text(300, "The place").optional(),
    status: interviewStatus.optional(),
  })
  .refine(atLeastOne, "Change at least one field.");
export type InterviewCreateInput = z.input<typeof interviewCreateInput>;
export type InterviewUpdateInput = z.input<typeof interviewUpdateInput>;

export const archivalCreateInput = z.object({
  title: text(300, "The title").min(1, "Name the archival item."),
  source: text(300, "The source").default(""),
  licenceStatus: licence.default("unknown"),
  notes: text(2000, "The notes").default(""),
});
export const archivalUpdateInput = z
  .object({
    title: archivalCreateInput.shape.title.optional(),
    source: text(300, "The source").optional(),
    licenceStatus: licence.optional(),
    notes: text(2000, "The notes").optional(),
  })
  .refine(atLeastOne, "Change at least one field.");
export type ArchivalCreateInput = z.input<typeof archivalCreateInput>;
export type ArchivalUpdateInput = z.input<typeof archivalUpdateInput>;

/** Licence states that still block using an archive item in the cut. */
export const UNLICENSED_STATUSES: LicenceStatus[] = ["unknown", "requested", "refused"];

// ── What the API answers ─────────────────────────────────────────────────────────────────────────

export interface PersonRef {
  id: string;
  name: string;
}

export interface MilestoneRef {
  id: string;
  title: string;
  dueDate: string;
  overdue: boolean;
}

/** A row of GET /rest/v1/projects. */
export interface ProjectListItem {
  id: string;
  title: string;
  type: ProjectType;
  /** The course's code when linked to one; before courses were first-class, the free text typed. */
  course: string;
  courseId: string | null;
  academicYear: string;
  phase: Phase;
  logline: string;
  shootStart: string | null;
  shootEnd: string | null;
  supervisor: PersonRef | null;
  memberCount: number;
  leadNames: string[];
  /** The earliest milestone not done yet (overdue ones first, they are earlier). */
  nextMilestone: MilestoneRef | null;
  greenlight: { done: number; total: number };
  /**
   * What holds the production up: overdue milestones, plus missing greenlight items while the project
   * has not reached production yet (afterwards they no longer block anything).
   */
  blockers: number;
  /** The signed-in person is on the crew. */
  isMember: boolean;
  version: number;
  updatedAt: string;
}

/** A row of GET /rest/v1/projects/documentary. */
export interface DocumentaryListItem extends ProjectListItem {
  participantCount: number;
  pendingConsent: number;
  /** Planned or confirmed interviews from now on (or not yet dated). */
  upcomingInterviews: number;
  /** Archive items whose licence is unknown, requested or refused. */
  unlicensedArchive: number;
}

export interface ProjectMemberDto {
  userId: string;
  name: string;
  /** Absent unless the caller is on the crew, staff or an admin. */
  email?: string;
  roles: FilmRole[];
  isLead: boolean;
  addedAt: string;
}

export interface MilestoneDto {
  id: string;
  title: string;
  dueDate: string;
  done: boolean;
  doneAt: string | null;
  doneByName: string | null;
  overdue: boolean;
}

/** A school greenlight item merged with this project's tick. */
export interface GreenlightEntryDto {
  key: string;
  label: string;
  source: GreenlightItem["source"];
  tickedBy: GreenlightItem["tickedBy"];
  done: boolean;
  note: string | null;
  /** null when a feature ticked it, or nobody has. */
  doneByName: string | null;
  doneAt: string | null;
  /** The signed-in person may tick or untick it here (manual items only). */
  canTick: boolean;
  /** The course's deadline: this many days before the first shoot day; null when the item has none. */
  leadDays: number | null;
  /** The deadline as a day, counted back from the first shoot day; null without a lead or a shoot day. */
  dueDate: string | null;
  /** Not done and its due day has passed. */
  overdue: boolean;
}

/** Where a project's checklist and its deadlines come from. */
export interface GreenlightDeadlinesDto {
  /** The course whose own checklist the project follows (its code), or null: the school's. */
  courseCode: string | null;
  /** The earliest scheduled shoot day, or null when none is scheduled yet (then no item has a date). */
  firstShootDay: string | null;
  /** Some item has a deadline (a lead before the first shoot day). */
  hasLeads: boolean;
}

export interface PhaseChangeDto {
  id: string;
  from: Phase;
  to: Phase;
  reason: string;
  overrideReason: string | null;
  changedByName: string;
  createdAt: string;
}

export interface ActivityDto {
  id: string;
  kind: string;
  summary: string;
  actorName: string;
  createdAt: string;
}

export interface ParticipantDto {
  id: string;
  name: string;
  description: string;
  consentStatus: ConsentStatus;
  createdAt: string;
}

export interface InterviewDto {
  id: string;
  subject: string;
  participantId: string | null;
  participantName: string | null;
  scheduledAt: string | null;
  place: string;
  status: InterviewStatus;
  createdAt: string;
}

export interface ArchivalDto {
  id: string;
  title: string;
  source: string;
  licenceStatus: LicenceStatus;
  notes: string;
  createdAt: string;
}

export interface DocumentarySections {
  participants: ParticipantDto[];
  interviews: InterviewDto[];
  archival: ArchivalDto[];
}

/** GET /rest/v1/projects/:id, and the answer of every change to a project. */
export interface ProjectDetail {
  id: string;
  title: string;
  type: ProjectType;
  course: string;
  courseId: string | null;
  academicYear: string;
  phase: Phase;
  logline: string;
  synopsis: string;
  targetRuntimeMinutes: number | null;
  format: string;
  shootStart: string | null;
  shootEnd: string | null;
  locations: string[];
  supervisor: PersonRef | null;
  createdBy: PersonRef | null;
  createdAt: string;
  updatedAt: string;
  /** Send it back with PATCH; a save naming an older version gets 409 with the current project. */
  version: number;
  members: ProjectMemberDto[];
  milestones: MilestoneDto[];
  greenlight: GreenlightEntryDto[];
  greenlightComplete: boolean;
  greenlightDeadlines: GreenlightDeadlinesDto;
  phaseHistory: PhaseChangeDto[];
  /** The latest 20; older ones from GET /rest/v1/projects/:id/activity. */
  activity: ActivityDto[];
  /** Only for documentary projects. */
  documentary: DocumentarySections | null;
  /** The caller sees the crew's e-mail (the crew, staff and admins); others see names and roles. */
  contactsVisible: boolean;
  isMember: boolean;
  /** Edit fields, crew, milestones, documentary details and change the phase. */
  canEdit: boolean;
  /** Move into production past an incomplete greenlight checklist, with a written reason. */
  canOverrideGreenlight: boolean;
  /** Delete the project (admins). */
  canDelete: boolean;
}

/** The `details` of a 409 answer to a stale PATCH. */
export interface StaleVersionDetails {
  current: ProjectDetail;
}

/** The `details` of a 409 answer to a move into production with an incomplete checklist. */
export interface GreenlightBlockDetails {
  missing: { key: string; label: string }[];
  /** The caller could override with a written reason. */
  canOverride: boolean;
}
