import type { Services } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";

export type S = Pick<Services, "db" | "events"> & Partial<Pick<Services, "log">>;

export const noScreenplay = () => new AppError("not_found", "There is no screenplay with this id.");
export const noRevision = () => new AppError("not_found", "There is no revision with this id in this screenplay.");
