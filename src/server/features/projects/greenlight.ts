import { and, asc, eq, sql } from "drizzle-orm";
import type { GreenlightItem } from "../../../common/projects.ts";
import type { DbOrTx } from "../../db/client.ts";
import { projectGreenlight, projectGreenlightItems } from "../../db/schema/index.ts";
import { getSchoolSettings } from "../school/service.ts";

/** The school's greenlight checklist, as the admins configured it (school settings fill in the defaults). */
export async function getGreenlightItems(db: DbOrTx): Promise<GreenlightItem[]> {
  return (await getSchoolSettings(db)).greenlightItems;
}

/** One project's checklist: the school's items, then the items features added for this project only. */
export async function getProjectGreenlightItems(db: DbOrTx, projectId: string): Promise<GreenlightItem[]> {
  const [school, own] = await Promise.all([
    getGreenlightItems(db),
    db
      .select()
      .from(projectGreenlightItems)
      .where(eq(projectGreenlightItems.projectId, projectId))
      .orderBy(asc(projectGreenlightItems.createdAt), asc(projectGreenlightItems.itemKey)),
  ]);
  return [
    ...school,
    ...own.map((i) => ({ key: i.itemKey, label: i.label, source: "manual" as const, tickedBy: i.tickedBy })),
  ];
}

/** The items of a project's checklist not yet done: what stands between it and a complete greenlight. */
export async function missingGreenlightItems(db: DbOrTx, projectId: string): Promise<GreenlightItem[]> {
  const [items, done] = await Promise.all([
    getProjectGreenlightItems(db, projectId),
    db
      .select({ key: projectGreenlight.itemKey })
      .from(projectGreenlight)
      .where(and(eq(projectGreenlight.projectId, projectId), eq(projectGreenlight.done, true))),
  ]);
  const ticked = new Set(done.map((d) => d.key));
  return items.filter((i) => !ticked.has(i.key));
}

/**
 * How a feature adds an item that only this project needs (a safety plan for a confirmed flag); it is
 * ticked by hand like the school's manual items. Adding it again keeps the one already there.
 */
export async function addProjectGreenlightItem(
  tx: DbOrTx,
  opts: { projectId: string; key: string; label: string; tickedBy: GreenlightItem["tickedBy"] },
) {
  await tx
    .insert(projectGreenlightItems)
    .values({ projectId: opts.projectId, itemKey: opts.key, label: opts.label, tickedBy: opts.tickedBy })
    .onConflictDoNothing();
}

/**
 * How a feature (budgets, releases, documents) ticks or unticks the checklist items it feeds, in its own
 * transaction. Nobody is named as the ticker: the feature's own record says who did what.
 */
export async function feedGreenlight(
  tx: DbOrTx,
  opts: { projectId: string; source: Exclude<GreenlightItem["source"], "manual">; done: boolean; note?: string },
) {
  const keys = (await getGreenlightItems(tx)).filter((i) => i.source === opts.source).map((i) => i.key);
  for (const itemKey of keys) {
    const values = { done: opts.done, note: opts.note ?? null, doneBy: null, doneAt: opts.done ? new Date() : null };
    await tx
      .insert(projectGreenlight)
      .values({ projectId: opts.projectId, itemKey, ...values })
      .onConflictDoUpdate({
        target: [projectGreenlight.projectId, projectGreenlight.itemKey],
        set: { ...values, doneAt: opts.done ? sql`now()` : null },
      });
  }
}
