import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dayStamp, seedMayBeCopied } from "../../../src/server/test/templates.ts";
import { startPortalProcess } from "./portal.ts";

const SEEDED_ENV = "PORTAL_E2E_SEEDED";

/**
 * The browser tests' global setup (vitest.config.ts): the built portal seeds the demo school into a data folder once,
 * with its job worker off so the seed's queued jobs are still queued, and each test file's portal starts on a copy
 * (as a school's second start does) instead of migrating and seeding again (docs/decisions/2026-11-28-test-templates.md).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-seeded-"));
  const portal = await startPortalProcess({ dataDir, env: { JOB_WORKER: "false" } });
  await portal.stop();
  const file = path.join(dataDir, "..", `${path.basename(dataDir)}.json`);
  writeFileSync(file, JSON.stringify({ day: dayStamp(), madeAt: Date.now(), dataDir }));
  process.env[SEEDED_ENV] = file;
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  };
}

/** The seeded folder a test file's portal with these settings may start from a copy of. */
export function seededDataDir(env: Record<string, string>): string | undefined {
  const file = process.env[SEEDED_ENV];
  if (!file || !existsSync(file)) return undefined;
  const seeded = JSON.parse(readFileSync(file, "utf8")) as { day: string; madeAt: number; dataDir: string };
  return seedMayBeCopied(env, seeded) ? seeded.dataDir : undefined;
}
