import type { Auth } from "./auth/auth.ts";
import type { SessionUser } from "./auth/caller.ts";
import type { Services } from "./context.ts";

/**
 * What Hono's context carries for every route: the services, the auth instance, and the signed-in user behind
 * `requireUser`. Apart from `context.ts`, which the auth instance itself reads, so neither imports the other back.
 */
export type AppEnv = {
  Variables: {
    services: Services;
    auth: Auth;
    user: SessionUser;
  };
};
