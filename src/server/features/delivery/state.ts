import { and, eq, sql } from "drizzle-orm";
import {
  deliverySignOffInput,
  deliveryTickInput,
  documentCounts,
  documentsWhy,
  type DeliveryItem,
  type DeliveryItemState,
  type DeliverySignOffInput,
  type DeliveryTickInput,
  type ProjectDeliveryDto,
} from "../../../common/delivery.ts";
import { PHASE_LABELS, PHASES } from "../../../common/projects.ts";
import { isStaff, type Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { projectDeliverySignoffs, projectDeliveryTicks } from "../../db/schema/index.ts";
import { keys } from "../../../common/query-keys.ts";
import { AppError } from "../../lib/errors.ts";
import { releasesState } from "../documents/index.ts";
import { projectFor } from "../projects/access.ts";
import { changePhase, recordActivity } from "../projects/index.ts";
import { deliveryItemsOf, type S } from "./checklist.ts";

/**
 * The production office signs a delivery off: the project's supervisor and the course's teachers are staff (the
 * courses and projects features insist), so "staff and admins" is the one rule, and the same as the phase's.
 */
export const maySignOff = (caller: Pick<Caller, "role">) => isStaff(caller.role);

/**
 * A permit counts as signed when a signature request for it completed, or when none was ever sent: then it is the
 * issuing office's own copy, uploaded as it came. One sent and not (yet) completed leaves it open.
 */
async function permitsState(db: DbOrTx, projectId: string): Promise<{ done: boolean; why: string }> {
  const { rows } = await db.execute<{ title: string; sent: boolean; signed: boolean }>(sql`
    select d.title,
           exists (select 1 from signature_submissions s where s.document_id = d.id) as sent,
           exists (select 1 from signature_submissions s where s.document_id = d.id and s.status = 'completed') as signed
    from documents d
    where d.project_id = ${projectId} and d.deleted_at is null and d.category = 'permits'
    order by d.title`);
  if (rows.length === 0) return { done: true, why: "No permits on file, so none to sign." };
  const open = rows.filter((r) => r.sent && !r.signed).map((r) => r.title);
  const signed = rows.length - open.length;
  return open.length === 0
    ? { done: true, why: `${signed} of ${rows.length} permit${rows.length === 1 ? "" : "s"} signed.` }
    : { done: false, why: `${signed} of ${rows.length} permits signed; waiting for ${open.join(", ")}.` };
}

/**
 * Picture lock: a version of one of the project's cuts approved as picture lock by the supervisor (issue 21).
 * Read from the versions themselves, so a later "changes requested" on that version opens the item again.
 */
async function pictureLockState(db: DbOrTx, projectId: string): Promise<{ done: boolean; why: string }> {
  const { rows } = await db.execute<{ title: string; number: number; by: string | null; at: string | Date }>(sql`
    select c.title, v.number, v.decided_by_name as by, v.decided_at as at
    from cut_versions v join cuts c on c.id = v.cut_id
    where c.project_id = ${projectId} and v.decision = 'approved' and v.picture_lock
    order by v.decided_at desc limit 1`);
  const [r] = rows;
  if (!r) return { done: false, why: "No cut is approved as picture lock yet." };
  const day = new Date(r.at).toISOString().slice(0, 10);
  return {
    done: true,
    why: `${r.title} v${r.number} approved as picture lock by ${r.by ?? "the supervisor"} on ${day}.`,
  };
}

/** Each item of the project's checklist, done or not and why, read from what the portal holds now. */
export async function deliveryState(db: DbOrTx, projectId: string) {
  const { items, fromCourse } = await deliveryItemsOf(db, projectId);
  const has = (rule: DeliveryItem["rule"]) => items.some((i) => i.rule === rule);
  const [docs, releases, permits, lock, ticks] = await Promise.all([
    has("documents")
      ? db.execute<{ title: string; category: string }>(
          sql`select title, category::text as category from documents
              where project_id = ${projectId} and deleted_at is null order by title`,
        )
      : null,
    has("releases") ? releasesState(db, projectId) : null,
    has("permits") ? permitsState(db, projectId) : null,
    has("picture_lock") ? pictureLockState(db, projectId) : null,
    db.select().from(projectDeliveryTicks).where(eq(projectDeliveryTicks.projectId, projectId)),
  ]);
  const states: DeliveryItemState[] = items.map((item) => {
    const none = { doneByName: null, doneAt: null, note: null };
    switch (item.rule) {
      case "documents": {
        const titles = (docs?.rows ?? []).filter((d) => documentCounts(item, d)).map((d) => d.title);
        return { ...item, ...none, done: titles.length > 0, why: documentsWhy(item, titles) };
      }
      case "releases":
        return { ...item, ...none, done: releases!.done, why: releases!.note };
      case "permits":
        return { ...item, ...none, done: permits!.done, why: permits!.why };
      case "picture_lock":
        return { ...item, ...none, done: lock!.done, why: lock!.why };
      case "manual": {
        const tick = ticks.find((t) => t.itemKey === item.key);
        return tick
          ? {
              ...item,
              done: true,
              why: `Ticked by ${tick.doneByName}${tick.note ? `: ${tick.note}` : ""}`,
              doneByName: tick.doneByName,
              doneAt: tick.doneAt.toISOString(),
              note: tick.note,
            }
          : { ...item, ...none, done: false, why: "Not ticked yet." };
      }
    }
  });
  const [signOff] = await db
    .select()
    .from(projectDeliverySignoffs)
    .where(eq(projectDeliverySignoffs.projectId, projectId));
  return { items: states, fromCourse, complete: states.every((i) => i.done), signOff: signOff ?? null };
}

export async function getDelivery(
  s: Pick<S, "db">,
  opts: { caller: Caller; projectId: string },
): Promise<ProjectDeliveryDto> {
  // The items name documents and releases, which only the crew, staff and admins see (documents' rule).
  const access = await projectFor(s.db, opts.caller, opts.projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can see its delivery.",
  });
  const state = await deliveryState(s.db, opts.projectId);
  return {
    projectId: opts.projectId,
    fromCourse: state.fromCourse,
    items: state.items,
    complete: state.complete,
    signOff: state.signOff
      ? { byName: state.signOff.signedByName, at: state.signOff.signedAt.toISOString(), note: state.signOff.note }
      : null,
    canEdit: access.canEdit,
    canSignOff: maySignOff(opts.caller),
  };
}

