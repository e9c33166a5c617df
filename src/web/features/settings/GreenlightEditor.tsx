import type { GreenlightItem } from "../../../common/projects.ts";
import {
  GREENLIGHT_SOURCE_LABELS,
  GREENLIGHT_SOURCES,
  GREENLIGHT_TICKER_LABELS,
  GREENLIGHT_TICKERS,
} from "../../../common/school.ts";
import { ChecklistEditor } from "../../components/ChecklistEditor.tsx";
import { Select } from "../../components/ui/Select.tsx";

const sourceOptions = GREENLIGHT_SOURCES.map((s) => ({ value: s, label: GREENLIGHT_SOURCE_LABELS[s] }));
const tickerOptions = GREENLIGHT_TICKERS.map((t) => ({ value: t, label: GREENLIGHT_TICKER_LABELS[t] }));

/** Field ids follow the path of the setting, so a validation message can put the cursor in its field. */
export const greenlightFieldId = (index: number, field: keyof GreenlightItem) =>
  `school-greenlightItems-${index}-${field}`;

/** The school's greenlight checklist: rename, reorder, add, remove; saved with the school settings. */
export function GreenlightEditor({
  items,
  onChange,
}: {
  items: GreenlightItem[];
  onChange(items: GreenlightItem[]): void;
}) {
  return (
    <ChecklistEditor
      items={items}
      onChange={onChange}
      itemLabel={(i) => `Item ${i + 1}`}
      idPrefix="school-greenlightItems"
      gridClassName="grid gap-3 md:grid-cols-[1fr_11rem_11rem]"
      reorder
      confirmRemove="Productions no longer need it for their greenlight once you save the school settings."
      add={{
        id: "greenlight-new",
        label: "New checklist item",
        placeholder: "e.g. Health and safety briefing",
        make: (key, label): GreenlightItem => ({ key, label, source: "manual", tickedBy: "staff" }),
      }}
      fields={(item, update, i) => (
        <>
          <Select
            id={greenlightFieldId(i, "source")}
            label="Ticked from"
            value={item.source}
            options={sourceOptions}
            onChange={(e) => update({ source: e.target.value as GreenlightItem["source"] })}
          />
          <Select
            id={greenlightFieldId(i, "tickedBy")}
            label="Who ticks it"
            value={item.tickedBy}
            options={tickerOptions}
            onChange={(e) => update({ tickedBy: e.target.value as GreenlightItem["tickedBy"] })}
          />
        </>
      )}
    />
  );
}
