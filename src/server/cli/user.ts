import { loadConfig } from "../config.ts";
import { startPortal } from "../portal.ts";
import { parseCommand, runUserCommand, USAGE } from "./user-commands.ts";

/** `npm run user -- …`: creates, promotes or lists users on the portal's own database, for a school without e-mail. */
async function main(argv: string[]) {
  const cmd = parseCommand(argv);
  if (cmd.command === "help") return console.log(USAGE);
  // The same configuration and database as the portal, but nothing that a running portal already does.
  const config = { ...loadConfig(), SEED: false, JOB_WORKER: false, LOG_LEVEL: "error" as const };
  const portal = await startPortal(config);
  try {
    console.log(await runUserCommand(cmd, portal.services, portal.auth));
  } finally {
    await portal.stop();
  }
}

/** One line that says what went wrong: the root cause (a query wrapper's own message only names the SQL). */
function oneLine(err: unknown): string {
  let root = err;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message =
    root instanceof Error ? root.message || (root as NodeJS.ErrnoException).code || root.name : String(root);
  return message.split("\n")[0]!;
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`user: ${oneLine(err)}`);
  process.exit(1);
});