async function publishDeliveryChanged(s: Pick<S, "events">, projectId: string) {
  await s.events.publish({
    type: "delivery.changed",
    invalidate: [keys.project(projectId), keys.projects(), keys.overview()],
    data: { projectId },
  });
}

const signedOffAlready = (byName: string, at: Date) =>
  new AppError(
    "conflict",
    `The delivery was signed off by ${byName} on ${at.toISOString().slice(0, 10)}; the checklist is closed.`,
  );

/** Ticks or unticks a hand item; the crew, staff and admins do, until the delivery is signed off. */
export async function tickDeliveryItem(
  s: S,
  opts: { caller: Caller; projectId: string; key: string; input: DeliveryTickInput },
): Promise<ProjectDeliveryDto> {
  const input = deliveryTickInput.parse(opts.input);
  await s.db.transaction(async (tx) => {
    const { project } = await projectFor(tx, opts.caller, opts.projectId, {
      need: "edit",
      lock: true,
      denied: "Only the project's crew, staff and admins can tick its delivery checklist.",
    });
    const { items } = await deliveryItemsOf(tx, project.id);
    const item = items.find((i) => i.key === opts.key);
    if (!item) throw new AppError("not_found", "There is no delivery item with this key on this project's checklist.");
    if (item.rule !== "manual")
      throw new AppError(
        "conflict",
        `“${item.label}” ticks itself from what the portal holds; it cannot be ticked by hand.`,
      );
    const [signOff] = await tx
      .select()
      .from(projectDeliverySignoffs)
      .where(eq(projectDeliverySignoffs.projectId, project.id));
    if (signOff) throw signedOffAlready(signOff.signedByName, signOff.signedAt);
    const where = and(eq(projectDeliveryTicks.projectId, project.id), eq(projectDeliveryTicks.itemKey, item.key));
    if (input.done) {
      const values = {
        note: input.note || null,
        doneBy: opts.caller.id,
        doneByName: opts.caller.name,
        doneAt: new Date(),
      };
      await tx
        .insert(projectDeliveryTicks)
        .values({ projectId: project.id, itemKey: item.key, ...values })
        .onConflictDoUpdate({ target: [projectDeliveryTicks.projectId, projectDeliveryTicks.itemKey], set: values });
    } else await tx.delete(projectDeliveryTicks).where(where);
    await recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: input.done ? "delivery.ticked" : "delivery.unticked",
      summary: `${opts.caller.name} ${input.done ? "ticked" : "unticked"} delivery item “${item.label}”${input.note ? `: ${input.note}` : ""}`,
      details: { key: item.key },
    });
  });
  await publishDeliveryChanged(s, opts.projectId);
  return getDelivery(s, opts);
}

/**
 * The teacher's sign-off: refused while any item is open (naming them), then the production is closed by moving
 * it to its last phase through the projects' own phase change (its record, its notices), and the sign-off kept.
 */
export async function signOffDelivery(
  s: S,
  opts: { caller: Caller; projectId: string; input: DeliverySignOffInput },
): Promise<ProjectDeliveryDto> {
  const input = deliverySignOffInput.parse(opts.input);
  const { project } = await projectFor(s.db, opts.caller, opts.projectId);
  if (!maySignOff(opts.caller))
    throw new AppError(
      "forbidden",
      "Only the project's supervisor, its course's teachers and the production office (staff) can sign off its delivery.",
    );
  if (PHASES.indexOf(project.phase) < PHASES.indexOf("production"))
    throw new AppError(
      "conflict",
      `“${project.title}” is still in ${PHASE_LABELS[project.phase]}: a delivery is signed off once the film is shot, in Production or Post-production.`,
    );
  const state = await deliveryState(s.db, project.id);
  if (state.signOff) throw signedOffAlready(state.signOff.signedByName, state.signOff.signedAt);
  const open = state.items.filter((i) => !i.done);
  if (open.length > 0)
    throw new AppError(
      "conflict",
      `The delivery cannot be signed off while items are open: ${open.map((i) => `${i.label} (${i.why.replace(/\.$/, "")})`).join("; ")}.`,
      { open: open.map((i) => ({ key: i.key, label: i.label, why: i.why })) },
    );
  if (project.phase !== "completed")
    await changePhase(s, {
      caller: opts.caller,
      id: project.id,
      input: { to: "completed", reason: `Delivery signed off${input.note ? `: ${input.note}` : ""}` },
    });
  await s.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectDeliverySignoffs)
      .values({
        projectId: project.id,
        note: input.note || null,
        signedBy: opts.caller.id,
        signedByName: opts.caller.name,
      })
      .onConflictDoNothing()
      .returning();
    // Two sign-offs at once: the first one stands, the second is told so.
    if (!row) throw new AppError("conflict", "The delivery has just been signed off by someone else.");
    await recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "delivery.signed_off",
      summary: `${opts.caller.name} signed off the delivery (${state.items.length} items done)${input.note ? `: ${input.note}` : ""}`,
      details: { items: state.items.map((i) => i.key) },
    });
  });
  await publishDeliveryChanged(s, project.id);
  return getDelivery(s, opts);
}
