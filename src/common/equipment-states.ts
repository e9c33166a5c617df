/**
 * Equipment's vocabulary: the states of items and reservations, their labels, the receipts' addresses. Apart from
 * the API's schemas (equipment.ts) so that a page drawing a catalogue or a list loads no zod.
 */
export const ITEM_STATUSES = ["available", "checked_out", "maintenance", "retired"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  available: "Available",
  checked_out: "Checked out",
  maintenance: "In maintenance",
  retired: "Retired",
};

export const CONDITIONS = ["new", "good", "fair", "worn", "damaged"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = {
  new: "New",
  good: "Good",
  fair: "Fair",
  worn: "Worn",
  damaged: "Damaged",
};

export const RESERVATION_STATES = [
  "requested",
  "approved",
  "rejected",
  "checked_out",
  "returned",
  "cancelled",
] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
export const RESERVATION_STATE_LABELS: Record<ReservationState, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  checked_out: "Checked out",
  returned: "Returned",
  cancelled: "Cancelled",
};
/** States whose items hold their time range: the database refuses a second booking overlapping them. */
export const HOLDING_STATES = ["requested", "approved", "checked_out"] as const satisfies readonly ReservationState[];

export const MAINTENANCE_KINDS = ["to_maintenance", "back_in_service", "retired", "damage", "repair", "note"] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
export const MAINTENANCE_KIND_LABELS: Record<MaintenanceKind, string> = {
  to_maintenance: "Sent to maintenance",
  back_in_service: "Back in service",
  retired: "Retired",
  damage: "Damage reported",
  repair: "Repair",
  note: "Note",
};

/** An approved reservation may be collected this long before it starts ("pick up the day before"). */

export const RECEIPT_KINDS = ["check_out", "check_in"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
/** Where the latest signed hand-over receipt of a reservation downloads from. */
export const RECEIPT_LABELS: Record<ReceiptKind, string> = {
  check_out: "Check-out receipt (PDF)",
  check_in: "Return receipt (PDF)",
};
export const receiptUrl = (reservationId: string, kind: ReceiptKind) =>
  `/rest/v1/equipment/reservations/${reservationId}/receipts/${kind}`;

/** What the catalogue says, before "Add", about gear the person is not certified for. */
export const needsCertificationText = (names: string[]) => `Needs certification: ${names.join(", ")}`;
