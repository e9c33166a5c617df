import { z } from "zod";
import { DECIMAL_SEPARATORS, DEFAULT_NUMBER_FORMAT, GROUPING_SEPARATORS, type NumberFormat } from "./number-input.ts";
import { CLOCKS, DATE_ORDERS, DEFAULT_DATE_FORMATS, type Clock, type DateOrder } from "./datetime.ts";
import { checklistKeySchema, checklistLabelSchema, distinctKeys, GREENLIGHT_ITEMS_MAX } from "./checklist.ts";
import { DEFAULT_DELIVERY_ITEMS, deliveryItemsSchema, type DeliveryItem } from "./delivery-items.ts";
import { GREENLIGHT_GATES, type GreenlightGate } from "./equipment-access.ts";
import { DEFAULT_GREENLIGHT_ITEMS, type GreenlightItem } from "./projects.ts";
import { CURRENCY_CODES, type CurrencyCode } from "./money.ts";
import {
  DEFAULT_MINOR_RULES,
  DEFAULT_WORKING_DAY_RULES,
  minorRulesSchema,
  workingDayRulesSchema,
  type MinorRules,
  type WorkingDayRules,
} from "./working-hours.ts";

export {
  distinctKeys,
  GREENLIGHT_ITEMS_MAX,
  GREENLIGHT_LABEL_MAX,
  GREENLIGHT_LABEL_MIN,
  slugify,
  uniqueKey,
} from "./checklist.ts";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The e-mail a person may turn off, kind by kind. */
export const NOTIFICATION_KINDS = [
  "crew_added",
  "phase_changed",
  "milestone_due",
  "greenlight_override",
  "greenlight_due",
  "budget",
  "equipment",
  "signatures",
  "safety",
  "daily_reports",
  "insurance",
  "review",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the settings page says about each kind: its name and when it is sent. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; when: string }> = {
  crew_added: { label: "Added to a crew", when: "When someone adds you to the crew of a production." },
  phase_changed: { label: "Phase changes", when: "When a production you are part of moves to another phase." },
  milestone_due: {
    label: "Milestones due",
    when: "48 hours before a milestone of your production is due and not yet done.",
  },
  greenlight_override: {
    label: "Greenlight overrides",
    when: "When staff move a production of yours into production without a complete greenlight checklist.",
  },
  greenlight_due: {
    label: "Greenlight deadlines",
    when: "3 days before a greenlight item of a production you lead or produce is due by its course's deadline, and on the day after it, if it is still not done.",
  },
  budget: { label: "Budgets", when: "When a budget you wrote or must approve is submitted, approved or sent back." },
  equipment: {
    label: "Equipment",
    when: "When a reservation of yours is confirmed, refused, due back or overdue, or a request window you asked in is drawn, moved or cancelled.",
  },
  signatures: { label: "Signatures", when: "When a document waits for your signature or has been signed by everyone." },
  safety: {
    label: "Safety approvals",
    when: "7 and 2 days before a hazard's paperwork of a production you produce or approve is due, and once it is late.",
  },
  daily_reports: {
    label: "Daily production reports",
    when: "When the producer of a production you supervise signs the report of a shoot day.",
  },
  insurance: {
    label: "Insurance certificates",
    when: "When a certificate request waits for your endorsement or your office's answer, or a request of yours is endorsed, refused, answered or declined.",
  },
  review: {
    label: "Cut reviews",
    when: "When someone leaves a note on a cut of a production you are on, or its supervisor approves it or asks for changes.",
  },
};

export interface EquipmentRules {
  minLeadHours: number;
  maxBookingDays: number;
  /** Whether equipment waits for a complete greenlight checklist: never, to be reserved, or to leave the desk. */
  greenlightGate: GreenlightGate;
  strikeLimit: number;
}

export const DEFAULT_EQUIPMENT_RULES: EquipmentRules = {
  minLeadHours: 24,
  maxBookingDays: 14,
  greenlightGate: "off",
  strikeLimit: 3,
};

export interface SchoolSettings {
  schoolName: string;
  /** ISO 4217; money is kept in its minor units. */
  currency: string;
  budgetBypass: boolean;
  greenlightItems: GreenlightItem[];
  /** The delivery checklist of every course that has not made its own. */
  deliveryItems: DeliveryItem[];
  equipmentRules: EquipmentRules;
  /** Days an approval or signature link stays valid. */
  approvalLinkDays: number;
  /** How amounts and quantities are written (12.50 or 12,50); typed numbers are read by src/common/number-input.ts. */
  numberFormat: NumberFormat;
  /** How every time of day reads, in the web app, the e-mails and the PDFs. */
  clock: Clock;
  /** The order of day, month and year in every date. */
  dateOrder: DateOrder;
  /** Staff and admins must sign in in two steps (TOTP); those without it set up are led to the setup. */
  requireTwoStepForStaff: boolean;
  /** With single sign-on configured, only admins may still sign in with a password (issue 18). */
  passwordSignInAdminsOnly: boolean;
  /** Whether the safe-working-day checks (12-hour days, 10-hour turnarounds, meals) block sending a call sheet. */
  workingDays: WorkingDayRules;
  /** Minors' hours on set by age band and the latest hour they may work; checked on every day they work. */
  minorRules: MinorRules;
  /** The insurance office as a person with an account (asked in the portal), or null. */
  insuranceOfficeUserId: string | null;
  /** The insurance office's e-mail address, sent the answering link; "" when it is only the person above. */
  insuranceOfficeEmail: string;
  /** A certificate request waits for the project's supervisor or a course teacher to endorse it. */
  insuranceEndorsement: boolean;
  /** Business days between the request and the first insured day. */
  insuranceLeadDays: number;
}

