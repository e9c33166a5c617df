/**
 * A portal instance in a process of its own, configured by its environment: a test can kill it (kill -9) to
 * see what a crash leaves behind. It says "ready" on stdout once started.
 */
import { loadConfig } from "../config.ts";
import { startPortal } from "../portal.ts";

await startPortal(loadConfig(process.env));
process.stdout.write("ready\n");
