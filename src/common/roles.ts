export const ROLES = ["student", "staff", "equipment_manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  student: "Student",
  staff: "Staff",
  equipment_manager: "Equipment office",
  admin: "Administrator",
};
