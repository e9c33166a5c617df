import { useState } from "react";
import type { AccessLevelDto, AccessOverviewDto } from "../../../../common/equipment-access.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { LoadError } from "../../../components/LoadError.tsx";
import { api } from "../../../lib/api.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { ACCESS_API, itemByTag, useAccessLevels, useCertifications, useEquipmentChange, useKits } from "../api.ts";

type Draft = { id?: string; name: string; courseIds: string[]; certificationIds: string[] };
const EMPTY: Draft = { name: "", courseIds: [], certificationIds: [] };
const toggled = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/** The office's access levels: who each is granted to, and which gear needs it. */
export function Levels() {
  const overview = useAccessLevels();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [deleting, setDeleting] = useState<AccessLevelDto | null>(null);
  useLeaveGuard(draft.name.trim() !== "" && !draft.id, "the access level you were adding");
  const save = useEquipmentChange(
    (d: Draft) =>
      api<AccessOverviewDto>(d.id ? `${ACCESS_API}/${d.id}` : ACCESS_API, {
        method: d.id ? "PUT" : "POST",
        json: { name: d.name, courseIds: d.courseIds, certificationIds: d.certificationIds },
      }),
    {
      success: (_r, d) => [d.id ? "Access level saved" : "Access level added", d.name],
      failure: "Access level not saved",
      onSuccess: () => setDraft(EMPTY),
    },
  );
  const remove = useEquipmentChange((l: AccessLevelDto) => api(`${ACCESS_API}/${l.id}`, { method: "DELETE" }), {
    success: (_r, l) => ["Access level deleted", `The gear that needed “${l.name}” is open to everyone.`],
    failure: "Access level not deleted",
    onSuccess: () => setDeleting(null),
  });
  if (overview.isError)
    return <LoadError what="The access levels" error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="levels-heading" className="flex flex-col gap-3">
        <h2 id="levels-heading" className="text-lg font-semibold">
          Access levels
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Gear with a level is booked only by students actively enrolled on one of its courses or holding one of its
          certifications. Staff, the office and admins book everything.
        </p>
        <ul className="flex flex-col gap-2">
          {(data?.levels ?? []).map((l) => (
            <li
              key={l.id}
              className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{l.name}</p>
                  <p className="text-sm">{l.reason}</p>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {l.itemCount} item{l.itemCount === 1 ? "" : "s"}, {l.kitCount} kit{l.kitCount === 1 ? "" : "s"}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    aria-label={`Edit the level ${l.name}`}
                    onClick={() =>
                      setDraft({
                        id: l.id,
                        name: l.name,
                        courseIds: l.courses.map((c) => c.id),
                        certificationIds: l.certifications.map((c) => c.id),
                      })
                    }
                  >
                    Edit
                  </Button>
                  <Button variant="ghost" aria-label={`Delete the level ${l.name}`} onClick={() => setDeleting(l)}>
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
          {data?.levels.length === 0 && <li className="text-sm">No levels yet: all gear is open to everyone.</li>}
        </ul>
        {data && <LevelForm data={data} draft={draft} setDraft={setDraft} busy={save.isPending} onSave={save.mutate} />}
      </section>
      {data && <GearLevels data={data} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete this access level?"
        confirmLabel="Delete level"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        The gear that needs “{deleting?.name}” becomes open to everyone; existing reservations stay.
      </ConfirmDialog>
    </div>
  );
}

function LevelForm(props: {
  data: AccessOverviewDto;
  draft: Draft;
  setDraft: (d: Draft) => void;
  busy: boolean;
  onSave: (d: Draft) => void;
}) {
  const { data, draft, setDraft } = props;
  const certs = useCertifications();
  return (
    <Card>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSave(draft);
        }}
      >
        <h3 className="font-semibold">{draft.id ? `Edit “${draft.name}”` : "New access level"}</h3>
        <Field
          label="Level name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          hint="Such as Intermediate or Thesis"
          required
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Granted by an active enrolment on</legend>
          <div className="flex max-h-48 flex-col gap-2 overflow-y-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
            {data.courses.map((c) => (
              <Checkbox
                key={c.id}
                label={`${c.code} ${c.title}`}
                description={c.term}
                checked={draft.courseIds.includes(c.id)}
                onChange={(e) => setDraft({ ...draft, courseIds: toggled(draft.courseIds, c.id, e.target.checked) })}
              />
            ))}
            {data.courses.length === 0 && <p className="text-sm">The school has no courses yet.</p>}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Or by holding</legend>
          {(certs.data ?? []).map((c) => (
            <Checkbox
              key={c.id}
              label={`The ${c.name} certification`}
              checked={draft.certificationIds.includes(c.id)}
              onChange={(e) =>
                setDraft({ ...draft, certificationIds: toggled(draft.certificationIds, c.id, e.target.checked) })
              }
            />
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={props.busy}>
            {draft.id ? "Save level" : "Add level"}
          </Button>
          {draft.id && (
            <Button variant="secondary" onClick={() => setDraft(EMPTY)}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

/** Which items and kits need a level, and setting one by asset tag or kit. */
function GearLevels({ data }: { data: AccessOverviewDto }) {
  const kits = useKits();
  const [tag, setTag] = useState("");
  const [kitId, setKitId] = useState("");
  const [levelId, setLevelId] = useState("");
  const nameOf = (id: string) => data.levels.find((l) => l.id === id)?.name ?? "";
  const assign = useEquipmentChange(
    async (v: { tag: string; kitId: string; levelId: string }) => {
      const path = v.kitId
        ? `${ACCESS_API}/kits/${v.kitId}`
        : `${ACCESS_API}/items/${await itemByTag(v.tag).then((i) => {
            if (!i) throw new Error(`No item carries the tag ${v.tag}.`);
            return i.id;
          })}`;
      return api<AccessOverviewDto>(path, { method: "PUT", json: { levelId: v.levelId || null } });
    },
    {
      success: (_r, v) => [
        "Level set",
        `${v.kitId ? (kits.data?.find((k) => k.id === v.kitId)?.name ?? "The kit") : v.tag} ${v.levelId ? `needs “${nameOf(v.levelId)}”` : "is open to everyone"}.`,
      ],
      failure: "Level not set",
      onSuccess: () => (setTag(""), setKitId("")),
    },
  );
  const levelOptions = [
    { value: "", label: "None: open to everyone" },
    ...data.levels.map((l) => ({ value: l.id, label: l.name })),
  ];
  return (
    <section aria-labelledby="gear-levels-heading" className="flex flex-col gap-3">
      <h2 id="gear-levels-heading" className="text-lg font-semibold">
        Gear with a level
      </h2>
      <Card>
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            assign.mutate({ tag: tag.trim().toUpperCase(), kitId, levelId });
          }}
        >
          <Field
            label="Item's asset tag"
            value={tag}
            onChange={(e) => (setTag(e.target.value), setKitId(""))}
            autoCapitalize="characters"
            hint="Or choose a kit"
          />
          <Select
            label="Kit"
            value={kitId}
            onChange={(e) => (setKitId(e.target.value), setTag(""))}
            options={[
              { value: "", label: "No kit" },
              ...(kits.data ?? []).map((k) => ({ value: k.id, label: k.name })),
            ]}
          />
          <Select label="Level" value={levelId} onChange={(e) => setLevelId(e.target.value)} options={levelOptions} />
          <div className="flex items-end">
            <Button type="submit" className="w-full" disabled={!tag.trim() && !kitId} busy={assign.isPending}>
              Set level
            </Button>
          </div>
        </form>
      </Card>
      <ul aria-label="Gear with a level" className="flex flex-col gap-1 text-sm">
        {data.kits.map((k) => (
          <li key={k.id}>
            Kit {k.name}: <span className="font-medium">{nameOf(k.levelId)}</span>
          </li>
        ))}
        {data.items.map((i) => (
          <li key={i.id}>
            <span className="font-mono">{i.assetTag}</span> {i.name}:{" "}
            <span className="font-medium">{nameOf(i.levelId)}</span>
          </li>
        ))}
        {data.items.length + data.kits.length === 0 && <li>All gear is open to everyone.</li>}
      </ul>
    </section>
  );
}
