import { loadConfig } from "../config.ts";
import { BackupError } from "../ops/backup.ts";
import { runBackupCommand } from "./backup-commands.ts";

/** One line that says what went wrong: the root cause (a query wrapper's own message only names the SQL). */
function oneLine(err: unknown): string {
  if (err instanceof BackupError) return err.message;
  let root = err;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message =
    root instanceof Error ? root.message || (root as NodeJS.ErrnoException).code || root.name : String(root);
  return message.split("\n")[0]!;
}

/** `npm run backup [-- FILE]` and `npm run restore FILE`. On PGlite the portal must be stopped: its data folder is one process's. */
const argv = process.argv.slice(2);
runBackupCommand(argv, loadConfig())
  .then((out) => console.log(out))
  .catch((err) => {
    console.error(`${argv[0] ?? "backup"}: ${oneLine(err)}`);
    process.exit(1);
  });
