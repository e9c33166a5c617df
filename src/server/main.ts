import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config.ts";
import { startPortal } from "./portal.ts";
import { collectWhenQuiet } from "./lib/idle-gc.ts";
import { DEMO_PASSWORD } from "./db/seed.ts";
import { DEMO_DIRECTORY, withDemoSso } from "./auth/demo-idp.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`The Portal cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  const demo = await withDemoSso(config);
  config = demo.config;
  const portal = await startPortal(config, { listen: true, webDir: path.join(root, "dist") });
  collectWhenQuiet(portal.server!);
  const ms = Math.round(performance.now() - started);
  const { log } = portal.services;
  log.info({ ms, database: config.databaseKind, mail: portal.services.mailer.transport }, "The Portal is ready");

  const lines = [
    "",
    `  The Portal is running at ${config.PUBLIC_URL}  (sign in at ${config.PUBLIC_URL}/auth)`,
    `  database: ${config.databaseKind === "pglite" ? `embedded PGlite in ${path.join(config.DATA_DIR, "pglite")}` : "PostgreSQL"}`,
    `  e-mail:   ${portal.services.mailer.transport === "smtp" ? "SMTP" : `embedded outbox, readable by admins at ${config.PUBLIC_URL}/email-test`}`,
  ];
  if (portal.seed) {
    lines.push(`  demo accounts (password: ${DEMO_PASSWORD})${portal.seed.created ? "" : " — already seeded"}:`);
    for (const a of portal.seed.accounts) lines.push(`    ${a.email.padEnd(28)} ${a.role.padEnd(18)} ${a.name}`);
  }
  if (demo.idp) {
    lines.push(
      `  single sign-on: the demo provider at ${demo.idp.issuer} (DEMO_SSO=true; any password is accepted there):`,
    );
    for (const p of DEMO_DIRECTORY) lines.push(`    ${p.email.padEnd(28)} groups: ${p.groups.join(", ")}`);
  }
  console.log(lines.join("\n") + "\n");

  const shutdown = async (signal: string) => {
    log.info({ signal }, "shutting down");
    await portal.stop();
    await demo.idp?.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(`The Portal cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
