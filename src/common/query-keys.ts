/**
 * The query keys, one contract for both sides: the web caches its answers under them, and the server's
 * domain events name them in `invalidate` (and its answer cache in `deps`), so an event refreshes exactly
 * the queries it concerns. A key matches every key that starts with it: `keys.project()` reaches every
 * project, `keys.project(id)` that project, its activity and anything else kept under it.
 *
 * Only the first parts, which the server speaks of, live here. A feature's `api.ts` adds the rest of its own
 * keys (a page, a filter) after one of these, so an event still reaches them. Keys are plain string arrays,
 * the shape an event carries over the socket; nothing here imports from the web or the server.
 */
export type QueryKeyOf = string[];

/** `[name]` alone, or `[name, id]` when an id is given. */
const scoped =
  (name: string) =>
  (id?: string): QueryKeyOf =>
    id === undefined ? [name] : [name, id];
const root = (name: string) => (): QueryKeyOf => [name];

export const keys = {
  // Projects: every list of projects, one project (with its activity), the documentary list.
  projects: root("projects"),
  projectsDocumentary: root("projects-documentary"),
  project: scoped("project"),
  /** Post-production review: a project's cuts and their versions (by project id), one cut (by cut id). */
  cuts: scoped("cuts"),
  cut: scoped("cut"),
  overview: root("overview"),
  adminDashboard: root("admin-dashboard"),
  auditLog: root("audit-log"),
  sealingCertificate: root("sealing-certificate"),

  // People and the school.
  users: root("users"),
  profile: root("profile"),
  /** The people pickers, read from the directory everyone may search. */
  people: root("people"),
  invitations: root("invitations"),
  invitation: scoped("invitation"),
  sessions: root("sessions"),
  schoolSettings: root("school-settings"),
  notifications: root("notifications"),
  emails: root("emails"),

  // Courses: every list of courses, one course (with its roster).
  courses: root("courses"),
  course: scoped("course"),

  // A project's things.
  screenplays: root("screenplays"),
  screenplay: scoped("screenplay"),
  breakdown: scoped("breakdown"),
  schedule: scoped("schedule"),
  /** A project's shot lists and storyboard frames, scene by scene. */
  shots: scoped("shots"),
  budget: scoped("budget"),
  budgetAccounts: root("budget-accounts"),
  budgetProposal: scoped("budget-proposal"),
  documents: scoped("documents"),
  /** A project's hazard requirements; `safetyAwaiting` the requirements awaiting a decision across the school. */
  safety: scoped("safety"),
  safetyAwaiting: root("safety-awaiting"),
  hazardKinds: root("hazard-kinds"),
  /** A project's daily production reports (with their take notes and camera and sound rolls). */
  dailyReports: scoped("daily-reports"),
  /** The signed-in person's "Today" page: their shoot days and open reports. */
  today: root("today"),
  /** A project's certificate requests; `insurance()` alone reaches the office's list of every project's. */
  insurance: scoped("insurance"),
  /** A project's shared contacts (cast, crew, vendors, locations from outside the crew). */
  productionContacts: scoped("production-contacts"),
  /** The school's location library and hospitals. */
  locations: root("locations"),
  equipment: root("equipment"),
  /** One version's notes on a cut (issue 21). */
  reviewNotes: scoped("review-notes"),
  /** One part of the equipment answers (`equipment`, then the part): a booking names only the parts it changes. */
  equipmentPart: (part: EquipmentPart): QueryKeyOf => ["equipment", part],

  /** A version of a cut's guest review links (by version id). */
  reviewLinks: scoped("review-links"),

  /** A public signing link's view: never published, the signer's page alone reads it. */
  signing: (submissionId: string, signatureId: string): QueryKeyOf => ["signing", submissionId, signatureId],
} as const;

export type EquipmentPart =
  | "reservations"
  | "availability"
  | "kits"
  | "calendar"
  | "summary"
  | "item"
  | "items"
  | "categories"
  | "certifications"
  | "strikes"
  | "me"
  | "fair-share"
  | "windows"
  | "access";

/**
 * What a reservation's request, decision or cancellation changes: the lists of reservations, what is free when
 * (the catalogue, kits, calendars, an item's bookings) and the office's counts. The inventory, categories,
 * certifications and a person's strikes stay as they were, so a class reserving at nine keeps its kept answers
 * of those. Check-out, check-in and every inventory change still name all of `equipment`.
 */
export const EQUIPMENT_BOOKING_KEYS: QueryKeyOf[] = (
  ["reservations", "availability", "kits", "calendar", "summary", "item"] as const
).map((part) => keys.equipmentPart(part));

/** Who a person is shows on most answers (names, avatars): what a change to people refreshes. */
export const PEOPLE_KEYS: QueryKeyOf[] = [keys.users(), keys.profile()];
