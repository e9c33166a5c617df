import path from "node:path";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Services } from "./context.ts";
import { oneInstanceAtATime, openDatabase, runMigrations } from "./db/client.ts";
import { seedDemoSchool, type SeedResult } from "./db/seed.ts";
import { startJobWorker } from "./features/notifications/service.ts";
import { portalJobs } from "./jobs.ts";
import { createLocalBus, createPgBus } from "./lib/events.ts";
import { answerFromDatabase } from "./lib/cache.ts";
import { keepSchoolSettings } from "./features/school/service.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { createMailer } from "./lib/mailer.ts";
import { createRealtime, type Realtime } from "./realtime.ts";
import { createSecureServer } from "./lib/security-headers.ts";

export interface Portal {
  services: Services;
  auth: ReturnType<typeof createAuth>;
  app: ReturnType<typeof createApp>;
  seed: SeedResult | null;
  realtime: Realtime;
  server?: ServerType;
  url?: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  listen?: boolean;
  webDir?: string;
  log?: Logger;
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  /** With `inMemory`: start from these files (a `dumpDataDir` of a migrated and seeded database) instead of an empty one. */
  pgliteFrom?: Blob;
}

/** config → database → migrations → services → app (→ listen). The one way the portal is assembled. */
export async function startPortal(config: Config, opts: StartOptions = {}): Promise<Portal> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : path.join(config.DATA_DIR, "pglite"),
    from: opts.pgliteFrom,
  });
  // PostgreSQL may be shared by several instances, so events fan out through it; PGlite has one process.
  const events = database.kind === "postgres" ? await createPgBus(database.url!, log) : createLocalBus();
  if (!config.ANSWER_CACHE) answerFromDatabase(events);
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const services: Services = { config, database, db: database.db, log, events, mailer, jobs: portalJobs };
  const auth = createAuth(services);
  const seed = await oneInstanceAtATime(database, async () => {
    await runMigrations(database);
    return config.SEED ? await seedDemoSchool(services, auth) : null;
  });
  keepSchoolSettings(services);
  const app = createApp(services, auth, { webDir: opts.webDir });
  const realtime = createRealtime(services, auth);
  // Recurring jobs belong to the worker: a portal without one (tests, a web-only instance) leaves them to those with one.
  const stopWorker = config.JOB_WORKER ? await startJobWorker(services) : async () => {};

  let server: ServerType | undefined;
  let url: string | undefined;
  if (opts.listen) {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: config.PORT,
          hostname: config.HOST,
          createServer: createSecureServer(config.PUBLIC_URL),
        },
        () => resolve(s),
      );
      s.once("error", reject);
    });
    realtime.attach(server);
    const { port } = server.address() as AddressInfo;
    url = `http://localhost:${port}`;
  }

  return {
    services,
    auth,
    app,
    seed,
    realtime,
    server,
    url,
    async stop() {
      await stopWorker();
      await realtime.close();
      if (server) await new Promise<void>((r) => server!.close(() => r()));
      await events.close();
      mailer.close();
      await database.close();
    },
  };
}
