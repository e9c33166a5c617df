// The catalogue by model: units of one brand and model counted together, with how many are free for a range.
import { count } from "drizzle-orm";
import {
  modelDayRateInput,
  modelListQuery,
  modelName,
  type ModelDayRateInput,
  type ModelDto,
  type ModelListQuery,
  type Page,
} from "../../../common/equipment.ts";
import type { Caller } from "../../auth/caller.ts";
import { equipmentItems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./repository/index.ts";
import { range } from "./catalogue.ts";
import { publish, requireOffice, type S } from "./shared.ts";

export async function listModels(s: Pick<S, "db">, opts: { query: ModelListQuery }): Promise<Page<ModelDto>> {
  const q = modelListQuery.parse(opts.query);
  const { from, to } = range(q.from, q.to);
  const page = await repo.selectModelPage(s.db, { from, to, search: q.search, limit: q.limit, offset: q.offset });
  return {
    total: page.total,
    items: page.rows.map((r) => ({
      brand: r.brand,
      model: r.model,
      name: modelName(r),
      photoUrl: r.photoUrl,
      units: r.units,
      free: r.free,
    })),
  };
}

/**
 * One rental day rate for every unit of a model, set from the office's view by model: the same rule as the item
 * form's "The same day rate for every unit of this model".
 */
export async function setModelRate(
  s: Pick<S, "db" | "events">,
  opts: { caller: Caller; input: ModelDayRateInput },
): Promise<{ name: string; units: number; dayRateMinor: number | null }> {
  requireOffice(opts.caller);
  const input = modelDayRateInput.parse(opts.input);
  const units = await s.db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(equipmentItems).where(repo.sameModel(input));
    if (!row?.n)
      throw new AppError("not_found", `No unit of ${modelName(input)} is in the inventory: check the brand and model.`);
    await repo.setModelDayRate(tx, input, input.dayRateMinor);
    return row.n;
  });
  await publish(s);
  return { name: modelName(input), units, dayRateMinor: input.dayRateMinor };
}
