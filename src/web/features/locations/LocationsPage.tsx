import { Hospital, MapPin } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { HospitalDto, LocationDto } from "../../../common/locations.ts";
import { mapUrl } from "../../../common/schedule.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import {
  useDeleteHospital,
  useDeleteLocation,
  useLocationLibrary,
  useLocationPhoto,
  useSaveHospital,
  useSaveLocation,
} from "./api.ts";

/** /locations: the school's location library and hospitals, read by every production, kept by staff. */
export default function LocationsPage() {
  const [search, setSearch] = useState("");
  const lib = useLocationLibrary(search.trim());
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Locations and hospitals</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Places the school's productions have shot at, with whom to call and the nearest hospital. A shoot day picked
          from here puts them on its call sheet.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Search by name or address"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="min-w-64 flex-1"
        />
        <Button onClick={() => setAdding(true)} disabled={adding}>
          Add a location
        </Button>
      </div>
      {lib.isPending ? (
        <div role="status" aria-label="Loading the library">
          <Skeleton className="h-64" />
        </div>
      ) : lib.isError ? (
        <LoadError what="The location library" error={lib.error} onRetry={() => void lib.refetch()} />
      ) : (
        <>
          {adding && <LocationForm hospitals={lib.data.hospitals} onDone={() => setAdding(false)} />}
          {lib.data.locations.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No location matches.</p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label="Locations">
              {lib.data.locations.map((l) => (
                <li key={l.id}>
                  <LocationCard location={l} hospitals={lib.data.hospitals} />
                </li>
              ))}
            </ul>
          )}
          <Hospitals hospitals={lib.data.hospitals} canManage={lib.data.canManage} />
        </>
      )}
    </div>
  );
}

