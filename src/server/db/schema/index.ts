export * from "./auth.ts";
export * from "./profiles.ts";
export * from "./jobs.ts";
export * from "./audit.ts";
export * from "./school.ts";
export * from "./projects.ts";
export * from "./equipment.ts";
