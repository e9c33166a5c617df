import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DatabaseInUseError extends Error {}

/** Folders this process holds, so a lock file naming our own pid (left by a container that reused it) is known to be stale. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own, and two processes writing one data folder corrupt it; so whoever opens it
 * (the portal, the user CLI) first takes `<folder>.lock` naming its pid. A lock whose process is gone is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = `${dir}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      held.add(dir);
      return () => {
        held.delete(dir);
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    const ours = holder === process.pid && held.has(dir);
    if (Number.isInteger(holder) && (ours || (holder !== process.pid && isRunning(holder)))) {
      throw new DatabaseInUseError(
        `the embedded database in ${dir} is in use by another process (pid ${holder}), probably a running portal: stop it first, or use DATABASE_URL (PostgreSQL)`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DatabaseInUseError(`could not lock the embedded database in ${dir}`);
}