export const DEFAULT_SCHOOL_SETTINGS: SchoolSettings = {
  schoolName: "The Film School",
  currency: "EUR",
  budgetBypass: false,
  greenlightItems: DEFAULT_GREENLIGHT_ITEMS,
  deliveryItems: DEFAULT_DELIVERY_ITEMS,
  equipmentRules: DEFAULT_EQUIPMENT_RULES,
  approvalLinkDays: 14,
  numberFormat: DEFAULT_NUMBER_FORMAT,
  clock: DEFAULT_DATE_FORMATS.clock,
  dateOrder: DEFAULT_DATE_FORMATS.dateOrder,
  requireTwoStepForStaff: false,
  passwordSignInAdminsOnly: false,
  workingDays: DEFAULT_WORKING_DAY_RULES,
  minorRules: DEFAULT_MINOR_RULES,
  insuranceOfficeUserId: null,
  insuranceOfficeEmail: "",
  insuranceEndorsement: false,
  insuranceLeadDays: 5,
};

export const GREENLIGHT_SOURCES = [
  "manual",
  "budget",
  "releases",
  "documents",
  "insurance",
] as const satisfies readonly GreenlightItem["source"][];
export const GREENLIGHT_SOURCE_LABELS: Record<GreenlightItem["source"], string> = {
  manual: "Ticked by hand",
  budget: "Budget approval",
  releases: "Signed releases",
  documents: "Uploaded document",
  insurance: "Insurance certificates issued",
};
export const GREENLIGHT_TICKERS = [
  "supervisor",
  "staff",
  "member",
] as const satisfies readonly GreenlightItem["tickedBy"][];
export const GREENLIGHT_TICKER_LABELS: Record<GreenlightItem["tickedBy"], string> = {
  supervisor: "The supervisor",
  staff: "Any staff member",
  member: "A crew member",
};

export const SCHOOL_NAME_MIN = 2;
export const SCHOOL_NAME_MAX = 120;
export const EQUIPMENT_RULE_LIMITS = {
  minLeadHours: { min: 0, max: 720 },
  maxBookingDays: { min: 1, max: 180 },
  strikeLimit: { min: 1, max: 20 },
} as const;
export const APPROVAL_LINK_DAYS = { min: 1, max: 90 } as const;
export const INSURANCE_LEAD_DAYS_LIMITS = { min: 0, max: 60 } as const;

