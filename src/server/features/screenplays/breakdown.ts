/**
 * The breakdown of a screenplay: elements tagged per scene, the element lists across the script, and
 * safety flags suggested from the text that people confirm (adding a greenlight item to the project)
 * or dismiss. Scenes are named by their locked numbers, so tags survive edits of the script.
 */
import { isUuid } from "../../../common/ids.ts";
import { and, asc, eq } from "drizzle-orm";
import {
  elementCreateInput,
  type BreakdownDetail,
  type BreakdownElement,
  type BreakdownScene,
  type ElementCreateInput,
  type ElementList,
  type SafetyFlag,
} from "../../../common/breakdown-api.ts";
import {
  BREAKDOWN_CATEGORIES,
  CATEGORY_LABELS,
  SAFETY_KINDS,
  safetyItemLabel,
  scenesOf,
  suggestSafetyFlags,
  type BreakdownCategory,
  type SafetyKind,
} from "../../../common/screenplay/breakdown.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { numberScenes, scenesLocked } from "../../../common/screenplay/numbering.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { breakdownElements, safetyFlags, screenplays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { getHazardKinds } from "../safety/index.ts";
import * as repo from "./repository.ts";
import { accessTo, readable } from "./reading.ts";

type S = Pick<Services, "db" | "events">;

/** The greenlight item of a confirmed flag: one per screenplay, scene and kind. */
export const safetyItemKey = (screenplayId: string, sceneNumber: string, kind: string) =>
  `safety:${screenplayId}:${sceneNumber}:${kind}`;

interface Script {
  scenes: {
    number: string;
    heading: string;
    characters: string[];
    text: string;
    omitted: boolean;
    provisional: boolean;
  }[];
  locked: boolean;
}

/** The script's scenes as the breakdown sees them; locked numbers no longer in the text come back as OMITTED. */
function scriptScenes(sp: repo.ScreenplayRow): Script {
  const locked = sp.lockedScenes ?? null;
  const parsed = parseFountain(sp.body);
  const live = scenesOf(parsed, locked);
  const { omitted, provisional } = numberScenes(
    parsed.elements.filter((e) => e.type === "scene_heading"),
    locked,
  );
  const scenes: Script["scenes"] = [];
  for (let k = 0; k <= live.length; k++) {
    for (const o of omitted)
      if (o.before === k)
        scenes.push({
          number: o.number,
          heading: "OMITTED",
          characters: [],
          text: "",
          omitted: true,
          provisional: false,
        });
    const s = live[k];
    if (s)
      scenes.push({
        number: s.number,
        heading: s.heading,
        characters: s.characters,
        text: s.text,
        omitted: false,
        provisional: provisional.includes(s.number),
      });
  }
  return { scenes, locked: scenesLocked({ lockedScenes: locked, scenesUnlocked: sp.scenesUnlocked }) };
}

export async function getBreakdown(s: Pick<S, "db">, opts: { caller: Caller; id: string }): Promise<BreakdownDetail> {
  const { sp, access } = await readable(s, opts.caller, opts.id);
  const [header, elements, decisions, hazardKinds] = await Promise.all([
    repo.selectHeader(s.db, sp),
    s.db
      .select()
      .from(breakdownElements)
      .where(eq(breakdownElements.screenplayId, sp.id))
      .orderBy(asc(breakdownElements.createdAt), asc(breakdownElements.id)),
    s.db.select().from(safetyFlags).where(eq(safetyFlags.screenplayId, sp.id)),
    getHazardKinds(s.db),
  ]);
  const script = scriptScenes(sp);
  const known = new Set(script.scenes.map((sc) => sc.number));
  const toElement = (e: (typeof elements)[number]): BreakdownElement => ({
    id: e.id,
    sceneNumber: e.sceneNumber,
    category: e.category as BreakdownCategory,
    name: e.name,
    createdByName: e.createdByName,
  });
  // Tags on a number the script no longer knows (a script unlocked before unlocking kept its numbers) are still shown.
  const orphans = [...new Set(elements.map((e) => e.sceneNumber).filter((n) => !known.has(n)))];
  const scenes: BreakdownScene[] = [
    ...script.scenes,
    ...orphans.map((n) => ({
      number: n,
      heading: "NOT IN THE SCRIPT",
      characters: [],
      text: "",
      omitted: true,
      provisional: false,
    })),
  ]
    .map((sc) => ({ ...sc, elements: elements.filter((e) => e.sceneNumber === sc.number).map(toElement) }))
    .filter((sc) => !sc.omitted || sc.elements.length > 0);

  const order = new Map(scenes.map((sc, i) => [sc.number, i]));
  const lists: ElementList[] = BREAKDOWN_CATEGORIES.map((category) => {
    const byName = new Map<string, { name: string; scenes: string[] }>();
    for (const e of elements) {
      if (e.category !== category) continue;
      const key = e.name.toLowerCase();
      const item = byName.get(key) ?? { name: e.name, scenes: [] };
      if (!item.scenes.includes(e.sceneNumber)) item.scenes.push(e.sceneNumber);
      byName.set(key, item);
    }
    const items = [...byName.values()].map((i) => ({
      ...i,
      scenes: i.scenes.sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9)),
    }));
    return { category, items: items.sort((a, b) => b.scenes.length - a.scenes.length || a.name.localeCompare(b.name)) };
  }).filter((l) => l.items.length > 0);

  const decided = new Map(decisions.map((d) => [`${d.sceneNumber} ${d.kind}`, d]));
  const kindLabels = new Map(hazardKinds.map((k) => [k.key, k.label]));
  const flagOf = (
    f: { sceneNumber: string; kind: string; evidence: string },
    d: (typeof decisions)[number] | undefined,
  ): SafetyFlag => {
    const kindLabel = kindLabels.get(f.kind) ?? f.kind;
    return {
      sceneNumber: f.sceneNumber,
      kind: f.kind,
      kindLabel,
      byHand: d?.byHand ?? false,
      evidence: f.evidence,
      status: d?.status ?? "suggested",
      decidedByName: d?.decidedByName ?? null,
      greenlightLabel: d?.status === "confirmed" ? safetyItemLabel(f.kind, f.sceneNumber, kindLabel) : null,
    };
  };
  const suggested = suggestSafetyFlags(script.scenes.filter((sc) => !sc.omitted));
  const flags: SafetyFlag[] = suggested.map((f) => {
    const d = decided.get(`${f.sceneNumber} ${f.kind}`);
    decided.delete(`${f.sceneNumber} ${f.kind}`);
    return flagOf(f, d);
  });
  // A decision whose words have since left the script stays on record (a confirmed plan is still needed until
  // someone dismisses it), as does a flag set by hand.
  for (const d of decided.values()) flags.push(flagOf({ ...d, evidence: "" }, d));
  const kindOrder = (k: string) => {
    const i = SAFETY_KINDS.indexOf(k as SafetyKind);
    return i < 0 ? SAFETY_KINDS.length : i;
  };
  flags.sort(
    (a, b) =>
      (order.get(a.sceneNumber) ?? 1e9) - (order.get(b.sceneNumber) ?? 1e9) ||
      kindOrder(a.kind) - kindOrder(b.kind) ||
      a.kind.localeCompare(b.kind),
  );

  return {
    screenplayId: sp.id,
    title: sp.title,
    project: header.project ? { id: header.project.id, title: header.project.title } : null,
    locked: script.locked,
    scenes,
    lists,
    flags,
    canEdit: access.edit,
  };
}

