import { sql } from "drizzle-orm";
import type { GreenlightItem } from "../../../common/projects.ts";
import type { DbOrTx } from "../../db/client.ts";
import { projectGreenlight } from "../../db/schema/index.ts";
import { getSchoolSettings } from "../school/service.ts";

/** The school's greenlight checklist, as the admins configured it (school settings fill in the defaults). */
export async function getGreenlightItems(db: DbOrTx): Promise<GreenlightItem[]> {
  return (await getSchoolSettings(db)).greenlightItems;
}

/**
 * How a feature (budgets, releases, documents) ticks or unticks the checklist items it feeds, in its own
 * transaction. Nobody is named as the ticker: the feature's own record says who did what.
 */
export async function feedGreenlight(tx: DbOrTx, opts: { projectId: string; source: Exclude<GreenlightItem["source"], "manual">; done: boolean; note?: string }) {
  const keys = (await getGreenlightItems(tx)).filter((i) => i.source === opts.source).map((i) => i.key);
  for (const itemKey of keys) {
    const values = { done: opts.done, note: opts.note ?? null, doneBy: null, doneAt: opts.done ? new Date() : null };
    await tx
      .insert(projectGreenlight)
      .values({ projectId: opts.projectId, itemKey, ...values })
      .onConflictDoUpdate({ target: [projectGreenlight.projectId, projectGreenlight.itemKey], set: { ...values, doneAt: opts.done ? sql`now()` : null } });
  }
}
