import { z } from "zod";

/** A production's shared contacts (issue 20): the shapes the route, the form and the call sheet share. */
export const PRODUCTION_CONTACT_KINDS = ["cast", "crew", "vendor", "location", "other"] as const;
export type ProductionContactKind = (typeof PRODUCTION_CONTACT_KINDS)[number];
export const PRODUCTION_CONTACT_KIND_LABELS: Record<ProductionContactKind, string> = {
  cast: "Cast",
  crew: "Crew",
  vendor: "Vendor",
  location: "Location",
  other: "Other",
};
/** The kinds a call sheet lists under "Production contacts": whom the day may need to call. */
export const CALL_SHEET_CONTACT_KINDS: readonly ProductionContactKind[] = ["location", "vendor"];

const text = (max: number, what: string) =>
  z.string(`${what} must be text`).trim().max(max, `${what} may be at most ${max} characters long.`);

/** A contact's e-mail, kept in lower case; empty when unknown. Insurance requests' parties read it too. */
export const contactEmail = z
  .string("The e-mail must be text")
  .trim()
  .toLowerCase()
  .max(254, "The e-mail may be at most 254 characters long.")
  .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address");

const fields = {
  name: text(200, "The name").min(1, "Give the contact a name."),
  kind: z.enum(PRODUCTION_CONTACT_KINDS, "Choose cast, crew, vendor, location or other."),
  role: text(200, "The role or company").default(""),
  phone: text(60, "The phone number").default(""),
  email: contactEmail.default(""),
  address: text(300, "The address").default(""),
  notes: text(2000, "The notes").default(""),
};

export const productionContactInput = z.object(fields);
export type ProductionContactInput = z.input<typeof productionContactInput>;

export interface ProductionContactDto {
  id: string;
  name: string;
  kind: ProductionContactKind;
  role: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
  /** On every day's call sheet. */
  everyDay: boolean;
  /** The shoot days whose call sheet lists the contact. */
  dayIds: string[];
  /** A location contact's scene location: on every day that shoots a scene there ("" = none). */
  sceneLocation: string;
  /** A cast contact's character: on every day that character works ("" = none). */
  character: string;
}

/** A scene location or character as the script names it: the strips read both in upper case. */
const scheduleName = (what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(200, `${what} may be at most 200 characters long.`)
    .transform((v) => v.toUpperCase());

/**
 * The days a contact is on the call sheet of. Once any contact of a production has a day or "every day",
 * each call sheet lists only its day's contacts; until then every location and vendor is on every sheet.
 * A location contact linked to a scene location, or a cast contact to a character, is also on the sheets of
 * the days that shoot there or that character works, without ticking them (and counts as a choice).
 */
export const contactDaysInput = z.object({
  everyDay: z.boolean("Say whether the contact is on every day's call sheet (true or false).").default(false),
  dayIds: z
    .array(z.uuid("Choose the shoot days from the schedule."))
    .max(500, "A contact may be on at most 500 shoot days.")
    .default([]),
  /** Left out: the link stays as it is (the call sheet's day picker sends days only). */
  sceneLocation: scheduleName("The scene location").optional(),
  character: scheduleName("The character").optional(),
});
export type ContactDaysInput = z.input<typeof contactDaysInput>;

export interface ProductionContactsDto {
  contacts: ProductionContactDto[];
  /** The caller may add, change and remove contacts (the crew). */
  canEdit: boolean;
}

/** A contact as the call sheet lists it; `phone` and `email` are absent for those who may not see them. */
export interface CallSheetProductionContact {
  name: string;
  kind: ProductionContactKind;
  role: string;
  phone?: string;
  email?: string;
  /** Why this day's sheet lists them: "Every day", "Chosen for this day", "Scenes at …", "INES works"; "" by default. */
  why: string;
}
