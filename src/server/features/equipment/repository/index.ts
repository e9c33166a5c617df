/** The equipment queries, one file per topic; the service's topic files import them from here as `repo`. */
export * from "./items.ts";
export * from "./bookings.ts";
export * from "./reservations.ts";
export * from "./access.ts";
export * from "./models.ts";
export * from "./timeline.ts";
