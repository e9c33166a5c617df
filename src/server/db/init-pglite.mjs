// Creates an empty PGlite data folder and exits. Run as a child process by db/client.ts: PGlite's
// initdb step leaves several hundred megabytes of WebAssembly memory behind in the process that ran
// it, so the portal itself only ever opens a folder that already exists.
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node init-pglite.mjs <data folder>");
  process.exit(2);
}
const db = new PGlite(dir);
await db.waitReady;
await db.close();