function LocationCard({ location: l, hospitals }: { location: LocationDto; hospitals: HospitalDto[] }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteLocation();
  const photo = useLocationPhoto();
  if (editing) return <LocationForm location={l} hospitals={hospitals} onDone={() => setEditing(false)} />;
  return (
    <Card className="flex h-full flex-col gap-3" aria-label={l.name}>
      <div className="flex items-start gap-2">
        <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
        <div>
          <h2 className="font-semibold">{l.name}</h2>
          {l.address && (
            <a
              href={mapUrl(l.address)}
              target="_blank"
              rel="noreferrer"
              className="text-sm underline underline-offset-4"
            >
              {l.address} <span className="sr-only">(map, opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {(l.contactName || l.contactPhone) && (
          <>
            <dt className="font-medium">Contact</dt>
            <dd>{[l.contactName, l.contactPhone].filter(Boolean).join(", ")}</dd>
          </>
        )}
        {l.parking && (
          <>
            <dt className="font-medium">Parking</dt>
            <dd>{l.parking}</dd>
          </>
        )}
        <dt className="font-medium">Nearest hospital</dt>
        <dd>
          {l.hospital ? [l.hospital.name, l.hospital.address, l.hospital.phone].filter(Boolean).join(", ") : "Not set"}
        </dd>
        {l.notes && (
          <>
            <dt className="font-medium">Notes</dt>
            <dd className="whitespace-pre-line">{l.notes}</dd>
          </>
        )}
        <dt className="font-medium">Added by</dt>
        <dd>
          {l.addedByName}
          {l.projectTitle ? ` for “${l.projectTitle}”` : ""}
        </dd>
      </dl>
      {l.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos of ${l.name}`}>
          {l.photos.map((p) => (
            <li key={p.id} className="relative">
              <img src={p.url} alt={p.fileName} className="size-24 rounded-md object-cover" loading="lazy" />
              {l.canEdit && (
                <Button
                  variant="ghost"
                  className="text-xs"
                  onClick={() => photo.mutate({ id: l.id, photoId: p.id })}
                  aria-label={`Remove the photo ${p.fileName}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {l.canEdit && (
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <label className="cursor-pointer text-sm underline underline-offset-4">
            Add a photo
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) photo.mutate({ id: l.id, file });
                e.target.value = "";
              }}
            />
          </label>
          <Button variant="ghost" busy={remove.isPending} onClick={() => remove.mutate(l.id)}>
            Remove from the library
          </Button>
        </div>
      )}
    </Card>
  );
}

function LocationForm({
  location,
  hospitals,
  onDone,
}: {
  location?: LocationDto;
  hospitals: HospitalDto[];
  onDone(): void;
}) {
  const save = useSaveLocation();
  const [initial] = useState(() => ({
    name: location?.name ?? "",
    address: location?.address ?? "",
    contactName: location?.contactName ?? "",
    contactPhone: location?.contactPhone ?? "",
    parking: location?.parking ?? "",
    notes: location?.notes ?? "",
    hospitalId: location?.hospital?.id ?? "",
  }));
  const [form, setForm] = useState(initial);
  useLeaveGuard(JSON.stringify(form) !== JSON.stringify(initial), "the location you were editing");
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: location?.id, input: { ...form, hospitalId: form.hospitalId || null } }, { onSuccess: onDone });
  };
  return (
    <Card>
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2"
        aria-label={location ? `Edit ${location.name}` : "Add a location"}
      >
        <Field label="Name" required value={form.name} onChange={set("name")} maxLength={300} />
        <Field label="Address" value={form.address} onChange={set("address")} maxLength={300} />
        <Field label="Contact's name" value={form.contactName} onChange={set("contactName")} maxLength={300} />
        <Field
          label="Contact's phone"
          type="tel"
          value={form.contactPhone}
          onChange={set("contactPhone")}
          maxLength={40}
        />
        <Select
          label="Nearest hospital"
          value={form.hospitalId}
          onChange={set("hospitalId")}
          options={[{ value: "", label: "None chosen" }, ...hospitals.map((h) => ({ value: h.id, label: h.name }))]}
        />
        <Field label="Parking" value={form.parking} onChange={set("parking")} maxLength={1000} />
        <Textarea label="Notes" className="sm:col-span-2" value={form.notes} onChange={set("notes")} maxLength={4000} />
        {save.error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {save.error.message}
          </p>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" busy={save.isPending}>
            {location ? "Save location" : "Add to the library"}
          </Button>
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

const NO_HOSPITAL = { name: "", address: "", phone: "", emergencyPhone: "" };

function Hospitals({ hospitals, canManage }: { hospitals: HospitalDto[]; canManage: boolean }) {
  const save = useSaveHospital();
  const remove = useDeleteHospital();
  const [form, setForm] = useState(NO_HOSPITAL);
  useLeaveGuard(JSON.stringify(form) !== JSON.stringify(NO_HOSPITAL), "the hospital you were adding");
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <section aria-labelledby="hospitals-heading" className="flex flex-col gap-3">
      <h2 id="hospitals-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Hospital aria-hidden className="size-5" /> Hospitals
      </h2>
      {hospitals.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No hospital listed yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Hospitals">
          {hospitals.map((h) => (
            <li key={h.id}>
              <Card className="flex flex-col gap-1 text-sm">
                <span className="font-semibold">{h.name}</span>
                {h.address && <span>{h.address}</span>}
                {h.phone && <span>Phone {h.phone}</span>}
                {h.emergencyPhone && <span>Emergency {h.emergencyPhone}</span>}
                {canManage && (
                  <div>
                    <Button variant="ghost" onClick={() => remove.mutate(h.id)} aria-label={`Remove ${h.name}`}>
                      Remove
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <Card>
          <form
            className="grid gap-3 sm:grid-cols-2"
            aria-label="Add a hospital"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ input: form }, { onSuccess: () => setForm(NO_HOSPITAL) });
            }}
          >
            <Field label="Hospital's name" required value={form.name} onChange={set("name")} maxLength={300} />
            <Field label="Hospital's address" value={form.address} onChange={set("address")} maxLength={300} />
            <Field label="Phone" type="tel" value={form.phone} onChange={set("phone")} maxLength={40} />
            <Field
              label="Emergency number"
              type="tel"
              value={form.emergencyPhone}
              onChange={set("emergencyPhone")}
              maxLength={40}
            />
            <div className="sm:col-span-2">
              <Button type="submit" busy={save.isPending}>
                Add the hospital
              </Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}
