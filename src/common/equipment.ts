/**
 * The equipment API contract: what /rest/v1/equipment… accepts (zod, used by the server's validation and
 * the web forms) and what it answers (DTO types). Instants are ISO 8601 strings; money is minor units.
 */
import { UUID_PATTERN } from "./ids.ts";
import type { ClosedGear } from "./equipment-access.ts";
import { z } from "zod";

export type { Page } from "./users.ts";
import {
  CONDITIONS,
  ITEM_STATUSES,
  RESERVATION_STATES,
  type Condition,
  type ItemStatus,
  type MaintenanceKind,
  type ReceiptKind,
  type ReservationState,
} from "./equipment-states.ts";

export const PICKUP_HOURS = 48;
/** The borrower is reminded this long before the gear is due back. */
export const DUE_NOTICE_HOURS = 12;
export const EQUIPMENT_PAGE_MAX = 100;
export const RESERVATION_ITEMS_MAX = 60;
export const ASSET_TAG_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,31}$/;

// ── Building blocks ──────────────────────────────────────────────────────────────────────────────

const instant = (what: string) => z.iso.datetime({ offset: true, message: `${what} looks like 2026-10-15T14:00:00Z` });
const text = (max: number, what: string) =>
  z.string(`${what} must be text`).trim().max(max, `${what} may be at most ${max} characters long.`);
const id = (what: string) => z.string(`Choose ${what}`).uuid(`Choose ${what} from the list`);
const limit = z.coerce.number().int().min(1).max(EQUIPMENT_PAGE_MAX).default(50);
const offset = z.coerce.number().int().min(0).default(0);

export const assetTag = z
  .string("Give the asset tag")
  .trim()
  .toUpperCase()
  .regex(ASSET_TAG_PATTERN, "An asset tag is 2 to 32 letters, digits and dashes, like NFS-CAM-0012.");

/** Where a QR label points: `/equipment/items/{id}` on the portal (labels.ts prints it). */
export const itemPagePath = (id: string) => `/equipment/items/${id}`;

/**
 * What a scanned code names: a label's item page address (any host: the label may predate a move) or a
 * bare asset tag, as a handheld scanner or a hand-written label gives it. Null when it is neither.
 */
export function readScannedCode(text: string): { itemId: string } | { assetTag: string } | null {
  const value = text.trim();
  const page = new RegExp(`/equipment/items/(${UUID_PATTERN.source.slice(1, -1)})/?(?:[?#].*)?$`, "i").exec(value);
  if (page) return { itemId: page[1]!.toLowerCase() };
  const tag = assetTag.safeParse(value);
  return tag.success ? { assetTag: tag.data } : null;
}

// ── Categories, certifications ──────────────────────────────────────────────────────────────────

export const categoryInput = z.object({
  name: text(80, "The category's name").min(2, "Give the category a name of at least 2 characters."),
  description: text(500, "The description").default(""),
});
export type CategoryInput = z.input<typeof categoryInput>;

export const certificationInput = z.object({
  name: text(80, "The certification's name").min(2, "Give the certification a name of at least 2 characters."),
  description: text(500, "The description").default(""),
});
export type CertificationInput = z.input<typeof certificationInput>;

export const certificationGrantInput = z.object({
  userId: z.string("Choose a person").trim().min(1, "Choose a person").max(100),
});

// ── Items ────────────────────────────────────────────────────────────────────────────────────────

/** An item's replacement value, in minor units of the school's currency (10 million in a two-digit currency). */
export const ITEM_VALUE_MAX = 1_000_000_000;

/** What the rental house charges a production per day for an item, in minor units; null: no rate kept. */
const dayRateMinor = z
  .number("The day rate is a number")
  .int("The day rate is a whole number of the currency's minor unit")
  .min(0, "The day rate cannot be negative")
  .max(ITEM_VALUE_MAX, "The day rate is too large")
  .nullable();
