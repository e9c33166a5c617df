/** The services every overview topic takes. */
import type { Services } from "../../context.ts";

export type S = Pick<Services, "db" | "events" | "config">;
