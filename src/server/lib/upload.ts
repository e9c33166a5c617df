import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../auth/guards.ts";
import { AppError } from "./errors.ts";

const MB = 1024 * 1024;

/** The app's 1 MB limit for JSON does not fit a file: uploads carry the UPLOAD_MAX_MB setting, checked while reading. */
export const uploadLimit = (c: Context<AppEnv>, next: () => Promise<void>) =>
  bodyLimit({
    maxSize: c.var.services.config.UPLOAD_MAX_MB * MB,
    onError: () => {
      throw new AppError("payload_too_large", `The file is larger than ${c.var.services.config.UPLOAD_MAX_MB} MB. Make it smaller or split it, then upload it again.`);
    },
  })(c, next);
