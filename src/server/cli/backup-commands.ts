import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig, type Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { backupFileName, BackupError, restoreBackup, writeBackup } from "../ops/backup.ts";

export const USAGE = `npm run backup [-- FILE]   writes the database and the stored files to FILE (default: BACKUP_DIR or here, portal-backup-<time>.tar.gz)
npm run restore FILE        brings a fresh DATA_DIR or an empty DATABASE_URL back to the state in FILE`;

/** The portal's own database, opened without migrating or seeding it: a restore needs it exactly as it is. */
function open(config: Config) {
  return openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite") });
}

/** Runs `backup [FILE]` or `restore FILE`; returns what to print. Shared by the CLI and its tests. */
export async function runBackupCommand(argv: string[], config: Config): Promise<string> {
  const [command, file, ...rest] = argv;
  if (rest.length > 0 || (command !== "backup" && command !== "restore")) throw new BackupError(USAGE);
  if (command === "restore" && !file) throw new BackupError(`Name the backup file to restore.\n${USAGE}`);
  // Said before the database is opened, which would make an empty data folder as it goes.
  if (command === "restore" && !existsSync(file!)) throw new BackupError(`There is no file ${path.resolve(file!)}.`);
  const database = await open(config);
  try {
    if (command === "backup") {
      const target = file ?? path.join(config.BACKUP_DIR ?? process.cwd(), backupFileName());
      const s = await writeBackup(database, config, target);
      const files = s.storageIncluded
        ? `${s.files} files (${(s.bytes / 1024 / 1024).toFixed(1)} MB)`
        : "no files: they are in the S3 bucket, which is backed up by the bucket's own versioning or replication";
      return `Backed up ${s.rows} rows of ${s.tables} tables and ${files} to ${s.file}`;
    }
    const s = await restoreBackup(database, config, file!);
    return `Restored ${s.rows} rows of ${s.tables} tables and ${s.files} files from ${path.resolve(file!)}${s.migrated ? `, then applied ${s.migrated} newer migrations` : ""}.`;
  } finally {
    await database.close();
  }
}
