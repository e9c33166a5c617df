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
