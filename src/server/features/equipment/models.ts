// The catalogue by model: units of one brand and model counted together, with how many are free for a range.
import { modelListQuery, modelName, type ModelDto, type ModelListQuery, type Page } from "../../../common/equipment.ts";
import * as repo from "./repository/index.ts";
import { range } from "./catalogue.ts";
import type { S } from "./shared.ts";

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
