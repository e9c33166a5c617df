import type { Auth } from "./auth/auth.ts";
import type { SessionUser } from "./auth/caller.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { EventBus } from "./lib/events.ts";
import type { Logger } from "./lib/logger.ts";
import type { Mailer } from "./lib/mailer.ts";

/** What every domain function may use; built once in main.ts (or per test) and passed down. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  events: EventBus;
  mailer: Mailer;
}

/** What Hono's context carries for every route: the services, the auth instance, and the signed-in user behind `requireUser`. */
export type AppEnv = {
  Variables: {
    services: Services;
    auth: Auth;
    user: SessionUser;
  };
};
