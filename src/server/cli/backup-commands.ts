import { existsSync } from "node:fs";
import path from "node:path";
import { type Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { backupFileName, BackupError, writeBackup } from "../ops/backup.ts";
import { restoreBackup } from "../ops/restore.ts";

export const USAGE = `npm run backup [-- FILE]   writes the database and the stored files to FILE (default: BACKUP_DIR or here, portal-backup-<time>.tar.gz)
npm run restore FILE        brings a fresh DATA_DIR or an empty DATABASE_URL back to the state in FILE`;

/**
 * The portal's own database, opened without migrating or seeding it: a restore needs it exactly as it is, and a data
 * folder that does not exist yet is made empty, not migrated, for the backup's own migrations to build.
 */
export function openForBackup(config: Config) {
  return openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite"), newFolder: "empty" });
}

/** Files whose names the portal never gives, which no store takes: named, so the operator can keep them another way. */
function leftOutNote({ count, keys }: { count: number; keys: string[] }): string {
  if (count === 0) return "";
  const more = count > keys.length ? ` and ${count - keys.length} more` : "";
  return `; left out ${count} ${count === 1 ? "file whose name is" : "files whose names are"} not one of the portal's: ${keys.join(", ")}${more}`;
}

/** Runs `backup [FILE]` or `restore FILE`; returns what to print. Shared by the CLI and its tests. */
export async function runBackupCommand(argv: string[], config: Config): Promise<string> {
  const [command, file, ...rest] = argv;
  if (rest.length > 0 || (command !== "backup" && command !== "restore")) throw new BackupError(USAGE);
  if (command === "restore" && !file) throw new BackupError(`Name the backup file to restore.\n${USAGE}`);
  // Said before the database is opened, which would make an empty data folder as it goes.
  if (command === "restore" && !existsSync(file!)) throw new BackupError(`There is no file ${path.resolve(file!)}.`);
  const database = await openForBackup(config);
  try {
    if (command === "backup") {
      const target = file ?? path.join(config.BACKUP_DIR ?? process.cwd(), backupFileName());
      const s = await writeBackup(database, config, target);
      return `Backed up ${s.rows} rows of ${s.tables} tables and ${s.files} files (${(s.bytes / 1024 / 1024).toFixed(1)} MB) of ${s.store} to ${s.file}${leftOutNote(s.leftOut)}`;
    }
    const s = await restoreBackup(database, config, file!);
    return `Restored ${s.rows} rows of ${s.tables} tables and ${s.files} files into ${s.store} from ${path.resolve(file!)}${s.migrated ? `, then applied ${s.migrated} newer migrations` : ""}${leftOutNote(s.leftOut)}.`;
  } finally {
    await database.close();
  }
}
