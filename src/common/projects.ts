/** The vocabulary of productions, shared by the database enums, the API schemas and the forms. */
export const PROJECT_TYPES = ["fiction", "documentary", "experimental", "animation", "music_video", "other"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  fiction: "Fiction",
  documentary: "Documentary",
  experimental: "Experimental",
  animation: "Animation",
  music_video: "Music video",
  other: "Other",
};

export const PHASES = ["development", "pre_production", "production", "post_production", "completed"] as const;
export type Phase = (typeof PHASES)[number];
export const PHASE_LABELS: Record<Phase, string> = {
  development: "Development",
  pre_production: "Pre-production",
  production: "Production",
  post_production: "Post-production",
  completed: "Completed",
};

/** The reason written for a phase change, and a staff override of an incomplete greenlight (which needs this many characters). */
export const REASON_MAX = 1000;
export const OVERRIDE_REASON_MIN = 10;

export const FILM_ROLES = [
  "director",
  "producer",
  "writer",
  "dp",
  "camera_operator",
  "gaffer",
  "editor",
  "sound",
  "production_designer",
  "costume",
  "makeup",
  "composer",
  "assistant_director",
  "script_supervisor",
  "vfx",
  "colourist",
  "researcher",
  "other",
] as const;
export type FilmRole = (typeof FILM_ROLES)[number];
export const FILM_ROLE_LABELS: Record<FilmRole, string> = {
  director: "Director",
  producer: "Producer",
  writer: "Writer",
  dp: "Director of photography",
  camera_operator: "Camera operator",
  gaffer: "Gaffer",
  editor: "Editor",
  sound: "Sound",
  production_designer: "Production designer",
  costume: "Costume",
  makeup: "Make-up",
  composer: "Composer",
  assistant_director: "Assistant director",
  script_supervisor: "Script supervisor",
  vfx: "VFX",
  colourist: "Colourist",
  researcher: "Researcher",
  other: "Other",
};

/** Crew roles as the school names them ("dp" → "Director of photography"), wherever roles are shown. */
export const filmRoleList = (roles: readonly string[]) =>
  roles.map((r) => FILM_ROLE_LABELS[r as FilmRole] ?? r).join(", ");

export const CONSENT_STATUSES = ["pending", "signed", "declined", "not_needed"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export const INTERVIEW_STATUSES = ["planned", "confirmed", "done", "cancelled"] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const LICENCE_STATUSES = ["unknown", "requested", "licensed", "public_domain", "refused"] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/**
 * A greenlight checklist item of the school. `source` says who ticks it: a person with the given
 * role, or a feature that feeds it automatically once it exists (budgets, releases, documents, insurance).
 */
export interface GreenlightItem {
  key: string;
  label: string;
  source: "manual" | "budget" | "releases" | "documents" | "insurance";
  /** Who may tick a manual item. */
  tickedBy: "supervisor" | "staff" | "member";
}

export const DEFAULT_GREENLIGHT_ITEMS: GreenlightItem[] = [
  { key: "supervisor_signoff", label: "Supervisor sign-off", source: "manual", tickedBy: "supervisor" },
  { key: "budget_approved", label: "Budget approved", source: "budget", tickedBy: "staff" },
  { key: "crew_complete", label: "Crew complete", source: "manual", tickedBy: "member" },
  { key: "risk_assessment", label: "Risk assessment uploaded", source: "documents", tickedBy: "member" },
  { key: "releases_signed", label: "Location and talent releases signed", source: "releases", tickedBy: "member" },
  { key: "insurance", label: "Insurance", source: "insurance", tickedBy: "staff" },
];

export const PROJECT_SORTS = ["title", "updated", "shootStart", "phase"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** The server's one check of shoot dates, exported so a form can say the same thing before sending. */
export function shootDatesProblem(start: string | null | undefined, end: string | null | undefined): string | null {
  if (start && end && end < start) return "The shoot cannot end before it starts.";
  if (end && !start) return "Give the first shoot day before the last one.";
  return null;
}
