/**
 * The greenlight's insurance item: ticked while every certificate the project asked for is issued. A request
 * that ended without a certificate (declined, not endorsed, withdrawn) asks for nothing any more: the crew asks
 * again for what it still needs, and that new request counts. With no request at all nothing is ticked, since a
 * production that needs no certificate is the course's to say (its checklist leaves the item out).
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { insuranceRequests } from "../../db/schema/index.ts";
import { feedGreenlight } from "../projects/greenlight.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function insuranceState(db: DbOrTx, projectId: string): Promise<{ done: boolean; note: string }> {
  const rows = await db
    .select({ status: insuranceRequests.status, n: sql<number>`count(*)::int` })
    .from(insuranceRequests)
    .where(eq(insuranceRequests.projectId, projectId))
    .groupBy(insuranceRequests.status);
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  const issued = count("answered");
  const endorsing = count("awaiting_endorsement");
  const office = count("requested");
  if (issued + endorsing + office === 0) return { done: false, note: "No certificate of insurance asked for yet." };
  const waiting = [
    office && `${plural(office, "request", "requests")} with the insurance office`,
    endorsing && `${plural(endorsing, "request", "requests")} waiting for a teacher's endorsement`,
  ].filter(Boolean);
  const got = `${plural(issued, "certificate", "certificates")} issued`;
  return waiting.length === 0
    ? { done: true, note: `${got}.` }
    : { done: false, note: `${got}; ${waiting.join(", ")}.` };
}

/** Brings the project's insurance items up to date, inside the transaction that changed one of its requests. */
export async function syncInsuranceGreenlight(tx: DbOrTx, projectId: string) {
  const { done, note } = await insuranceState(tx, projectId);
  await feedGreenlight(tx, { projectId, source: "insurance", done, note });
}
