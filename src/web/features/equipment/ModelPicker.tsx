import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import type { ModelDto, ModelQuantity } from "../../../common/equipment.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { useModels } from "./api.ts";
import { Thumbnail } from "./shared.tsx";

const PAGE = 8;

export type ModelChoice = ModelQuantity & { name: string };

/** The query of one page of models: the catalogue page waits for the first before it draws (EquipmentPage). */
export function modelsQuery(from: string, to: string, search: string, page = 0): URLSearchParams {
  const qs = new URLSearchParams({ from, to, limit: String(PAGE), offset: String(page * PAGE) });
  if (search.trim()) qs.set("search", search.trim());
  return qs;
}

/**
 * The catalogue by model for the chosen dates: each model with a photo, its units and how many are free then, and
 * a number to book ("2 × Sachtler Flowtech 75"); the desk picks the units when it hands them out.
 */
export function ModelPicker({
  from,
  to,
  enabled,
  search,
  chosen,
  onChange,
}: {
  from: string;
  to: string;
  enabled: boolean;
  search: string;
  chosen: Map<string, ModelChoice>;
  onChange(name: string, choice: ModelChoice | null): void;
}) {
  const [page, setPage] = useState(0);
  const list = useModels(modelsQuery(from, to, search, page), enabled);
  const set = (m: ModelDto, quantity: number) =>
    onChange(m.name, quantity > 0 ? { brand: m.brand, model: m.model, name: m.name, quantity } : null);
  return (
    <section aria-labelledby="models-heading" className="flex flex-col gap-2">
      <h2 id="models-heading" className="text-lg font-semibold">
        By model
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Ask for a number of a model; the desk gives you free units of it when you collect.
      </p>
      {list.isError && <LoadError what="The models" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.items.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No model matches.</p>}
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Models">
        {(list.data?.items ?? []).map((m) => {
          const n = chosen.get(m.name)?.quantity ?? 0;
          return (
            <li
              key={m.name}
              className="flex min-w-0 items-center gap-3 rounded-lg border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <Thumbnail url={m.photoUrl} name={m.name} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{m.name}</p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {m.free} free of {m.units}
                </p>
              </div>
              <div className="flex items-center gap-1">
                <Button
                  variant="secondary"
                  disabled={n === 0}
                  onClick={() => set(m, n - 1)}
                  aria-label={`One fewer ${m.name}`}
                >
                  <Minus aria-hidden className="size-4" />
                </Button>
                <output className="w-6 text-center font-medium" aria-label={`${m.name} to book`}>
                  {n}
                </output>
                <Button
                  variant="secondary"
                  disabled={n >= m.free}
                  onClick={() => set(m, n + 1)}
                  aria-label={`One more ${m.name}`}
                >
                  <Plus aria-hidden className="size-4" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Pagination page={page} pageSize={PAGE} total={list.data?.total ?? 0} onPage={setPage} label="Model pages" />
    </section>
  );
}
