export const ROLES = ["student", "staff", "equipment_manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  student: "Student",
  staff: "Staff",
  equipment_manager: "Equipment office",
  admin: "Administrator",
};

/**
 * What a role may do beyond what everyone signed in may: the one table the server's guards, the menu, the page
 * table and the pages read. A project's crew may change its things whatever their role (`projects/access.ts`).
 */
export const CAPABILITIES = [
  /** Act on any project as its crew may, see its contacts, override a greenlight (DESIGN §4: the school side). */
  "projects.any",
  /** The equipment office: inventory, kits, certifications, deciding reservations, the desk. */
  "equipment.office",
  /** Reserve equipment for a project whose crew one is not on. */
  "equipment.reserve-any",
  /** Book gear of every access level, whatever one's courses and certifications (equipment-access.ts). */
  "equipment.any-level",
  /** The admin dashboard: the whole school's productions, the queue, the activity. */
  "dashboard",
  /**
   * Courses: create and edit them, name their teachers, import their rosters, and see every course (not only
   * those one teaches or takes). Faculty and the production office run courses; decision 2026-11-25-courses.
   */
  "courses.manage",
  /** Two-step sign-in (TOTP): the accounts that reach every project. */
  "two-step",
  /** The school itself: accounts and roles, settings, the chart of accounts, deleting projects, retrying jobs. */
  "school.admin",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Each role's column. A new role is one row here, its label above and a generated migration of the enum. */
export const CAN: Record<Role, readonly Capability[]> = {
  student: [],
  staff: ["projects.any", "equipment.reserve-any", "equipment.any-level", "dashboard", "courses.manage", "two-step"],
  equipment_manager: ["equipment.office", "equipment.reserve-any", "equipment.any-level"],
  admin: CAPABILITIES,
};

export const can = (role: Role, capability: Capability) => CAN[role].includes(capability);

/** Staff (faculty, production office) and admins: the school side, which may act on any project. */
export const isStaff = (role: Role) => can(role, "projects.any");
/** The equipment office and admins. */
export const isOffice = (role: Role) => can(role, "equipment.office");
export const isAdmin = (role: Role) => can(role, "school.admin");
/** The roles holding a capability, for the queries that select people by it. */
export const rolesThatCan = (capability: Capability): Role[] => ROLES.filter((r) => can(r, capability));
