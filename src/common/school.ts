import { DEFAULT_GREENLIGHT_ITEMS, type GreenlightItem } from "./projects.ts";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The e-mail a person may turn off, kind by kind. */
export const NOTIFICATION_KINDS = ["crew_added", "phase_changed", "milestone_due", "greenlight_override", "budget", "equipment", "signatures"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface EquipmentRules {
  minLeadHours: number;
  maxBookingDays: number;
  requireGreenlight: boolean;
  strikeLimit: number;
}

export const DEFAULT_EQUIPMENT_RULES: EquipmentRules = { minLeadHours: 24, maxBookingDays: 14, requireGreenlight: false, strikeLimit: 3 };

export interface SchoolSettings {
  schoolName: string;
  /** ISO 4217; money is kept in its minor units. */
  currency: string;
  budgetBypass: boolean;
  greenlightItems: GreenlightItem[];
  equipmentRules: EquipmentRules;
  /** Days an approval or signature link stays valid. */
  approvalLinkDays: number;
}

export const DEFAULT_SCHOOL_SETTINGS: SchoolSettings = {
  schoolName: "The Film School",
  currency: "EUR",
  budgetBypass: false,
  greenlightItems: DEFAULT_GREENLIGHT_ITEMS,
  equipmentRules: DEFAULT_EQUIPMENT_RULES,
  approvalLinkDays: 14,
};
