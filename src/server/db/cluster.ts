import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A new embedded database starts as a copy of an empty one that `npm run build` made once, with every migration
 * applied (`cli/cluster.ts`): PGlite's initdb and the migrations were five of a first start's fifteen seconds,
 * redone on every new data folder. The copy is used only when it was made by the same PGlite from the same
 * migrations; otherwise the folder is made by initdb as before. docs/decisions/2026-12-01-first-start.md
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
export const CLUSTER_TEMPLATE = path.join(root, "build/pglite-cluster");

/** What a template was made from: PGlite's version and the migrations' journal. */
function stampOf(migrationsFolder: string): string {
  const pglite = JSON.parse(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as {
    version: string;
  };
  const journal = readFileSync(path.join(migrationsFolder, "meta/_journal.json"));
  return `${pglite.version} ${createHash("sha256").update(journal).digest("hex")}`;
}

export function templateIsCurrent(template: string, migrationsFolder: string): boolean {
  const stamp = `${template}.stamp`;
  return (
    existsSync(path.join(template, "PG_VERSION")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === stampOf(migrationsFolder)
  );
}

/** Makes `template` anew: initdb, then `migrate` on the folder, then the stamp that says what it was made from. */
export async function makeTemplate(
  template: string,
  migrationsFolder: string,
  migrate: (dataDir: string) => Promise<void>,
) {
  rmSync(template, { recursive: true, force: true });
  await fillDataDir(template, async (partial) => {
    await initdb(partial);
    await migrate(partial);
  });
  writeFileSync(`${template}.stamp`, stampOf(migrationsFolder));
}

/**
 * A new data folder: a copy of the template when it is current, else made by initdb; with no template (`null`),
 * always by initdb, empty of any portal (what a restore writes into).
 */
export async function initialiseDataDir(
  dataDir: string,
  migrationsFolder: string,
  template: string | null = CLUSTER_TEMPLATE,
) {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  await fillDataDir(dataDir, (partial) =>
    template && templateIsCurrent(template, migrationsFolder)
      ? cpSync(template, partial, { recursive: true })
      : initdb(partial),
  );
}

/**
 * Fills `dataDir` by `make(partial)` into a folder beside it, renamed into place only when complete: a start cut
 * off halfway leaves no folder that looks like a database (PG_VERSION is among the first files initdb writes).
 */
export async function fillDataDir(dataDir: string, make: (partial: string) => void | Promise<void>) {
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  await make(partial);
  // An empty folder made ahead (a mounted volume's subfolder, a hand-made DATA_DIR) is replaced.
  if (existsSync(dataDir) && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
  renameSync(partial, dataDir);
}

/** Runs PGlite's initdb into `dataDir` in a short-lived child process (see init-pglite.mjs for why). */
function initdb(dataDir: string): Promise<void> {
  const script = path.join(here, "init-pglite.mjs");
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dataDir], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`could not create the embedded database in ${dataDir}: ${stderr.trim() || `exit code ${code}`}`),
          ),
    );
  });
}