const wholeNumber = (name: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number(`${name} must be a number.`)
    .int(`${name} must be a whole number.`)
    .min(min, `${name} must be between ${min} and ${max} ${unit}.`)
    .max(max, `${name} must be between ${min} and ${max} ${unit}.`);

export const greenlightItemSchema = z.object({
  key: checklistKeySchema,
  label: checklistLabelSchema,
  source: z.enum(GREENLIGHT_SOURCES, `Choose where a checklist item is ticked from: ${GREENLIGHT_SOURCES.join(", ")}.`),
  tickedBy: z.enum(GREENLIGHT_TICKERS, `Choose who ticks a checklist item: ${GREENLIGHT_TICKERS.join(", ")}.`),
});

/**
 * Rules saved before the greenlight gate was a choice carry `requireGreenlight` (true was today's reserve gate):
 * read as the choice it meant, by the stored settings and by a page loaded before the change alike.
 */
export function withGreenlightGate<T extends object>(rules: T): Omit<T, "requireGreenlight"> {
  if (!("requireGreenlight" in rules)) return rules;
  const { requireGreenlight, ...rest } = rules as T & { requireGreenlight: unknown };
  return "greenlightGate" in rest ? rest : { ...rest, greenlightGate: requireGreenlight === true ? "reserve" : "off" };
}

export const equipmentRulesSchema = z.preprocess(
  (v) => (v && typeof v === "object" ? withGreenlightGate(v) : v),
  z.object({
    minLeadHours: wholeNumber("The booking lead time", EQUIPMENT_RULE_LIMITS.minLeadHours, "hours"),
    maxBookingDays: wholeNumber("The longest booking", EQUIPMENT_RULE_LIMITS.maxBookingDays, "days"),
    greenlightGate: z.enum(
      GREENLIGHT_GATES,
      `Choose when equipment waits for the greenlight: ${GREENLIGHT_GATES.join(", ")}.`,
    ),
    strikeLimit: wholeNumber("The strike limit", EQUIPMENT_RULE_LIMITS.strikeLimit, "strikes"),
  }),
);

export const numberFormatSchema = z
  .object({
    decimal: z.enum(DECIMAL_SEPARATORS, "The decimal separator is a point or a comma."),
    grouping: z.enum(
      GROUPING_SEPARATORS,
      "The thousands separator is a comma, a point, a space, an apostrophe or none.",
    ),
  })
  .refine((f) => f.decimal !== f.grouping, {
    path: ["grouping"],
    message: "The thousands separator must differ from the decimal separator.",
  });

export const schoolSettingsSchema = z.object({
  schoolName: z
    .string("The school needs a name.")
    .trim()
    .min(SCHOOL_NAME_MIN, `The school's name needs at least ${SCHOOL_NAME_MIN} characters.`)
    .max(SCHOOL_NAME_MAX, `The school's name may be at most ${SCHOOL_NAME_MAX} characters long.`),
  currency: z.enum(
    CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]],
    "Choose a currency from the list (a 3-letter ISO 4217 code such as EUR).",
  ),
  budgetBypass: z.boolean("Say whether budgets bypass approval (true or false)."),
  greenlightItems: z
    .array(greenlightItemSchema, "The greenlight checklist must be a list of items.")
    .min(1, "The greenlight checklist needs at least one item.")
    .max(GREENLIGHT_ITEMS_MAX, `The greenlight checklist may hold at most ${GREENLIGHT_ITEMS_MAX} items.`)
    .superRefine(distinctKeys),
  // Optional in a request, so that a client written before this setting keeps working.
  deliveryItems: deliveryItemsSchema.default(DEFAULT_DELIVERY_ITEMS),
  equipmentRules: equipmentRulesSchema,
  approvalLinkDays: wholeNumber("The approval link lifetime", APPROVAL_LINK_DAYS, "days"),
  numberFormat: numberFormatSchema,
  clock: z.enum(CLOCKS, `Choose the clock times are shown in: ${CLOCKS.join(" or ")}.`),
  dateOrder: z.enum(DATE_ORDERS, `Choose the order of dates: ${DATE_ORDERS.join(", ")}.`),
  // Optional in a request, so that a client written before this setting keeps working.
  requireTwoStepForStaff: z
    .boolean("Say whether staff and admins must use two-step sign-in (true or false).")
    .default(false),
  passwordSignInAdminsOnly: z
    .boolean("Say whether only admins may sign in with a password (true or false).")
    .default(false),
  workingDays: workingDayRulesSchema.default(DEFAULT_WORKING_DAY_RULES),
  minorRules: minorRulesSchema.default(DEFAULT_MINOR_RULES),
  insuranceOfficeUserId: z
    .string("Choose the insurance office's account, or none.")
    .min(1)
    .max(100)
    .nullable()
    .default(null),
  insuranceOfficeEmail: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .toLowerCase()
        .email("Give the insurance office's e-mail address, like insurance@school.edu, or leave it empty.")
        .max(254),
    ])
    .default(""),
  insuranceEndorsement: z
    .boolean("Say whether a teacher endorses certificate requests first (true or false).")
    .default(false),
  insuranceLeadDays: wholeNumber("The insurance lead time", INSURANCE_LEAD_DAYS_LIMITS, "business days").default(5),
}) satisfies z.ZodType<SchoolSettings, unknown>;

/** PUT /rest/v1/school-settings: the whole settings, and the version they were edited from. */
export const schoolSettingsUpdateSchema = z.object({
  version: z.number("Send the version of the settings you edited.").int().min(0),
  settings: schoolSettingsSchema,
});
export type SchoolSettingsUpdate = z.infer<typeof schoolSettingsUpdateSchema>;

/** What GET and PUT /rest/v1/school-settings answer; `version` 0 means nobody has saved any yet. */
export interface SchoolSettingsDto {
  settings: SchoolSettings;
  version: number;
  updatedAt: string | null;
}

export const STALE_SETTINGS_MESSAGE =
  "Someone else changed these settings while you were editing them. Load their version, then make your change again.";

/** How the audit log names each setting when it lists what an admin changed. */
export const SCHOOL_SETTING_LABELS: Record<keyof SchoolSettings, string> = {
  schoolName: "school name",
  currency: "currency",
  budgetBypass: "budget approval bypass",
  greenlightItems: "greenlight checklist",
  deliveryItems: "delivery checklist",
  equipmentRules: "equipment booking rules",
  approvalLinkDays: "approval link lifetime",
  numberFormat: "number format",
  clock: "clock",
  dateOrder: "date order",
  requireTwoStepForStaff: "two-step sign-in for staff and admins",
  passwordSignInAdminsOnly: "password sign-in for admins only",
  workingDays: "safe working days",
  minorRules: "minors' hours",
  insuranceOfficeUserId: "insurance office (account)",
  insuranceOfficeEmail: "insurance office (e-mail)",
  insuranceEndorsement: "teacher's endorsement of insurance requests",
  insuranceLeadDays: "insurance lead time",
};
