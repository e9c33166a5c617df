import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { GreenlightItem } from "../../../common/projects.ts";
import {
  GREENLIGHT_ITEMS_MAX,
  GREENLIGHT_LABEL_MAX,
  GREENLIGHT_SOURCE_LABELS,
  GREENLIGHT_SOURCES,
  GREENLIGHT_TICKER_LABELS,
  GREENLIGHT_TICKERS,
  greenlightItemSchema,
  uniqueKey,
} from "../../../common/school.ts";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { AddItemField } from "../../components/ui/AddItemField.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";

const sourceOptions = GREENLIGHT_SOURCES.map((s) => ({ value: s, label: GREENLIGHT_SOURCE_LABELS[s] }));
const tickerOptions = GREENLIGHT_TICKERS.map((t) => ({ value: t, label: GREENLIGHT_TICKER_LABELS[t] }));

/** Field ids follow the path of the setting, so a validation message can put the cursor in its field. */
export const greenlightFieldId = (index: number, field: keyof GreenlightItem) =>
  `school-greenlightItems-${index}-${field}`;

/** The school's greenlight checklist: rename, reorder with buttons (keyboard and touch alike), add, remove. */
export function GreenlightEditor({
  items,
  onChange,
}: {
  items: GreenlightItem[];
  onChange(items: GreenlightItem[]): void;
}) {
  const [newLabel, setNewLabel] = useState("");
  const [removing, setRemoving] = useState<number | null>(null);
  useLeaveGuard(newLabel.trim() !== "", `the greenlight item “${newLabel.trim()}” you were adding`);

  const update = (i: number, patch: Partial<GreenlightItem>) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
    // The buttons of the moved item keep the focus, so it can be moved again with the same key.
    requestAnimationFrame(() => document.getElementById(`greenlight-${by < 0 ? "up" : "down"}-${i + by}`)?.focus());
  };
  const add = () => {
    const item: GreenlightItem = {
      key: uniqueKey(
        newLabel,
        items.map((i) => i.key),
      ),
      label: newLabel.trim(),
      source: "manual",
      tickedBy: "staff",
    };
    const parsed = greenlightItemSchema.safeParse(item);
    if (!parsed.success) {
      toast.error("Item not added", { description: parsed.error.issues[0]?.message });
      document.getElementById("greenlight-new")?.focus();
      return;
    }
    if (items.length >= GREENLIGHT_ITEMS_MAX) {
      toast.error("Item not added", {
        description: `The greenlight checklist may hold at most ${GREENLIGHT_ITEMS_MAX} items.`,
      });
      return;
    }
    onChange([...items, parsed.data]);
    setNewLabel("");
  };

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {items.map((item, i) => (
          <li key={item.key} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
            <div className="grid gap-3 md:grid-cols-[1fr_11rem_11rem]">
              <Field
                id={greenlightFieldId(i, "label")}
                label={`Item ${i + 1}`}
                maxLength={GREENLIGHT_LABEL_MAX}
                value={item.label}
                onChange={(e) => update(i, { label: e.target.value })}
              />
              <Select
                id={greenlightFieldId(i, "source")}
                label="Ticked from"
                value={item.source}
                options={sourceOptions}
                onChange={(e) => update(i, { source: e.target.value as GreenlightItem["source"] })}
              />
              <Select
                id={greenlightFieldId(i, "tickedBy")}
                label="Who ticks it"
                value={item.tickedBy}
                options={tickerOptions}
                onChange={(e) => update(i, { tickedBy: e.target.value as GreenlightItem["tickedBy"] })}
              />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-1">
              <Button
                id={`greenlight-up-${i}`}
                variant="ghost"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`Move “${item.label}” up`}
              >
                <ArrowUp aria-hidden className="size-4" />
                Up
              </Button>
              <Button
                id={`greenlight-down-${i}`}
                variant="ghost"
                disabled={i === items.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Move “${item.label}” down`}
              >
                <ArrowDown aria-hidden className="size-4" />
                Down
              </Button>
              <Button
                variant="ghost"
                disabled={items.length === 1}
                onClick={() => setRemoving(i)}
                aria-label={`Remove “${item.label}”`}
                className="ml-auto"
              >
                <Trash2 aria-hidden className="size-4" />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {/* Not a form of its own: the checklist sits inside the school settings' form, and forms do not nest. */}
      <AddItemField
        id="greenlight-new"
        label="New checklist item"
        maxLength={GREENLIGHT_LABEL_MAX}
        placeholder="e.g. Health and safety briefing"
        value={newLabel}
        onChange={setNewLabel}
        onAdd={add}
        full={items.length >= GREENLIGHT_ITEMS_MAX}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removing !== null ? items[removing]?.label : ""}”?`}
        confirmLabel="Remove Item"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) onChange(items.filter((_, j) => j !== removing));
          setRemoving(null);
        }}
      >
        Productions no longer need it for their greenlight once you save the school settings.
      </ConfirmDialog>
    </div>
  );
}