/** The day rate goes to every unit of the item's brand and model too, so a model keeps one rate. */
const dayRateForModel = z.boolean("Say whether the rate is the model's").default(false);

const itemFields = {
  categoryId: id("a category"),
  name: text(120, "The name").min(2, "Give the item a name of at least 2 characters."),
  brand: text(80, "The brand").default(""),
  model: text(80, "The model").default(""),
  serialNumber: text(80, "The serial number").default(""),
  assetTag,
  valueMinor: z
    .number("The value is a number")
    .int("The value is a whole number of the currency's minor unit")
    .min(0, "The value cannot be negative")
    .max(ITEM_VALUE_MAX, "The value is too large")
    .default(0),
  dayRateMinor: dayRateMinor.default(null),
  dayRateForModel,
  condition: z.enum(CONDITIONS, { message: `Condition is one of: ${CONDITIONS.join(", ")}` }).default("good"),
  location: text(120, "The storage location").default(""),
  notes: text(2000, "The notes").default(""),
  certificationId: id("a certification").nullable().default(null),
  /** The item's access level (null: open to all); left out, a new item has none and an edited one keeps its own. */
  accessLevelId: id("a level").nullable().optional(),
};

export const itemCreateInput = z.object(itemFields);
export type ItemCreateInput = z.input<typeof itemCreateInput>;

export const itemUpdateInput = z.object({
  categoryId: itemFields.categoryId.optional(),
  name: itemFields.name.optional(),
  brand: text(80, "The brand").optional(),
  model: text(80, "The model").optional(),
  serialNumber: text(80, "The serial number").optional(),
  assetTag: assetTag.optional(),
  valueMinor: z
    .number("The value is a number")
    .int()
    .min(0, "The value cannot be negative")
    .max(ITEM_VALUE_MAX, "The value is too large")
    .optional(),
  dayRateMinor: dayRateMinor.optional(),
  dayRateForModel,
  condition: z.enum(CONDITIONS, { message: `Condition is one of: ${CONDITIONS.join(", ")}` }).optional(),
  location: text(120, "The storage location").optional(),
  photoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (u) => u === "" || /^(https?:\/\/|\/)/.test(u),
      "The photo is a web address (https://…) or a path on this site.",
    )
    .optional(),
  notes: text(2000, "The notes").optional(),
  certificationId: id("a certification").nullable().optional(),
  accessLevelId: itemFields.accessLevelId,
});
export type ItemUpdateInput = z.input<typeof itemUpdateInput>;

/** Maintenance and retirement go through their own call, so the affected reservations are shown first. */
export const itemStatusInput = z.object({
  status: z.enum(["available", "maintenance", "retired"], {
    message: "An item is made available, sent to maintenance or retired.",
  }),
  note: text(1000, "The note").default(""),
  /** The office has seen the reservations this affects and goes ahead. */
  confirm: z.boolean().default(false),
});
export type ItemStatusInput = z.input<typeof itemStatusInput>;

export const maintenanceInput = z.object({
  kind: z.enum(["repair", "note", "damage"], { message: "A log entry is a repair, a note or damage." }),
  note: text(2000, "The note").min(2, "Say what was done or found."),
  costMinor: z.number().int().min(0).max(100_000_000).nullable().default(null),
});
export type MaintenanceInput = z.input<typeof maintenanceInput>;

export const itemListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  categoryId: z.string().uuid("Choose a category from the list").optional(),
  status: z.enum(ITEM_STATUSES).optional(),
  limit,
  offset,
});
export type ItemListQuery = z.infer<typeof itemListQuery>;

