import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useFormats } from "../../lib/format.ts";
import { lazy, Suspense, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  CONDITIONS,
  CONDITION_LABELS,
  ITEM_STATUSES,
  ITEM_STATUS_LABELS,
  itemCreateInput,
  type AffectedReservationsDetails,
  type CalendarEntryDto,
  type CategoryDto,
  type CertificationDto,
  type Condition,
  type DeskResultDto,
  type EquipmentSummaryDto,
  type ImportReportDto,
  type ItemDetailDto,
  type ItemDto,
  type KitDto,
  type Page,
  type ReservationDto,
  type StrikeDto,
} from "../../../common/equipment.ts";
import type { PersonDto } from "../../../common/users.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { NumberField } from "../../components/ui/NumberField.tsx";
import { formatNumber, parseNumberInput } from "../../../common/number-input.ts";
import { currencyMinorDigits, type SchoolSettings } from "../../../common/school.ts";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { api, errorText } from "../../lib/api.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { mayOpen } from "../../app/pages.ts";
import { firstProblem } from "../projects/shared.tsx";
import { EQUIPMENT_API, PHOTO_ACCEPT, ReservationItems, StateBadge, StatusBadge, Thumbnail, isConflict, post, rangeText, uploadPhoto, useEquipmentChange } from "./shared.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";

const TABS = ["requests", "desk", "inventory", "kits", "people", "calendar"] as const;

/** The equipment office's page: the queue of requests, the desk, the inventory and who is trained on what. */
export default function EquipmentAdminPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? params.get("tab")! : "requests";
  if (!mayOpen("/equipment-admin", user?.role)) {
    return (
      <div>
        <PageHeader title="Equipment Administration" />
        <Card role="alert">
          The equipment administration is for the equipment office. To reserve gear for your production, open{" "}
          <Link to="/equipment" className="underline underline-offset-4">
            the equipment catalogue
          </Link>
          .
        </Card>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Equipment Administration" description="Confirm requests, hand gear out and take it back at the desk, and keep the inventory and certifications up to date." />
      <Summary />
      <Tabs
        label="Equipment administration"
        inAddress
        selected={tab}
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
        tabs={[
          { id: "requests", label: "Requests", content: <Requests /> },
          { id: "desk", label: "Desk", content: <Desk /> },
          { id: "inventory", label: "Inventory", content: <Inventory /> },
          { id: "kits", label: "Kits", content: <Kits /> },
          { id: "people", label: "Certifications & strikes", content: <People /> },
          { id: "calendar", label: "Calendar", content: <Calendar /> },
        ]}
      />
    </div>
  );
}

function Summary() {
  const { data } = useQuery({ queryKey: ["equipment", "summary"], queryFn: () => api<EquipmentSummaryDto>(`${EQUIPMENT_API}/summary`) });
  const tiles = [
    { label: "Requests waiting", value: data?.pending },
    { label: "Out now", value: data?.outNow },
    { label: "Overdue", value: data?.overdue },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t.label}</dt>
          <dd className="text-2xl font-semibold">{t.value ?? "…"}</dd>
        </div>
      ))}
    </dl>
  );
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

