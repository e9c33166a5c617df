import {
  DELIVERY_RULE_LABELS,
  DELIVERY_RULES,
  TITLE_HAS_MAX,
  type DeliveryItem,
  type DeliveryRule,
} from "../../../common/delivery-items.ts";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "../../../common/documents.ts";
import { ChecklistEditor } from "../../components/ChecklistEditor.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";

const ruleOptions = DELIVERY_RULES.map((r) => ({ value: r, label: DELIVERY_RULE_LABELS[r] }));
const categoryOptions = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));

/**
 * A delivery checklist's items and how each ticks: a course's own list, and the school's in the school settings
 * (which passes `idPrefix` so a validation message finds its field, and asks before an item goes).
 */
export function DeliveryItemsEditor(props: {
  items: DeliveryItem[];
  onChange(items: DeliveryItem[]): void;
  idPrefix?: string;
  addId: string;
  school?: boolean;
}) {
  const id = (i: number, what: string) => (props.idPrefix ? `${props.idPrefix}-${i}-${what}` : undefined);
  return (
    <ChecklistEditor
      items={props.items}
      onChange={props.onChange}
      listLabel="Delivery checklist"
      itemLabel={(i) => `Delivery item ${i + 1}`}
      idPrefix={props.idPrefix}
      gridClassName="grid grid-cols-1 gap-3 md:grid-cols-[1fr_12rem]"
      reorder={props.school}
      confirmRemove={
        props.school
          ? "Courses that follow the school's list no longer deliver it once you save the school settings; ticks on their projects stay."
          : undefined
      }
      addButton={props.school ? "Add Delivery Item" : undefined}
      add={{
        id: props.addId,
        label: "New delivery item",
        placeholder: "e.g. E&O insurance",
        make: (key, label): DeliveryItem => ({ key, label, rule: "manual", category: null, titleHas: null }),
      }}
      fields={(r, update, i) => (
        <Select
          id={id(i, "rule")}
          label="Ticked by"
          aria-label={`How “${r.label}” is ticked`}
          value={r.rule}
          options={ruleOptions}
          onChange={(e) => {
            const rule = e.target.value as DeliveryRule;
            update(rule === "documents" ? { rule, category: r.category ?? "delivery" } : { rule });
          }}
        />
      )}
      below={(r, update, i) =>
        r.rule === "documents" && (
          <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
            <Select
              id={id(i, "category")}
              label="Category"
              aria-label={`Category of “${r.label}”`}
              value={r.category ?? "delivery"}
              options={categoryOptions}
              onChange={(e) => update({ category: e.target.value as DocumentCategory })}
            />
            <Field
              id={id(i, "titleHas")}
              label="Title contains (optional)"
              aria-label={`Words in the title for “${r.label}”`}
              maxLength={TITLE_HAS_MAX}
              value={r.titleHas ?? ""}
              onChange={(e) => update({ titleHas: e.target.value || null })}
            />
          </div>
        )
      }
    />
  );
}
