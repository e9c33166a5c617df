import { useState } from "react";
import { type KitDto } from "../../../../common/equipment.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { api } from "../../../lib/api.ts";
import { Select } from "../../../components/ui/Select.tsx";
import type { AccessOverviewDto } from "../../../../common/equipment-access.ts";
import { ACCESS_API, EQUIPMENT_API, itemByTag, post, useAccessLevels, useEquipmentChange, useKits } from "../api.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";

export function Kits() {
  const kits = useKits();
  const [name, setName] = useState("");
  const [tags, setTags] = useState("");
  const [levelId, setLevelId] = useState("");
  const access = useAccessLevels();
  const levelOf = (kitId: string) => access.data?.kits.find((k) => k.id === kitId)?.levelId ?? "";
  const levelOptions = [
    { value: "", label: "None" },
    ...(access.data?.levels ?? []).map((l) => ({ value: l.id, label: l.name })),
  ];
  // An existing kit's level through the Access levels tab's own endpoint: the Kits tab has no edit form.
  const setLevel = useEquipmentChange(
    (v: { kit: KitDto; levelId: string }) =>
      api<AccessOverviewDto>(`${ACCESS_API}/kits/${v.kit.id}`, { method: "PUT", json: { levelId: v.levelId || null } }),
    {
      success: (_r, v) => [
        "Level set",
        `${v.kit.name} ${v.levelId ? `needs “${levelOptions.find((o) => o.value === v.levelId)?.label}”` : "is open to everyone"}.`,
      ],
      failure: "Level not set",
    },
  );
  const [deleting, setDeleting] = useState<KitDto | null>(null);
  useLeaveGuard(name.trim() !== "" || tags.trim() !== "", "the kit you were adding");
  const create = useEquipmentChange(
    async () => {
      // The office thinks in asset tags; the API takes item ids.
      const wanted = tags
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((t) => t.toUpperCase());
      const found = await Promise.all(wanted.map(itemByTag));
      const unknown = wanted.filter((_, i) => !found[i]);
      if (unknown.length) throw new Error(`No item carries the tag ${unknown.join(", ")}.`);
      return post<KitDto[]>("/kits", { name, itemIds: found.map((f) => f!.id), accessLevelId: levelId || null });
    },
    {
      success: () => ["Kit added", name],
      failure: "Kit not added",
      onSuccess: () => (setName(""), setTags(""), setLevelId("")),
    },
  );
  const remove = useEquipmentChange((k: KitDto) => api(`${EQUIPMENT_API}/kits/${k.id}`, { method: "DELETE" }), {
    success: (_r, k) => ["Kit deleted", `${k.name}; its items stay in the inventory.`],
    failure: "Kit not deleted",
    onSuccess: () => setDeleting(null),
  });
  return (
    <div className="flex flex-col gap-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(undefined);
        }}
      >
        <Field label="Kit name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Field
          label="Asset tags of its items"
          className="min-w-64 flex-1"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          hint="Separated by spaces or commas"
          required
        />
        <Select
          label="Access level"
          value={levelId}
          onChange={(e) => setLevelId(e.target.value)}
          options={[
            { value: "", label: "None" },
            ...(access.data?.levels ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
        />
        <Button type="submit" busy={create.isPending}>
          Add kit
        </Button>
      </form>
      <ul className="grid gap-2 sm:grid-cols-2">
        {(kits.data ?? []).map((k) => (
          <li
            key={k.id}
            className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium">{k.name}</p>
              <Button variant="ghost" onClick={() => setDeleting(k)} aria-label={`Delete the kit ${k.name}`}>
                Delete
              </Button>
            </div>
            {access.data && (
              <Select
                label={`Access level of ${k.name}`}
                hideLabel
                className="my-2"
                value={levelOf(k.id)}
                disabled={setLevel.isPending}
                onChange={(e) => setLevel.mutate({ kit: k, levelId: e.target.value })}
                options={levelOptions.map((o) => ({ ...o, label: `Access level: ${o.label}` }))}
              />
            )}
            <ul className="text-sm">
              {k.items.map((i) => (
                <li key={i.id}>
                  <span className="font-mono">{i.assetTag}</span> {i.name}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        title="Delete this kit?"
        confirmLabel="Delete kit"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        “{deleting?.name}” is no longer offered as a kit; its items stay in the inventory and existing reservations keep
        them.
      </ConfirmDialog>
    </div>
  );
}