function Requests() {
  const fmt = useFormats();
  const [state, setState] = useState("requested");
  const [page, setPage] = useState(0);
  const [rejecting, setRejecting] = useState<ReservationDto | null>(null);
  const [reason, setReason] = useState("");
  const list = useQuery({
    queryKey: ["equipment", "reservations", "queue", state, page],
    queryFn: () => api<Page<ReservationDto>>(`${EQUIPMENT_API}/reservations?${new URLSearchParams({ ...(state === "overdue" ? { overdue: "true" } : state ? { state } : {}), limit: "25", offset: String(page * 25) })}`),
    placeholderData: keepPreviousData,
  });
  const approve = useEquipmentChange((id: string) => post<ReservationDto>(`/reservations/${id}/approve`), {
    success: (r) => ["Reservation approved", `${r.requester.name} is told by e-mail.`],
    failure: "Reservation not approved",
  });
  const reject = useEquipmentChange((v: { id: string; reason: string }) => post<ReservationDto>(`/reservations/${v.id}/reject`, { reason: v.reason }), {
    success: (r) => ["Reservation rejected", `${r.requester.name} is told why.`],
    failure: "Reservation not rejected",
    onSuccess: () => (setRejecting(null), setReason("")),
  });
  return (
    <div className="flex flex-col gap-3">
      <Select
        label="Show"
        className="max-w-xs"
        value={state}
        onChange={(e) => (setState(e.target.value), setPage(0))}
        options={[
          { value: "requested", label: "Waiting for approval" },
          { value: "approved", label: "Approved, to collect" },
          { value: "checked_out", label: "Out now" },
          { value: "overdue", label: "Overdue" },
          { value: "returned", label: "Returned" },
          { value: "", label: "All" },
        ]}
      />
      {list.data?.items.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing here.</p>}
      <ul className="flex flex-col gap-2" aria-label="Reservations">
        {(list.data?.items ?? []).map((r) => (
          <li key={r.id} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">
                  {r.project.title} <span className="font-normal text-zinc-600 dark:text-zinc-400">· {r.requester.name}</span>
                </p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{rangeText(fmt, r.startsAt, r.endsAt)}</p>
              </div>
              <div className="flex items-center gap-2">
                <StateBadge r={r} />
                {r.canDecide && (
                  <>
                    <Button busy={approve.isPending && approve.variables === r.id} onClick={() => approve.mutate(r.id)} aria-label={`Approve the reservation of ${r.requester.name} for ${r.project.title}`}>
                      Approve
                    </Button>
                    <Button variant="secondary" onClick={() => setRejecting(r)} aria-label={`Reject the reservation of ${r.requester.name} for ${r.project.title}`}>
                      Reject
                    </Button>
                  </>
                )}
              </div>
            </div>
            {r.note && <p className="mt-1 text-sm">“{r.note}”</p>}
            <ReservationItems r={r} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={25} total={list.data?.total ?? 0} onPage={setPage} label="Reservation pages" />
      <Dialog open={!!rejecting} title="Reject the reservation" description={rejecting ? `${rejecting.requester.name}, “${rejecting.project.title}”` : undefined} onClose={() => (setRejecting(null), setReason(""))} unsaved={reason.trim() !== "" && "the reason you wrote for rejecting the reservation"}>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (rejecting) reject.mutate({ id: rejecting.id, reason });
          }}
        >
          <Textarea label="Reason for the borrower" required value={reason} onChange={(e) => setReason(e.target.value)} hint="At least 5 characters; the borrower reads it in their e-mail." />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => (setRejecting(null), setReason(""))}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={reject.isPending}>
              Reject reservation
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

// ── The desk ─────────────────────────────────────────────────────────────────────────────────────

// The camera scanner (and the QR decoder it may fetch) loads only when the desk is opened.
const QrScanner = lazy(() => import("./QrScanner.tsx"));

function Desk() {
  const [outTag, setOutTag] = useState("");
  const [inTag, setInTag] = useState("");
  const [condition, setCondition] = useState<Condition>("good");
  const [notes, setNotes] = useState("");
  const [damaged, setDamaged] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  useLeaveGuard(notes.trim() !== "" || photos.length > 0, "the check-in notes and photos");
  const photoInput = useRef<HTMLInputElement>(null);
  const [last, setLast] = useState<string | null>(null);
  const checkOut = useEquipmentChange((assetTag: string) => post<DeskResultDto>("/desk/checkout", { assetTag }), {
    success: (r) => ["Checked out", r.message],
    failure: "Not checked out",
    onSuccess: (r) => (setLast(r.message), setOutTag("")),
  });
  // The check-in is saved first and the photos follow it, so a photo refused (too large, not a picture)
  // is reported on its own and never undoes the return.
  const checkIn = useEquipmentChange(
    async (v: { assetTag: string; condition: Condition; notes: string; damaged: boolean; photos: File[] }) => {
      const result = await post<DeskResultDto>("/desk/checkin", { assetTag: v.assetTag, condition: v.condition, notes: v.notes, damaged: v.damaged });
      const refused: string[] = [];
      for (const file of v.photos) {
        await uploadPhoto(`returns/${encodeURIComponent(v.assetTag)}`, file).catch((err: unknown) => refused.push(`${file.name}: ${errorText(err)}`));
      }
      if (refused.length) toast.error("Photo not kept", { description: refused.join(" ") });
      return { ...result, kept: v.photos.length - refused.length };
    },
    {
      success: (r) => ["Checked in", r.kept ? `${r.message} ${r.kept === 1 ? "1 photo" : `${r.kept} photos`} kept.` : r.message],
      failure: "Not checked in",
      onSuccess: (r) => {
        setLast(r.message);
        setInTag("");
        setNotes("");
        setDamaged(false);
        setCondition("good");
        setPhotos([]);
        if (photoInput.current) photoInput.current.value = "";
      },
    },
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            checkOut.mutate(outTag.trim());
          }}
        >
          <h2 className="text-lg font-semibold">Check out</h2>
          <Field label="Asset tag to check out" value={outTag} onChange={(e) => setOutTag(e.target.value)} autoComplete="off" autoCapitalize="characters" hint="Type the tag, scan the label with a barcode scanner, or use the camera." required />
          <Suspense fallback={null}>
            <QrScanner label="Scan to check out" onTag={setOutTag} />
          </Suspense>
          <Button type="submit" busy={checkOut.isPending}>
            Check out
          </Button>
        </form>
      </Card>
      <Card>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            checkIn.mutate({ assetTag: inTag.trim(), condition, notes, damaged, photos });
          }}
        >
          <h2 className="text-lg font-semibold">Check in</h2>
          <Field label="Asset tag to check in" value={inTag} onChange={(e) => setInTag(e.target.value)} autoComplete="off" autoCapitalize="characters" required />
          <Suspense fallback={null}>
            <QrScanner label="Scan to check in" onTag={setInTag} />
          </Suspense>
          <Select label="Condition" value={condition} onChange={(e) => setCondition(e.target.value as Condition)} options={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))} />
          <Textarea label="Condition notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor="checkin-photos" className="font-medium">
              Condition photos
            </label>
            <input
              id="checkin-photos"
              ref={photoInput}
              type="file"
              accept={PHOTO_ACCEPT}
              capture="environment"
              multiple
              aria-describedby="checkin-photos-hint"
              onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 dark:file:bg-zinc-800"
            />
            <span id="checkin-photos-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
              PNG, JPEG or WebP, up to 6; a phone opens its camera.
            </span>
          </div>
          <Checkbox label="Damaged: send to maintenance" checked={damaged} onChange={(e) => setDamaged(e.target.checked)} />
          <Button type="submit" busy={checkIn.isPending}>
            Check in
          </Button>
        </form>
      </Card>
      {last && (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm lg:col-span-2 dark:bg-emerald-950/40">
          {last}
        </p>
      )}
    </div>
  );
}

