/**
 * Seeds one portal per database and keeps what a test portal needs to start as a copy of it (templates.ts).
 * Run by the API tests' global setup as a process of its own (`node --import tsx`), where the portal's modules load
 * as they do in the tests and the bench, and printing the file that names the templates.
 */
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createThrowawayDatabase, DB_KINDS, startTestPortal } from "./harness.ts";
import { dayStamp, type Templates } from "./templates.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "portal-templates-"));
const made = { day: dayStamp(), madeAt: Date.now() };
const keepDataDir = (from: string, name: string) => {
  const to = path.join(dir, name);
  cpSync(from, to, { recursive: true });
  return to;
};

async function pglite(): Promise<Templates["pglite"]> {
  const p = await startTestPortal("pglite");
  const dump = path.join(dir, "pglite.tar");
  writeFileSync(dump, Buffer.from(await (await p.services.database.dumpDataDir!()).arrayBuffer()));
  await p.close();
  return { dump, dataDir: keepDataDir(p.services.config.DATA_DIR, "pglite-data") };
}

async function postgres(): Promise<Templates["postgres"]> {
  if (!DB_KINDS.includes("postgres")) return null;
  const db = await createThrowawayDatabase();
  const p = await startTestPortal("postgres", {}, { databaseUrl: db.url });
  await p.close();
  return {
    database: new URL(db.url).pathname.slice(1),
    dataDir: keepDataDir(p.services.config.DATA_DIR, "postgres-data"),
  };
}

const [lite, pg] = await Promise.all([pglite(), postgres()]);
const file = path.join(dir, "templates.json");
writeFileSync(file, JSON.stringify({ ...made, pglite: lite, postgres: pg } satisfies Templates));
process.stdout.write(file);
process.exit(0);