export async function publishChanged(
  s: Pick<S, "events">,
  sp: { id: string; projectId: string | null },
  projectChanged = false,
) {
  const invalidate = [["breakdown", sp.id]];
  if (projectChanged && sp.projectId)
    invalidate.push(
      ["project", sp.projectId],
      ["projects"],
      ["projects-documentary"],
      ["overview"],
      ["safety", sp.projectId],
      ["schedule", sp.projectId],
    );
  await s.events.publish({ type: "breakdown.changed", invalidate, data: { id: sp.id } });
}

/**
 * The one path of every breakdown change: the screenplay row is locked, the caller's right to edit
 * checked, and the scene must be one of the locked script's.
 */
export async function change<T>(
  s: S,
  opts: { caller: Caller; id: string; sceneNumber: string },
  work: (c: { tx: Tx; sp: repo.ScreenplayRow; script: Script }) => Promise<T>,
) {
  if (!isUuid(opts.id)) throw new AppError("not_found", "There is no screenplay with this id.");
  return s.db.transaction(async (tx) => {
    const sp = await repo.selectScreenplay(tx, opts.id, { lock: true });
    if (!sp) throw new AppError("not_found", "There is no screenplay with this id.");
    const access = await accessTo(tx, opts.caller, sp);
    if (!access.read) throw new AppError("not_found", "There is no screenplay with this id.");
    if (!access.edit)
      throw new AppError("forbidden", "Only the writer, the project's crew and staff can change this breakdown.");
    if (!scenesLocked({ lockedScenes: sp.lockedScenes ?? null, scenesUnlocked: sp.scenesUnlocked }))
      throw new AppError(
        "conflict",
        "Lock the scene numbers first: the breakdown keeps its elements by locked scene number, so they stay with their scenes as the script changes.",
      );
    const script = scriptScenes(sp);
    const scene = script.scenes.find((sc) => sc.number === opts.sceneNumber);
    if (!scene) throw new AppError("bad_request", `There is no scene ${opts.sceneNumber} in this script.`);
    if (scene.provisional)
      throw new AppError(
        "conflict",
        `Scene ${opts.sceneNumber} was added after the numbers were locked. Lock the scene numbers again to write its number into the script, then tag it: until then its number can still change.`,
      );
    return { sp, result: await work({ tx, sp, script }) };
  });
}

