import { useState } from "react";
import { BANK_SORT_LABELS, BANK_SORTS, type BankSort } from "../../../common/banners.ts";
import { Select } from "../../components/ui/Select.tsx";

export interface BankView {
  sort: BankSort;
  /** With `sort` "cast": whose scenes come first. */
  character: string;
}

const storageKey = (projectId: string) => `portal.stripboard.bank.${projectId}`;

function stored(projectId: string): BankView {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey(projectId)) ?? "null") as Partial<BankView> | null;
    if (v && BANK_SORTS.includes(v.sort as BankSort))
      return { sort: v.sort as BankSort, character: typeof v.character === "string" ? v.character : "" };
  } catch {
    // A stored view that does not read is forgotten.
  }
  return { sort: "scene", character: "" };
}

/**
 * How the unscheduled strips are sorted and grouped, kept in this browser per project, so a reload shows the
 * same view. A view only: the days' strips keep their order.
 */
export function useBankView(projectId: string): [BankView, (v: BankView) => void] {
  const [view, setView] = useState(() => stored(projectId));
  return [
    view,
    (v) => {
      setView(v);
      try {
        localStorage.setItem(storageKey(projectId), JSON.stringify(v));
      } catch {
        // Private windows may refuse storage; the view still applies until the page closes.
      }
    },
  ];
}

export function BankViewControls({
  view,
  onChange,
  characters,
}: {
  view: BankView;
  onChange(v: BankView): void;
  characters: string[];
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label="Sort unscheduled by"
        value={view.sort}
        onChange={(e) =>
          onChange({
            sort: e.target.value as BankSort,
            character: view.character || (e.target.value === "cast" ? (characters[0] ?? "") : ""),
          })
        }
        options={BANK_SORTS.map((s) => ({ value: s, label: BANK_SORT_LABELS[s] }))}
      />
      {view.sort === "cast" && (
        <Select
          label="Character first"
          value={view.character}
          onChange={(e) => onChange({ ...view, character: e.target.value })}
          options={characters.map((c) => ({ value: c, label: c }))}
        />
      )}
    </div>
  );
}