// ── Inventory ────────────────────────────────────────────────────────────────────────────────────

function Inventory() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const qs = new URLSearchParams({ limit: "25", offset: String(page * 25) });
  if (search.trim()) qs.set("search", search.trim());
  if (status) qs.set("status", status);
  const items = useQuery({ queryKey: ["equipment", "items", qs.toString()], queryFn: () => api<Page<ItemDto>>(`${EQUIPMENT_API}/items?${qs}`), placeholderData: keepPreviousData });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Search the inventory" type="search" className="min-w-56 flex-1" value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} />
        <Select label="Status" value={status} onChange={(e) => (setStatus(e.target.value), setPage(0))} options={[{ value: "", label: "Any" }, ...ITEM_STATUSES.map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))]} />
        <Button onClick={() => setAdding(true)}>New item</Button>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <a className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 px-3 text-sm dark:border-zinc-700" href={`${EQUIPMENT_API}/items/export.csv`}>
          Export CSV
        </a>
        <a className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 px-3 text-sm dark:border-zinc-700" href={`${EQUIPMENT_API}/items/labels.pdf?ids=${(items.data?.items ?? []).map((i) => i.id).join(",")}`} target="_blank" rel="noreferrer">
          QR labels of this page
        </a>
      </div>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Inventory</caption>
          <thead className="text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th className="px-3 py-2">Tag</th>
              <th className="px-3 py-2">Item</th>
              <th className="px-3 py-2">Category</th>
              <th className="px-3 py-2">Location</th>
              <th className="px-3 py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {(items.data?.items ?? []).map((i) => (
              <tr key={i.id} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="px-3 py-2 font-mono">{i.assetTag}</td>
                <td className="px-3 py-2">
                  <Link to={`/equipment/items/${i.id}`} className="underline-offset-4 hover:underline">
                    {i.name}
                  </Link>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{[i.brand, i.model, i.serialNumber && `S/N ${i.serialNumber}`].filter(Boolean).join(" · ")}</span>
                </td>
                <td className="px-3 py-2">{i.category.name}</td>
                <td className="px-3 py-2">{i.location}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={i.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageSize={25} total={items.data?.total ?? 0} onPage={setPage} label="Inventory pages" />
      <ItemDialog open={adding} onClose={() => setAdding(false)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

export function useCategories() {
  return useQuery({ queryKey: ["equipment", "categories"], queryFn: () => api<CategoryDto[]>(`${EQUIPMENT_API}/categories`) });
}
function useCertifications() {
  return useQuery({ queryKey: ["equipment", "certifications"], queryFn: () => api<CertificationDto[]>(`${EQUIPMENT_API}/certifications`) });
}

const emptyItem = { categoryId: "", name: "", brand: "", model: "", serialNumber: "", assetTag: "", value: "", condition: "good" as Condition, location: "", notes: "", certificationId: "" };

/** New item, or an existing one's fields (`item`); its value is typed in the school's currency, so the form waits for the school's settings. */
export function ItemDialog(props: { open: boolean; onClose(): void; item?: ItemDetailDto }) {
  const school = useSchoolSettings();
  return school ? <ItemForm {...props} school={school} /> : null;
}

function ItemForm({ open, onClose, item, school }: { open: boolean; onClose(): void; item?: ItemDetailDto; school: SchoolSettings }) {
  const digits = currencyMinorDigits(school.currency);
  const [draft, setDraft] = useState(() =>
    item
      ? { ...emptyItem, ...item, categoryId: item.category.id, value: formatNumber(item.valueMinor, digits, school.numberFormat), certificationId: item.certification?.id ?? "" }
      : emptyItem,
  );
  const value = parseNumberInput(draft.value, { digits, format: school.numberFormat });
  const categories = useCategories();
  const certs = useCertifications();
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
    condition: draft.condition,
    location: draft.location,
    notes: draft.notes,
    certificationId: draft.certificationId || null,
  });
  const save = useEquipmentChange(() => (item ? api<ItemDetailDto>(`${EQUIPMENT_API}/items/${item.id}`, { method: "PATCH", json: payload() }) : post<ItemDetailDto>("/items", payload())), {
    success: (r) => [item ? "Item saved" : "Item added", `${r.name} (${r.assetTag})`],
    failure: item ? "Item not saved" : "Item not added",
    onSuccess: () => {
      if (!item) setDraft(emptyItem);
      onClose();
    },
  });
  const addCategory = useEquipmentChange((name: string) => post<CategoryDto>("/categories", { name }), {
    success: (c) => ["Category added", c.name],
    failure: "Category not added",
    onSuccess: (c) => (setDraft((d) => ({ ...d, categoryId: c.id })), setNewCategory("")),
  });
  const set = (k: keyof typeof emptyItem) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.ok && value.problem !== "empty") return void toast.error(item ? "Item not saved" : "Item not added", { description: `The value: ${value.message}` });
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
      unsaved={JSON.stringify(draft) !== JSON.stringify(initialDraft) && (item ? `your changes to ${item.name}` : "the item you were adding")}
      wide
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" required value={draft.name} onChange={set("name")} />
        <Field label="Asset tag" required value={draft.assetTag} onChange={set("assetTag")} hint="Like NFS-CAM-0012" />
        <Select label="Category" value={draft.categoryId} onChange={set("categoryId")} options={[{ value: "", label: "Choose a category" }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))]} />
        <div className="flex items-end gap-2">
          <Field label="Or a new category" className="flex-1" value={newCategory} onChange={(e) => setNewCategory(e.target.value)} />
          <Button variant="secondary" disabled={newCategory.trim().length < 2} onClick={() => addCategory.mutate(newCategory.trim())}>
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
        <Select label="Condition" value={draft.condition} onChange={set("condition")} options={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))} />
        <Field label="Storage location" value={draft.location} onChange={set("location")} />
        <Select
          label="Certification needed"
          value={draft.certificationId}
          onChange={set("certificationId")}
          options={[{ value: "", label: "None" }, ...(certs.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
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
  const remove = useEquipmentChange(() => api<ItemDetailDto>(`/storage/v1/object/equipment/items/${item.id}`, { method: "DELETE" }), {
    success: () => ["Photo removed", item.name],
    failure: "Photo not removed",
    onSuccess: (r) => setUrl(r.photoUrl),
  });
  return (
    <fieldset className="flex items-center gap-3 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">Photo</legend>
      <Thumbnail url={url} name={item.name} size="h-20 w-20" />
      <input ref={input} type="file" accept={PHOTO_ACCEPT} hidden aria-label={`Photo of ${item.name}`} onChange={(e) => (e.target.files?.[0] && upload.mutate(e.target.files[0]), (e.target.value = ""))} />
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

function ImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [csv, setCsv] = useState("");
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const run = useEquipmentChange(() => post<ImportReportDto>("/items/import", { csv }), {
    success: (r) => ["Import done", `${r.created} added, ${r.updated} updated, ${r.rows.filter((x) => !x.ok).length} rows with problems.`],
    failure: "Import failed",
    onSuccess: setReport,
  });
  return (
    <Dialog open={open} title="Import items from CSV" description="The first line names the columns: asset_tag, name, category, and optionally brand, model, serial_number, value, condition, status, location, certification, notes. A known tag updates its item." onClose={() => (setCsv(""), setReport(null), onClose())} unsaved={csv.trim() !== "" && !report && "the CSV you were importing"} wide>
      <div className="flex flex-col gap-3">
        <Field
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) setCsv(await file.text());
          }}
        />
        <Textarea label="Or paste the CSV" rows={6} value={csv} onChange={(e) => setCsv(e.target.value)} />
        <Button busy={run.isPending} disabled={!csv.trim()} onClick={() => run.mutate(undefined)}>
          Import
        </Button>
        {report && (
          <div role="status" className="max-h-64 overflow-y-auto text-sm">
            <p className="font-medium">
              {report.created} added, {report.updated} updated.
            </p>
            <ul>
              {report.rows
                .filter((r) => !r.ok)
                .map((r) => (
                  <li key={r.line} className="text-red-800 dark:text-red-300">
                    Line {r.line} ({r.assetTag || "no tag"}): {r.problems.join("; ")}.
                  </li>
                ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}

// ── Kits ─────────────────────────────────────────────────────────────────────────────────────────

function Kits() {
  const kits = useQuery({ queryKey: ["equipment", "kits"], queryFn: () => api<KitDto[]>(`${EQUIPMENT_API}/kits`) });
  const [name, setName] = useState("");
  const [tags, setTags] = useState("");
  const [deleting, setDeleting] = useState<KitDto | null>(null);
  useLeaveGuard(name.trim() !== "" || tags.trim() !== "", "the kit you were adding");
  const create = useEquipmentChange(
    async () => {
      // The office thinks in asset tags; the API takes item ids.
      const wanted = tags.split(/[\s,]+/).filter(Boolean).map((t) => t.toUpperCase());
      const found = await Promise.all(wanted.map((t) => api<Page<ItemDto>>(`${EQUIPMENT_API}/items?search=${encodeURIComponent(t)}&limit=5`).then((p) => p.items.find((i) => i.assetTag === t))));
      const unknown = wanted.filter((_, i) => !found[i]);
      if (unknown.length) throw new Error(`No item carries the tag ${unknown.join(", ")}.`);
      return post<KitDto[]>("/kits", { name, itemIds: found.map((f) => f!.id) });
    },
    { success: () => ["Kit added", name], failure: "Kit not added", onSuccess: () => (setName(""), setTags("")) },
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
        <Field label="Asset tags of its items" className="min-w-64 flex-1" value={tags} onChange={(e) => setTags(e.target.value)} hint="Separated by spaces or commas" required />
        <Button type="submit" busy={create.isPending}>
          Add kit
        </Button>
      </form>
      <ul className="grid gap-2 sm:grid-cols-2">
        {(kits.data ?? []).map((k) => (
          <li key={k.id} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium">{k.name}</p>
              <Button variant="ghost" onClick={() => setDeleting(k)} aria-label={`Delete the kit ${k.name}`}>
                Delete
              </Button>
            </div>
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
      <ConfirmDialog open={!!deleting} title="Delete this kit?" confirmLabel="Delete kit" busy={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting)} onCancel={() => setDeleting(null)}>
        “{deleting?.name}” is no longer offered as a kit; its items stay in the inventory and existing reservations keep them.
      </ConfirmDialog>
    </div>
  );
}

// ── Certifications and strikes ───────────────────────────────────────────────────────────────────

function People() {
  const certs = useCertifications();
  const strikes = useQuery({ queryKey: ["equipment", "strikes"], queryFn: () => api<StrikeDto[]>(`${EQUIPMENT_API}/strikes`) });
  const people = useQuery({ queryKey: ["people", "all-for-equipment"], queryFn: () => api<Page<PersonDto>>("/rest/v1/people?limit=50") });
  const [certName, setCertName] = useState("");
  const [grant, setGrant] = useState<Record<string, string>>({});
  useLeaveGuard(certName.trim() !== "", "the certification you were adding");
  const create = useEquipmentChange(() => post<CertificationDto>("/certifications", { name: certName }), {
    success: (c) => ["Certification added", c.name],
    failure: "Certification not added",
    onSuccess: () => setCertName(""),
  });
  const give = useEquipmentChange((v: { id: string; userId: string }) => post(`/certifications/${v.id}/holders`, { userId: v.userId }), {
    success: () => ["Certification granted"],
    failure: "Certification not granted",
  });
  const revoke = useEquipmentChange((v: { id: string; userId: string }) => api(`${EQUIPMENT_API}/certifications/${v.id}/holders/${v.userId}`, { method: "DELETE" }), {
    success: () => ["Certification withdrawn"],
    failure: "Certification not withdrawn",
  });
  const clear = useEquipmentChange((userId: string) => post("/strikes/clear", { userId }), { success: () => ["Strikes cleared", "The person can book again."], failure: "Strikes not cleared" });
  const byPerson = new Map<string, StrikeDto[]>();
  for (const s of strikes.data ?? []) byPerson.set(s.userId, [...(byPerson.get(s.userId) ?? []), s]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="certs-heading" className="flex flex-col gap-3">
        <h2 id="certs-heading" className="text-lg font-semibold">
          Certifications
        </h2>
        <form className="flex items-end gap-2" onSubmit={(e) => (e.preventDefault(), create.mutate(undefined))}>
          <Field label="New certification" className="flex-1" value={certName} onChange={(e) => setCertName(e.target.value)} />
          <Button type="submit" busy={create.isPending}>
            Add
          </Button>
        </form>
        {(certs.data ?? []).map((c) => (
          <Card key={c.id}>
            <h3 className="font-medium">{c.name}</h3>
            <ul className="my-2 text-sm">
              {c.holders.map((h) => (
                <li key={h.userId} className="flex items-center justify-between">
                  {h.name}
                  <Button variant="ghost" onClick={() => revoke.mutate({ id: c.id, userId: h.userId })} aria-label={`Withdraw ${c.name} from ${h.name}`}>
                    Withdraw
                  </Button>
                </li>
              ))}
              {c.holders.length === 0 && <li className="text-zinc-600 dark:text-zinc-400">Nobody yet.</li>}
            </ul>
            <div className="flex items-end gap-2">
              <Select
                label={`Grant ${c.name} to`}
                className="flex-1"
                value={grant[c.id] ?? ""}
                onChange={(e) => setGrant((g) => ({ ...g, [c.id]: e.target.value }))}
                options={[{ value: "", label: "Choose a person" }, ...(people.data?.items ?? []).filter((p) => !c.holders.some((h) => h.userId === p.id)).map((p) => ({ value: p.id, label: p.fullName }))]}
              />
              <Button variant="secondary" disabled={!grant[c.id]} onClick={() => give.mutate({ id: c.id, userId: grant[c.id]! })}>
                Grant
              </Button>
            </div>
          </Card>
        ))}
      </section>
      <section aria-labelledby="strikes-heading" className="flex flex-col gap-3">
        <h2 id="strikes-heading" className="text-lg font-semibold">
          Strikes for late returns
        </h2>
        {byPerson.size === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody has a strike on record.</p>}
        {[...byPerson.entries()].map(([userId, list]) => (
          <Card key={userId}>
            <div className="flex items-center justify-between">
              <h3 className="font-medium">
                {list[0]!.userName} · {list.length} strike{list.length === 1 ? "" : "s"}
              </h3>
              <Button variant="secondary" onClick={() => clear.mutate(userId)}>
                Clear strikes
              </Button>
            </div>
            <ul className="mt-1 text-sm">
              {list.map((s) => (
                <li key={s.id}>{s.reason}</li>
              ))}
            </ul>
          </Card>
        ))}
      </section>
    </div>
  );
}

// ── Calendar ─────────────────────────────────────────────────────────────────────────────────────

export function Calendar({ itemId }: { itemId?: string }) {
  const fmt = useFormats();
  const [start, setStart] = useState(() => new Date().toISOString().slice(0, 10));
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(from.getTime() + 14 * 86_400_000);
  const path = itemId ? `/items/${itemId}/calendar` : "/calendar";
  const entries = useQuery({
    queryKey: ["equipment", "calendar", itemId ?? "all", start],
    queryFn: () => api<CalendarEntryDto[]>(`${EQUIPMENT_API}${path}?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`),
    enabled: !Number.isNaN(from.getTime()),
  });
  const days = new Map<string, CalendarEntryDto[]>();
  for (const e of entries.data ?? []) {
    const day = e.startsAt.slice(0, 10) < start ? start : e.startsAt.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return (
    <div className="flex flex-col gap-3">
      <Field label="Two weeks from" type="date" className="max-w-xs" value={start} onChange={(e) => setStart(e.target.value)} />
      {entries.data?.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing booked in these two weeks.</p>}
      <ol className="flex flex-col gap-3">
        {[...days.entries()].sort().map(([day, list]) => (
          <li key={day}>
            <h3 className="text-sm font-semibold">{fmt.date(day, { style: "long", weekday: true })}</h3>
            <ul className="mt-1 divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
              {list.map((e) => (
                <li key={`${e.reservationId}-${e.itemId}`} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>
                    {!itemId && (
                      <>
                        <span className="font-mono">{e.assetTag}</span> {e.itemName} ·{" "}
                      </>
                    )}
                    {e.projectTitle} ({e.requesterName})
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {rangeText(fmt, e.startsAt, e.endsAt)} · <StateBadge r={{ state: e.state, overdue: false }} />
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A status change that affects reservations is confirmed after the office has seen them. */
export function useStatusChange(item: ItemDetailDto) {
  const [affected, setAffected] = useState<{ status: string; note: string; details: AffectedReservationsDetails; message: string } | null>(null);
  const change = useEquipmentChange(
    (v: { status: string; note: string; confirm?: boolean }) => post<ItemDetailDto>(`/items/${item.id}/status`, v),
    {
      success: (r) => ["Status changed", `${r.name} is now ${ITEM_STATUS_LABELS[r.status].toLowerCase()}.`],
      failure: "Status not changed",
      onSuccess: () => setAffected(null),
      onError: (err) => {
        if (isConflict(err) && (err.details as AffectedReservationsDetails | undefined)?.affected) {
          const v = change.variables!;
          setAffected({ status: v.status, note: v.note, details: err.details as AffectedReservationsDetails, message: err.message });
          return true;
        }
      },
    },
  );
  return { change, affected, setAffected };
}
