/**
 * The school's location library and its hospitals (issue 19, "Safe working days"): what
 * /rest/v1/locations and /rest/v1/hospitals accept (zod) and answer. Shared by every production.
 */
import { z } from "zod";

export const LOCATION_TEXT_MAX = 300;
export const LOCATION_NOTES_MAX = 4000;
/** Enough to recognise a place and find the way in; a gallery belongs elsewhere. */
export const LOCATION_PHOTOS_MAX = 8;

const text = (what: string, max = LOCATION_TEXT_MAX) =>
  z.string(`${what} must be text.`).trim().max(max, `${what} may be at most ${max} characters long.`);
const named = (what: string) => text(what).min(2, `${what} needs at least 2 characters.`);

export const hospitalInput = z.object({
  name: named("The hospital's name"),
  address: text("The hospital's address").default(""),
  phone: text("The hospital's phone number", 40).default(""),
  emergencyPhone: text("The emergency number", 40).default(""),
});
export type HospitalInput = z.input<typeof hospitalInput>;

export const locationInput = z.object({
  name: named("The location's name"),
  address: text("The address").default(""),
  contactName: text("The contact's name").default(""),
  contactPhone: text("The contact's phone number", 40).default(""),
  parking: text("The parking notes", 1000).default(""),
  notes: text("The notes", LOCATION_NOTES_MAX).default(""),
  hospitalId: z.uuid("Choose a hospital from the list, or none.").nullable().default(null),
  /** The production that found the place, when a crew adds it for later productions. */
  projectId: z.uuid("Name the project by its id.").nullable().optional(),
});
export type LocationInput = z.input<typeof locationInput>;
export const locationUpdateInput = locationInput.omit({ projectId: true }).partial();
export type LocationUpdateInput = z.input<typeof locationUpdateInput>;

export const locationListQuery = z.object({
  search: z.string().trim().max(100, "Search with at most 100 characters.").optional(),
});

export interface HospitalDto {
  id: string;
  name: string;
  address: string;
  phone: string;
  emergencyPhone: string;
}

export interface LocationPhotoDto {
  id: string;
  url: string;
  fileName: string;
}

export interface LocationDto {
  id: string;
  name: string;
  address: string;
  contactName: string;
  contactPhone: string;
  parking: string;
  notes: string;
  hospital: HospitalDto | null;
  photos: LocationPhotoDto[];
  addedByName: string;
  /** The production that added it, when one did. */
  projectTitle: string | null;
  /** The caller may change it: staff and admins, and whoever added it. */
  canEdit: boolean;
}

export interface LocationLibraryDto {
  locations: LocationDto[];
  hospitals: HospitalDto[];
  /** The caller keeps the library (staff, admins): edits any entry and the hospitals. */
  canManage: boolean;
}

/** What a call sheet says of a day's library location: whom to call there, and where to go if someone is hurt. */
export interface CallSheetSite {
  locationId: string;
  name: string;
  contactName: string;
  contactPhone: string;
  parking: string;
  hospital: Omit<HospitalDto, "id"> | null;
}

/** A hospital as one line, for the e-mail and where a line of text stands for it. */
export const hospitalLine = (h: Omit<HospitalDto, "id">) =>
  [h.name, h.address, h.phone && `phone ${h.phone}`, h.emergencyPhone && `emergency ${h.emergencyPhone}`]
    .filter(Boolean)
    .join(", ");

/**
 * The library's hospital for a day's call sheet, unless the crew typed another one into the day (they know
 * something the library does not: a closed emergency ward, a nearer clinic); null then, and the typed one stands.
 */
export const libraryHospital = (site: CallSheetSite | null, typed: string) =>
  site?.hospital && (typed.trim() === "" || typed.trim() === hospitalLine(site.hospital)) ? site.hospital : null;