/** The catalogue: bookable items, each with whether it is free for the chosen range. */
export const availabilityQuery = z.object({
  from: instant("The start"),
  to: instant("The end"),
  search: z.string().trim().max(100).optional(),
  categoryId: z.string().uuid("Choose a category from the list").optional(),
  onlyFree: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  /** Leave out the gear closed to the caller by its access level ("Only what I may book"). */
  onlyOpen: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  limit,
  offset,
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

/** The catalogue by model for a range ("N free"). */
export const modelListQuery = z.object({
  from: instant("The start"),
  to: instant("The end"),
  search: z.string().trim().max(100).optional(),
  limit,
  offset,
});
export type ModelListQuery = z.infer<typeof modelListQuery>;

export interface ModelDto {
  brand: string;
  model: string;
  /** "Sachtler Flowtech 75". */
  name: string;
  /** A photo of one of its units, or "". */
  photoUrl: string;
  /** Units not retired. */
  units: number;
  /** Units free for the whole range. */
  free: number;
}

// ── Kits ─────────────────────────────────────────────────────────────────────────────────────────

export const kitInput = z.object({
  name: text(120, "The kit's name").min(2, "Give the kit a name of at least 2 characters."),
  description: text(1000, "The description").default(""),
  itemIds: z
    .array(id("an item"), "A kit is a list of items")
    .min(2, "A kit holds at least 2 items.")
    .max(30, "A kit holds at most 30 items."),
  /** The kit's access level (null: open to all); left out, an edited kit keeps its own. */
  accessLevelId: id("a level").nullable().optional(),
});
export type KitInput = z.input<typeof kitInput>;

// ── Reservations ─────────────────────────────────────────────────────────────────────────────────

/** A model is its brand and model name as the inventory writes them, compared without case. */
export const modelRef = z.object({
  brand: text(200, "The brand"),
  model: text(200, "The model").min(1, "Name the model to book."),
});
export type ModelRef = z.infer<typeof modelRef>;
export const modelQuantity = modelRef.extend({
  quantity: z.coerce
    .number("The quantity must be a number")
    .int("The quantity must be a whole number")
    .min(1, "Book at least one of a model.")
    .max(RESERVATION_ITEMS_MAX, `At most ${RESERVATION_ITEMS_MAX} units of a model.`),
});
export type ModelQuantity = z.infer<typeof modelQuantity>;
/** The name people read for a model: "Sachtler Flowtech 75". */
/** The office sets one day rate for every unit of a model at once (null: none kept). */
export const modelDayRateInput = modelRef.extend({ dayRateMinor });
export type ModelDayRateInput = z.input<typeof modelDayRateInput>;
export const modelName = (m: ModelRef) => [m.brand.trim(), m.model.trim()].filter(Boolean).join(" ");

export const reservationCreateInput = z
  .object({
    projectId: id("a project"),
    startsAt: instant("The start"),
    endsAt: instant("The end"),
    itemIds: z.array(id("an item"), "Items must be a list").max(RESERVATION_ITEMS_MAX).default([]),
    kitIds: z.array(id("a kit"), "Kits must be a list").max(20).default([]),
    /** "2 × Sachtler Flowtech 75": a number of units of a model, which the desk assigns when it hands them out. */
    models: z.array(modelQuantity, "Models must be a list").max(20).default([]),
    note: text(1000, "The note").default(""),
  })
  .refine((r) => r.itemIds.length + r.kitIds.length + r.models.length > 0, {
    message: "Choose at least one item or kit to reserve.",
    path: ["itemIds"],
  })
  .refine((r) => Date.parse(r.endsAt) > Date.parse(r.startsAt), {
    message: "The reservation must end after it starts.",
    path: ["endsAt"],
  });
export type ReservationCreateInput = z.input<typeof reservationCreateInput>;

export const rejectInput = z.object({
  reason: text(1000, "The reason").min(5, "Give the borrower a reason of at least 5 characters."),
});

/**
 * The desk's lists: approved gear to hand out by the end of today (including what should have been collected
 * already and is still bookable), everything out now (late or not), and what is out past its due time.
 */
export const DESK_LISTS = ["due_today", "out_now", "late"] as const;
export type DeskList = (typeof DESK_LISTS)[number];
export const DESK_LIST_LABELS: Record<DeskList, string> = {
  due_today: "Due today",
  out_now: "Out now",
  late: "Late",
};

export const reservationListQuery = z.object({
  state: z.enum(RESERVATION_STATES).optional(),
  projectId: z.string().uuid().optional(),
  mine: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  overdue: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  /** One of the desk's lists (DESK_LISTS); `dayEnd` is the end of the desk's own day, for "due today". */
  desk: z.enum(DESK_LISTS).optional(),
  dayEnd: instant("The end of the day").optional(),
  limit,
  offset,
});
export type ReservationListQuery = z.infer<typeof reservationListQuery>;

export const calendarQuery = z.object({
  from: instant("The start"),
  to: instant("The end"),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset,
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

/** The longest range a model's timeline shows at once: it is read in one query, bounded by the range. */
export const TIMELINE_DAYS_MAX = 62;
export const TIMELINE_UNITS_MAX = 200;
/** A model's units over a range of days (the office's timeline). */
export const timelineQuery = z
  .object({
    brand: text(200, "The brand").default(""),
    model: text(200, "The model").min(1, "Name the model whose units to show."),
    from: instant("The start"),
    to: instant("The end"),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), {
    message: "The end of the range must come after its start.",
    path: ["to"],
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TIMELINE_DAYS_MAX * 86_400_000, {
    message: `The timeline shows at most ${TIMELINE_DAYS_MAX} days at once.`,
    path: ["to"],
  });
export type TimelineQuery = z.input<typeof timelineQuery>;

/** What a bar on a unit's row stands for; each has its own look and label. */
export const TIMELINE_BARS = ["requested", "approved", "out", "late", "returned", "maintenance"] as const;
export type TimelineBarKind = (typeof TIMELINE_BARS)[number];
export const TIMELINE_BAR_LABELS: Record<TimelineBarKind, string> = {
  requested: "Requested",
  approved: "Approved",
  out: "Out",
  late: "Late",
  returned: "Returned",
  maintenance: "Maintenance",
};

export interface TimelineBarDto {
  kind: TimelineBarKind;
  startsAt: string;
  /** For gear still out late, now (it runs on until it is back); for maintenance not ended, null. */
  endsAt: string | null;
  reservationId: string | null;
  /** The production's title, or what the maintenance log says. */
  title: string;
  requesterName: string;
}

export interface ModelTimelineDto {
  name: string;
  brand: string;
  model: string;
  /** The rental day rate every unit shares (null: none, or the units differ, which `dayRatesDiffer` says). */
  dayRateMinor: number | null;
  dayRatesDiffer: boolean;
  from: string;
  to: string;
  units: {
    itemId: string;
    assetTag: string;
    name: string;
    status: ItemStatus;
    bars: TimelineBarDto[];
  }[];
}

/** A drawn signature as the signature pad gives it: a PNG data address. */
export const signatureImage = z
  .string("Draw the signature")
  .max(700_000, "The signature is too large: clear it and draw it again.")
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, "The signature is a picture drawn on the pad.");

/**
 * A hand-over at the desk: the tags handed out at once (or one `assetTag`), signed for by the borrower on the screen, or
 * ticked "Borrower not present" by the office.
 */
export const checkoutInput = z
  .object({
    assetTag: assetTag.optional(),
    assetTags: z.array(assetTag).max(50, "Hand out at most 50 items at once.").optional(),
    signature: signatureImage.optional(),
    borrowerNotPresent: z.boolean().default(false),
  })
  .transform(({ assetTag: one, assetTags, ...rest }) => ({
    ...rest,
    assetTags: [...new Set([...(assetTags ?? []), ...(one ? [one] : [])])],
  }));
export type CheckoutInput = z.input<typeof checkoutInput>;

const condition = z.enum(CONDITIONS, { message: `Condition is one of: ${CONDITIONS.join(", ")}` });
/** One item taken back: its condition as the desk finds it, and notes; damage sends it to maintenance. */
export const returnLine = z.object({
  assetTag,
  condition,
  notes: text(2000, "The condition notes").default(""),
  damaged: z.boolean().default(false),
});
export type ReturnLine = z.infer<typeof returnLine>;
export const RETURN_ITEMS_MAX = 50;
/**
 * A return at the desk: the items taken back at once (`items`, or one item as `assetTag` with its condition), signed
 * for once on the screen by the person returning, or ticked as returned without a signature (`borrowerNotPresent`).
 */
export const checkinInput = z
  .object({
    items: z
      .array(returnLine, "The items must be a list")
      .max(RETURN_ITEMS_MAX, `Take back at most ${RETURN_ITEMS_MAX} items at once.`)
      .default([]),
    assetTag: assetTag.optional(),
    condition: condition.optional(),
    notes: text(2000, "The condition notes").default(""),
    damaged: z.boolean().default(false),
    signature: signatureImage.optional(),
    borrowerNotPresent: z.boolean().default(false),
    /** Who brings the gear back, when it is not the borrower (a crew member); printed on the receipt. */
    returnedBy: text(120, "The name of who returns the gear").default(""),
  })
  .refine((v) => !v.assetTag || v.condition, {
    message: "Choose the condition the item comes back in.",
    path: ["condition"],
  })
  .transform(({ assetTag: one, condition: c, notes, damaged, items, ...rest }) => ({
    ...rest,
    items: one && c ? [...items, { assetTag: one, condition: c, notes, damaged }] : items,
  }));
export type CheckinInput = z.input<typeof checkinInput>;

export const csvImportInput = z.object({
  csv: z
    .string("Paste or upload the CSV")
    .min(1, "The CSV is empty.")
    .max(900_000, "The CSV is too large: import at most about 5,000 rows at a time."),
});

// ── What the API answers ─────────────────────────────────────────────────────────────────────────

export interface CategoryDto {
  id: string;
  name: string;
  description: string;
  itemCount: number;
}

export interface CertificationDto {
  id: string;
  name: string;
  description: string;
  holders: { userId: string; name: string; grantedAt: string }[];
}

export interface ItemDto {
  id: string;
  category: { id: string; name: string };
  name: string;
  brand: string;
  model: string;
  serialNumber: string;
  assetTag: string;
  valueMinor: number;
  /** The rental day rate a budget started from the schedule prices the item at; null: none kept. */
  dayRateMinor: number | null;
  condition: Condition;
  status: ItemStatus;
  location: string;
  photoUrl: string;
  notes: string;
  certification: { id: string; name: string } | null;
  updatedAt: string;
}

export interface AvailabilityItem extends Pick<
  ItemDto,
  "id" | "name" | "brand" | "model" | "assetTag" | "status" | "condition" | "photoUrl" | "certification"
> {
  category: { id: string; name: string };
  free: boolean;
  /** The caller holds the item's certification (or it needs none). */
  certified: boolean;
  /** The access level closing the item to the caller, and why; null when it is open to them. */
  closed: ClosedGear | null;
}

export interface KitDto {
  id: string;
  name: string;
  description: string;
  items: { id: string; name: string; assetTag: string; status: ItemStatus }[];
  /** For the catalogue: every item of the kit is free in the chosen range. */
  free?: boolean;
  /** The certifications the kit's items need that the person asking does not hold. */
  missingCertifications: string[];
  /** The access level closing the kit (or one of its items) to the person asking, and why. */
  closed: ClosedGear | null;
}

export interface MaintenanceDto {
  id: string;
  kind: MaintenanceKind;
  note: string;
  costMinor: number | null;
  byName: string;
  createdAt: string;
}

export interface ReservationItemDto {
  itemId: string;
  name: string;
  assetTag: string;
  kitName: string | null;
  checkedOutAt: string | null;
  returnedAt: string | null;
  returnCondition: Condition | null;
  returnNotes: string;
  /** Condition photos taken at check-in. */
  returnPhotos: string[];
  damaged: boolean;
  /** Booked as one of its model: until the desk hands it out, any free unit of the model may take its place. */
  byModel: boolean;
  /** The model's name ("Sachtler Flowtech 75"), empty for an item without one. */
  modelName: string;
}

export interface ReservationDto {
  id: string;
  project: { id: string; title: string };
  requester: { id: string; name: string };
  startsAt: string;
  endsAt: string;
  state: ReservationState;
  note: string;
  rejectReason: string | null;
  decidedByName: string | null;
  overdue: boolean;
  items: ReservationItemDto[];
  createdAt: string;
  /**
   * With the school's greenlight gate at check-out: the greenlight items the production still misses, so the desk
   * cannot hand this reservation's gear out yet. Empty otherwise.
   */
  greenlightMissing: string[];
  /** The signed receipts kept for this reservation (the latest of each kind downloads from `receiptUrl`). */
  receipts: ReceiptKind[];
  /** What the caller may do now. */
  canCancel: boolean;
  canDecide: boolean;
}

export interface ItemDetailDto extends ItemDto {
  maintenance: MaintenanceDto[];
  upcoming: {
    reservationId: string;
    projectTitle: string;
    startsAt: string;
    endsAt: string;
    state: ReservationState;
  }[];
}

/** 409 of a reservation whose items are already booked: which, when, and what is free instead. */
export interface BookingConflictDetails {
  conflicts: { itemId: string; itemName: string; assetTag: string; startsAt: string; endsAt: string }[];
  alternatives: { itemId: string; itemName: string; assetTag: string; replaces: string }[];
}

/** 409 of a status change that affects reservations, until the office confirms. */
export interface AffectedReservationsDetails {
  affected: {
    reservationId: string;
    projectTitle: string;
    requesterName: string;
    startsAt: string;
    endsAt: string;
    state: ReservationState;
  }[];
}

export interface CalendarEntryDto {
  reservationId: string;
  itemId: string;
  itemName: string;
  assetTag: string;
  projectTitle: string;
  requesterName: string;
  startsAt: string;
  endsAt: string;
  state: ReservationState;
}

export interface DeskResultDto {
  reservation: ReservationDto;
  item: { id: string; name: string; assetTag: string; status: ItemStatus };
  message: string;
  /** Where the signed hand-over receipt of this desk action downloads from, when one was made. */
  receiptUrl?: string;
}

/** A return at the desk: the last item's answer, with every item taken back and the receipt of each reservation. */
export interface ReturnResultDto extends DeskResultDto {
  items: DeskResultDto["item"][];
  receiptUrls: string[];
}

export interface StrikeDto {
  id: string;
  userId: string;
  userName: string;
  reservationId: string | null;
  reason: string;
  createdAt: string;
}

export interface ImportReportDto {
  created: number;
  updated: number;
  rows: { line: number; assetTag: string; ok: boolean; problems: string[] }[];
}

export interface MyEquipmentStatus {
  strikes: number;
  strikeLimit: number;
  blocked: boolean;
  certifications: { id: string; name: string }[];
}

export interface EquipmentSummaryDto {
  outNow: number;
  overdue: number;
  pending: number;
}

/** The CSV columns of import and export, in order. */
export const CSV_COLUMNS = [
  "asset_tag",
  "name",
  "category",
  "brand",
  "model",
  "serial_number",
  "value",
  "condition",
  "status",
  "location",
  "certification",
  "notes",
  /** Last, so a CSV of before access levels reads the same; absent, an import leaves the items' levels alone. */
  "access_level",
  /**
   * The item form's "Rental day rate", in the school's currency; an empty cell is no rate. After the older columns,
   * so a CSV of before reads the same; absent, an import leaves the items' rates alone.
   */
  "rental_day_rate",
] as const;
