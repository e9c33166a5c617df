import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { itemCreateInput, type CategoryDto, type ItemDetailDto } from "../../../../common/equipment.ts";
import { CONDITIONS, CONDITION_LABELS, type Condition } from "../../../../common/equipment-states.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { NumberField } from "../../../components/ui/NumberField.tsx";
import { formatNumber, parseNumberInput } from "../../../../common/number-input.ts";
import { type SchoolSettings } from "../../../../common/school.ts";
import { currencyMinorDigits } from "../../../../common/money.ts";
import { useSchoolSettings } from "../../../lib/number-input.ts";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api } from "../../../lib/api.ts";
import { firstProblem } from "../../../lib/first-problem.ts";
import { itemPath } from "../api.ts";
import { PHOTO_ACCEPT, Thumbnail } from "../shared.tsx";
import {
  post,
  removeItemPhoto,
  uploadPhoto,
  useAccessLevels,
  useCategories,
  useCertifications,
  useEquipmentChange,
} from "../api.ts";
import { useSaveShortcut } from "../../../lib/useLeaveGuard.ts";
import { readDayRate } from "../../../../common/day-rate.ts";

const emptyItem = {
  categoryId: "",
  name: "",
  brand: "",
  model: "",
  serialNumber: "",
  assetTag: "",
  value: "",
  /** The rental day rate as typed; empty: none. */
  dayRate: "",
  /** The rate goes to every unit of the brand and model. */
  dayRateForModel: false,
  condition: "good" as Condition,
  location: "",
  notes: "",
  certificationId: "",
  /** The level chosen here; null until the select is touched, so an edit keeps the level the item has. */
  accessLevelId: null as string | null,
};

/** New item, or an existing one's fields (`item`); its value is typed in the school's currency, so the form waits for the school's settings. */
export function ItemDialog(props: { open: boolean; onClose(): void; item?: ItemDetailDto }) {
  const school = useSchoolSettings();
  return school ? <ItemForm {...props} school={school} /> : null;
}

