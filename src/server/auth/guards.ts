import { createMiddleware } from "hono/factory";
import type { Role } from "../../common/roles.ts";
import type { Services } from "../context.ts";
import { AppError } from "../lib/errors.ts";
import { getProfile, syncProfile } from "../features/profiles/service.ts";
import type { Auth } from "./auth.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export type AppEnv = {
  Variables: {
    services: Services;
    auth: Auth;
    user: SessionUser;
  };
};

/** Reads the session cookie and the user's role; 401 when nobody is signed in. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError("unauthorized", "Please sign in to continue.");
  const { db } = c.var.services;
  const profile = (await getProfile(db, session.user.id)) ?? (await syncProfile(db, session.user.id));
  c.set("user", { id: session.user.id, email: session.user.email, name: session.user.name, role: profile.role });
  await next();
});

/** Role check on the server: hiding a button in the UI is never the only guard. */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw new AppError("forbidden", "You do not have permission to do this.");
    await next();
  });