export async function addElement(
  s: S,
  opts: { caller: Caller; id: string; input: ElementCreateInput },
): Promise<BreakdownDetail> {
  const input = elementCreateInput.parse(opts.input);
  const { sp } = await change(s, { ...opts, sceneNumber: input.sceneNumber }, async ({ tx, sp }) => {
    const [row] = await tx
      .insert(breakdownElements)
      .values({
        screenplayId: sp.id,
        sceneNumber: input.sceneNumber,
        category: input.category,
        name: input.name,
        createdBy: opts.caller.id,
        createdByName: opts.caller.name,
      })
      .onConflictDoNothing()
      .returning({ id: breakdownElements.id });
    if (!row)
      throw new AppError(
        "conflict",
        `“${input.name}” is already tagged as ${CATEGORY_LABELS[input.category].toLowerCase()} in scene ${input.sceneNumber}.`,
      );
    await tx.update(screenplays).set({ updatedAt: new Date() }).where(eq(screenplays.id, sp.id));
  });
  await publishChanged(s, sp);
  return getBreakdown(s, opts);
}

export async function removeElement(
  s: S,
  opts: { caller: Caller; id: string; elementId: string },
): Promise<BreakdownDetail> {
  if (!isUuid(opts.id)) throw new AppError("not_found", "There is no screenplay with this id.");
  const sp = await s.db.transaction(async (tx) => {
    const sp = await repo.selectScreenplay(tx, opts.id, { lock: true });
    if (!sp) throw new AppError("not_found", "There is no screenplay with this id.");
    const access = await accessTo(tx, opts.caller, sp);
    if (!access.read) throw new AppError("not_found", "There is no screenplay with this id.");
    if (!access.edit)
      throw new AppError("forbidden", "Only the writer, the project's crew and staff can change this breakdown.");
    const removed = isUuid(opts.elementId)
      ? await tx
          .delete(breakdownElements)
          .where(and(eq(breakdownElements.id, opts.elementId), eq(breakdownElements.screenplayId, sp.id)))
          .returning({ id: breakdownElements.id })
      : [];
    if (removed.length === 0) throw new AppError("not_found", "There is no such element in this breakdown.");
    return sp;
  });
  await publishChanged(s, sp);
  return getBreakdown(s, opts);
}
