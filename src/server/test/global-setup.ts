import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { TEMPLATES_ENV, type Templates } from "./templates.ts";

/**
 * The API tests' global setup (vitest.config.ts): the demo school migrated and seeded once per database
 * (make-templates.ts, in a process of its own), copied by each test portal; removed after the run.
 */
export default function setup(): () => Promise<void> {
  const file = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "make-templates.ts")],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  ).trim();
  process.env[TEMPLATES_ENV] = file;
  return async () => {
    const made = JSON.parse(readFileSync(file, "utf8")) as Templates;
    if (made.postgres && process.env.TEST_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${made.postgres.database} with (force)`);
      await admin.end();
    }
    rmSync(path.dirname(file), { recursive: true, force: true });
  };
}
