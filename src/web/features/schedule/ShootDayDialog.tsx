import { useState, type FormEvent } from "react";
import type { ShootDayDto } from "../../../common/schedule.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { TimeField } from "../../components/ui/TimeInput.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { hospitalLine } from "../../../common/locations.ts";
import { useLocationLibrary, useSaveLocation } from "../locations/api.ts";
import { useCreateDay, useUpdateDay } from "./api.ts";
import { useSaveShortcut } from "../../lib/useLeaveGuard.ts";

/** Adds a shoot day or edits one (with the version it was loaded at, so a later edit by someone else is told). */
export function ShootDayDialog({
  projectId,
  day,
  onClose,
}: {
  projectId: string;
  day: ShootDayDto | null;
  onClose(): void;
}) {
  const create = useCreateDay(projectId);
  const update = useUpdateDay(projectId);
  const [initial] = useState(() => ({
    date: day?.date ?? "",
    location: day?.location ?? "",
    address: day?.address ?? "",
    generalCall: day?.generalCall ?? "08:00",
    wrap: day?.wrap ?? "",
    meal: day?.meal ?? "",
    notes: day?.notes ?? "",
    weather: day?.weather ?? "",
    hospital: day?.hospital ?? "",
    locationId: day?.locationId ?? "",
  }));
  const library = useLocationLibrary();
  const addToLibrary = useSaveLocation();
  const [share, setShare] = useState(false);
  const [form, setForm] = useState(initial);
  const onSaveKey = useSaveShortcut();
  const busy = create.isPending || update.isPending;
  const error = (create.error ?? update.error)?.message;
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  // Picking a library place fills the fields the way the server will; they stay editable.
  const pick = (locationId: string) => {
    const l = library.data?.locations.find((x) => x.id === locationId);
    setForm((f) =>
      l
        ? {
            ...f,
            locationId,
            location: l.name,
            address: l.address,
            hospital: l.hospital ? hospitalLine(l.hospital) : f.hospital,
          }
        : { ...f, locationId: "" },
    );
  };
  const done = () => {
    // A place found by this production, offered to the ones after it.
    if (share && !form.locationId && form.location.trim().length >= 2)
      addToLibrary.mutate({ input: { name: form.location, address: form.address, projectId } });
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...form, locationId: form.locationId || null };
    if (day) update.mutate({ dayId: day.id, input: { ...input, version: day.version } }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };

  return (
    <Dialog
      open
      title={day ? `Edit day ${day.number}` : "Add a shoot day"}
      onClose={() => !busy && onClose()}
      unsaved={
        JSON.stringify(form) !== JSON.stringify(initial) &&
        (day ? `your changes to day ${day.number}` : "the shoot day you were adding")
      }
      wide
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} className="grid gap-3 sm:grid-cols-2">
        <Field label="Date" type="date" required value={form.date} onChange={set("date")} />
        <TimeField
          label="General call"
          required
          value={form.generalCall}
          onChange={(v) => setForm((f) => ({ ...f, generalCall: v }))}
          hint="When the crew is called; people with another call get theirs on the call sheet."
        />
        <TimeField
          label="Estimated wrap (optional)"
          value={form.wrap}
          onChange={(v) => setForm((f) => ({ ...f, wrap: v }))}
          hint="A wrap at or before the call is the next morning: 01:00 after a 16:00 call. Checked against 12-hour days and 10-hour turnarounds."
        />
        <TimeField
          label="Meal (optional)"
          value={form.meal}
          onChange={(v) => setForm((f) => ({ ...f, meal: v }))}
          hint="The crew's meal; more than 6 hours after someone's call is a warning."
        />
        <Select
          label="From the location library"
          className="sm:col-span-2"
          value={form.locationId}
          onChange={(e) => pick(e.target.value)}
          options={[
            { value: "", label: "Not from the library" },
            ...(library.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
        />
        <Field label="Location" value={form.location} onChange={set("location")} maxLength={300} />
        <Field label="Address" value={form.address} onChange={set("address")} maxLength={300} />
        <Field label="Weather (optional)" value={form.weather} onChange={set("weather")} maxLength={300} />
        <Field label="Nearest hospital (optional)" value={form.hospital} onChange={set("hospital")} maxLength={300} />
        <Textarea label="Notes" className="sm:col-span-2" value={form.notes} onChange={set("notes")} maxLength={4000} />
        {!form.locationId && (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />
            Add this place to the school's location library, for later productions
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {day ? "Save shoot day" : "Add shoot day"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
