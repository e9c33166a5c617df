import { migrationsFolder, openDatabase, runMigrations } from "../db/client.ts";
import { CLUSTER_TEMPLATE, makeTemplate, templateIsCurrent } from "../db/cluster.ts";

/**
 * Run by `npm run build`: makes the empty, migrated cluster every new embedded database starts as a copy of
 * (db/cluster.ts), unless the one there was made by this PGlite from these migrations.
 */
async function main() {
  if (templateIsCurrent(CLUSTER_TEMPLATE, migrationsFolder)) return;
  await makeTemplate(CLUSTER_TEMPLATE, migrationsFolder, async (dataDir) => {
    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
  });
}

main().catch((err) => {
  console.error(`could not make the embedded database's empty cluster: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
