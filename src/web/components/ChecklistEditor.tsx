import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { checklistLabelSchema, GREENLIGHT_ITEMS_MAX, GREENLIGHT_LABEL_MAX, uniqueKey } from "../../common/checklist.ts";
import { useLeaveGuard } from "../lib/useLeaveGuard.ts";
import { AddItemField } from "./ui/AddItemField.tsx";
import { Button } from "./ui/Button.tsx";
import { ConfirmDialog } from "./ui/ConfirmDialog.tsx";
import { Field } from "./ui/Field.tsx";
import { moved } from "../lib/moved.ts";

type Item = { key: string; label: string };

/**
 * One editor for every checklist the school and the courses keep (greenlight and delivery): each item's label and
 * the fields of its kind, reordering with buttons (keyboard and touch alike) where the order is the school's to
 * set, removing, and adding an item under a key no other item holds. It is never a form of its own: the school
 * settings hold two of them inside their one form, and forms do not nest; a course's editor wraps it in its own.
 */
export function ChecklistEditor<T extends Item>(props: {
  items: T[];
  onChange(items: T[]): void;
  /** The list's accessible name ("Course checklist"). */
  listLabel?: string;
  /** The label field's name for the item at `i` ("Item 1"). */
  itemLabel(i: number): string;
  /** Field ids start with it, so a validation message can put the cursor in its field. */
  idPrefix?: string;
  /** The grid the label shares with the kind's own fields, and the label's place in it. */
  gridClassName: string;
  labelClassName?: string;
  /** The kind's own fields beside the label; `update` changes this item. */
  fields(item: T, update: (patch: Partial<T>) => void, i: number): ReactNode;
  /** Anything below the grid, e.g. fields only some items have. */
  below?(item: T, update: (patch: Partial<T>) => void, i: number): ReactNode;
  /** What the item says beside its buttons (a deadline read back). */
  note?(item: T, i: number): ReactNode;
  reorder?: boolean;
  /** Asks before removing, with this explanation; without it an item goes at once (the list is saved later). */
  confirmRemove?: ReactNode;
  add: { id?: string; label: string; placeholder: string; takenKeys?: string[]; make(key: string, label: string): T };
  /** The add button's name, where two lists sit on one page. */
  addButton?: string;
}) {
  const { items, onChange } = props;
  const [newLabel, setNewLabel] = useState("");
  const [removing, setRemoving] = useState<number | null>(null);
  useLeaveGuard(newLabel.trim() !== "", `the checklist item “${newLabel.trim()}” you were adding`);
  const id = (i: number, what: string) => (props.idPrefix ? `${props.idPrefix}-${i}-${what}` : undefined);

  const update = (i: number) => (patch: Partial<T>) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: -1 | 1) => {
    onChange(moved(items, i, by));
    // The buttons of the moved item keep the focus, so it can be moved again with the same key.
    requestAnimationFrame(() =>
      document.getElementById(`${props.idPrefix}-${by < 0 ? "up" : "down"}-${i + by}`)?.focus(),
    );
  };
  const add = () => {
    const label = checklistLabelSchema.safeParse(newLabel);
    if (!label.success) {
      toast.error("Item not added", { description: label.error.issues[0]?.message });
      if (props.add.id) document.getElementById(props.add.id)?.focus();
      return;
    }
    if (items.length >= GREENLIGHT_ITEMS_MAX) {
      toast.error("Item not added", { description: `A checklist may hold at most ${GREENLIGHT_ITEMS_MAX} items.` });
      return;
    }
    const key = uniqueKey(label.data, [...items.map((i) => i.key), ...(props.add.takenKeys ?? [])]);
    onChange([...items, props.add.make(key, label.data)]);
    setNewLabel("");
  };
  const remove = (i: number) => onChange(items.filter((_, j) => j !== i));

  return (
    <div className="flex flex-col gap-3">
      <ol aria-label={props.listLabel} className="flex flex-col gap-3">
        {items.map((item, i) => (
          <li key={item.key} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
            <div className={props.gridClassName}>
              <Field
                id={id(i, "label")}
                className={props.labelClassName}
                label={props.itemLabel(i)}
                maxLength={GREENLIGHT_LABEL_MAX}
                value={item.label}
                onChange={(e) => update(i)({ label: e.target.value } as Partial<T>)}
              />
              {props.fields(item, update(i), i)}
            </div>
            {props.below?.(item, update(i), i)}
            <div className="mt-2 flex flex-wrap items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
              {props.note && <span className="mr-2">{props.note(item, i)}</span>}
              {props.reorder && (
                <>
                  <Button
                    id={`${props.idPrefix}-up-${i}`}
                    variant="ghost"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move “${item.label}” up`}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                    Up
                  </Button>
                  <Button
                    id={`${props.idPrefix}-down-${i}`}
                    variant="ghost"
                    disabled={i === items.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move “${item.label}” down`}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                    Down
                  </Button>
                </>
              )}
              <Button
                variant="ghost"
                disabled={items.length === 1}
                onClick={() => (props.confirmRemove ? setRemoving(i) : remove(i))}
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
      <AddItemField
        id={props.add.id}
        label={props.add.label}
        button={props.addButton}
        maxLength={GREENLIGHT_LABEL_MAX}
        placeholder={props.add.placeholder}
        value={newLabel}
        onChange={setNewLabel}
        onAdd={add}
        full={items.length >= GREENLIGHT_ITEMS_MAX}
      />
      {props.confirmRemove && (
        <ConfirmDialog
          open={removing !== null}
          title={`Remove “${removing !== null ? items[removing]?.label : ""}”?`}
          confirmLabel="Remove Item"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            if (removing !== null) remove(removing);
            setRemoving(null);
          }}
        >
          {props.confirmRemove}
        </ConfirmDialog>
      )}
    </div>
  );
}