function ItemForm({
  open,
  onClose,
  item,
  school,
}: {
  open: boolean;
  onClose(): void;
  item?: ItemDetailDto;
  school: SchoolSettings;
}) {
  const digits = currencyMinorDigits(school.currency);
  const [draft, setDraft] = useState(() =>
    item
      ? {
          ...emptyItem,
          ...item,
          categoryId: item.category.id,
          value: formatNumber(item.valueMinor, digits, school.numberFormat),
          dayRate: item.dayRateMinor === null ? "" : formatNumber(item.dayRateMinor, digits, school.numberFormat),
          dayRateForModel: false,
          certificationId: item.certification?.id ?? "",
        }
      : emptyItem,
  );
  const value = parseNumberInput(draft.value, { digits, format: school.numberFormat });
  const dayRate = readDayRate(draft.dayRate, digits, school.numberFormat);
  const categories = useCategories();
  const certs = useCertifications();
  const access = useAccessLevels();
  // The item's own level, as the Access levels tab lists it (a kit's level is the kit's, set in the Kits tab).
  const currentLevel = (item && access.data?.items.find((i) => i.id === item.id)?.levelId) || "";
  const [newCategory, setNewCategory] = useState("");
  const [initialDraft] = useState(draft);
  const onSaveKey = useSaveShortcut();
  const payload = () => ({
    categoryId: draft.categoryId,
    name: draft.name,
    brand: draft.brand,
    model: draft.model,
    serialNumber: draft.serialNumber,
    assetTag: draft.assetTag,
    valueMinor: value.ok ? value.value : 0,
    dayRateMinor: dayRate.ok ? dayRate.value : null,
    dayRateForModel: draft.dayRateForModel,
    condition: draft.condition,
    location: draft.location,
    notes: draft.notes,
    certificationId: draft.certificationId || null,
    ...(draft.accessLevelId === null ? {} : { accessLevelId: draft.accessLevelId || null }),
  });
  const save = useEquipmentChange(
    () =>
      item
        ? api<ItemDetailDto>(itemPath(item.id), { method: "PATCH", json: payload() })
        : post<ItemDetailDto>("/items", payload()),
    {
      success: (r) => [item ? "Item saved" : "Item added", `${r.name} (${r.assetTag})`],
      failure: item ? "Item not saved" : "Item not added",
      onSuccess: () => {
        if (!item) setDraft(emptyItem);
        onClose();
      },
    },
  );
  const addCategory = useEquipmentChange((name: string) => post<CategoryDto>("/categories", { name }), {
    success: (c) => ["Category added", c.name],
    failure: "Category not added",
    onSuccess: (c) => (setDraft((d) => ({ ...d, categoryId: c.id })), setNewCategory("")),
  });
  const set = (k: keyof typeof emptyItem) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.ok && value.problem !== "empty")
      return void toast.error(item ? "Item not saved" : "Item not added", {
        description: `The value: ${value.message}`,
      });
    if (!dayRate.ok)
      return void toast.error(item ? "Item not saved" : "Item not added", { description: dayRate.message });
    const problem = firstProblem(itemCreateInput, payload());
    if (problem) return void toast.error(item ? "Item not saved" : "Item not added", { description: problem.message });
    save.mutate(undefined);
  };
  // Closed is discarded, by Cancel as by Escape (which asks first when something was typed).
  const discard = () => (setDraft(initialDraft), onClose());
  return (
    <Dialog
      open={open}
      title={item ? `Edit ${item.name}` : "New item"}
      onClose={discard}
      unsaved={
        JSON.stringify(draft) !== JSON.stringify(initialDraft) &&
        (item ? `your changes to ${item.name}` : "the item you were adding")
      }
      wide
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" required value={draft.name} onChange={set("name")} />
        <Field label="Asset tag" required value={draft.assetTag} onChange={set("assetTag")} hint="Like NFS-CAM-0012" />
        <Select
          label="Category"
          value={draft.categoryId}
          onChange={set("categoryId")}
          options={[
            { value: "", label: "Choose a category" },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <div className="flex items-end gap-2">
          <Field
            label="Or a new category"
            className="flex-1"
            value={newCategory}
            onChange={(e) => setNewCategory(e.target.value)}
          />
          <Button
            variant="secondary"
            disabled={newCategory.trim().length < 2}
            onClick={() => addCategory.mutate(newCategory.trim())}
          >
            Add
          </Button>
        </div>
        <Field label="Brand" value={draft.brand} onChange={set("brand")} />
        <Field label="Model" value={draft.model} onChange={set("model")} />
        <Field label="Serial number" value={draft.serialNumber} onChange={set("serialNumber")} />
        <NumberField
          label={`Value (${school.currency})`}
          value={draft.value}
          onChange={(v) => setDraft((d) => ({ ...d, value: v }))}
          digits={digits}
          format={school.numberFormat}
          hint="Replacement value in the school's currency"
        />
        <NumberField
          label={`Rental day rate (${school.currency})`}
          value={draft.dayRate}
          onChange={(v) => setDraft((d) => ({ ...d, dayRate: v }))}
          digits={digits}
          format={school.numberFormat}
          hint="What a production's budget pays per day reserved; empty: no rate"
        />
        <label className="flex min-h-10 items-center gap-2 self-end text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={draft.dayRateForModel}
            disabled={!draft.model.trim()}
            onChange={(e) => setDraft((d) => ({ ...d, dayRateForModel: e.target.checked }))}
          />
          The same day rate for every unit of this model
        </label>
        <Select
          label="Condition"
          value={draft.condition}
          onChange={set("condition")}
          options={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
        />
        <Field label="Storage location" value={draft.location} onChange={set("location")} />
        <Select
          label="Certification needed"
          value={draft.certificationId}
          onChange={set("certificationId")}
          options={[{ value: "", label: "None" }, ...(certs.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
        <Select
          label="Access level"
          value={draft.accessLevelId ?? currentLevel}
          onChange={set("accessLevelId")}
          options={[
            { value: "", label: "None" },
            ...(access.data?.levels ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
        />
        <Textarea label="Notes" className="sm:col-span-2" value={draft.notes} onChange={set("notes")} />
        {item && <ItemPhoto item={item} />}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={discard}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {item ? "Save item" : "Add item"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Upload, replace or remove the item's photo; each change is saved at once, apart from the form. */
function ItemPhoto({ item }: { item: ItemDetailDto }) {
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(item.photoUrl);
  const upload = useEquipmentChange((file: File) => uploadPhoto<ItemDetailDto>(`items/${item.id}`, file), {
    success: () => ["Photo saved", item.name],
    failure: "Photo not saved",
    onSuccess: (r) => setUrl(r.photoUrl),
  });
  const remove = useEquipmentChange(() => removeItemPhoto(item.id), {
    success: () => ["Photo removed", item.name],
    failure: "Photo not removed",
    onSuccess: (r) => setUrl(r.photoUrl),
  });
  return (
    <fieldset className="flex items-center gap-3 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">Photo</legend>
      <Thumbnail url={url} name={item.name} size="h-20 w-20" />
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        aria-label={`Photo of ${item.name}`}
        onChange={(e) => (e.target.files?.[0] && upload.mutate(e.target.files[0]), (e.target.value = ""))}
      />
      <Button variant="secondary" busy={upload.isPending} onClick={() => input.current?.click()}>
        {url ? "Replace photo" : "Upload photo"}
      </Button>
      {url && (
        <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate(undefined)}>
          Remove photo
        </Button>
      )}
      <span className="text-xs text-zinc-600 dark:text-zinc-400">PNG, JPEG or WebP</span>
    </fieldset>
  );
}
