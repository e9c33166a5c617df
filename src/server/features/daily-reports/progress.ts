/** Pages shot against planned, per production, for the overview's cards: one grouped query over the reports. */
import { count, inArray, sql } from "drizzle-orm";
import type { ShootProgress } from "../../../common/daily-reports.ts";
import type { DbOrTx } from "../../db/client.ts";
import { dailyReports } from "../../db/schema/index.ts";

export async function shootProgress(db: DbOrTx, projectIds: string[]): Promise<Map<string, ShootProgress>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({
      projectId: dailyReports.projectId,
      shot: sql<number>`coalesce(sum(${dailyReports.shotEighths}), 0)::int`,
      planned: sql<number>`coalesce(sum(${dailyReports.plannedEighths}), 0)::int`,
      reports: count(),
    })
    .from(dailyReports)
    .where(inArray(dailyReports.projectId, projectIds))
    .groupBy(dailyReports.projectId);
  return new Map(
    rows.map((r) => [
      r.projectId,
      { shotEighths: Number(r.shot), plannedEighths: Number(r.planned), reports: Number(r.reports) },
    ]),
  );
}
