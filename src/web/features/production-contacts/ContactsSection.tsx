import { Mail, Phone } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  PRODUCTION_CONTACT_KINDS,
  PRODUCTION_CONTACT_KIND_LABELS,
  productionContactInput,
  type ProductionContactDto,
  type ProductionContactKind,
} from "../../../common/production-contacts.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { useSchedule } from "../schedule/api.ts";
import { useContactChange, useProductionContacts } from "./api.ts";
import { ContactDaysEditor, linkOf, useDaysLabel, type ScheduleLinks } from "./ContactDays.tsx";

const EMPTY = {
  name: "",
  kind: "location" as ProductionContactKind,
  role: "",
  phone: "",
  email: "",
  address: "",
  notes: "",
};
type Draft = typeof EMPTY;

/**
 * The project's "Contacts" tab: the people and firms outside the crew the production works with. The crew
 * add, change and remove them; staff and admins read them; the call sheet and the documents' dialogs reuse them.
 */
export function ContactsSection({ projectId }: { projectId: string }) {
  const list = useProductionContacts(projectId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProductionContactDto | null>(null);
  const [choosingDays, setChoosingDays] = useState<string | null>(null);
  const schedule = useSchedule(projectId);
  const days = schedule.data?.days ?? [];
  const links: ScheduleLinks = {
    // Every scene the script has, scheduled or not, so a contact can be linked before its day is planned.
    places: [...new Set([...days.flatMap((d) => d.strips), ...(schedule.data?.bank ?? [])].map((st) => st.location))]
      .filter(Boolean)
      .sort(),
    characters: (schedule.data?.cast ?? []).filter((c) => c.inScript).map((c) => c.character),
  };
  const daysLabel = useDaysLabel(days);
  const dirty = JSON.stringify(draft) !== JSON.stringify(EMPTY);
  useLeaveGuard(dirty, "the contact you were writing");
  const reset = () => (setDraft(EMPTY), setEditing(null), setProblem(null));
  const change = useContactChange(projectId, {
    success: (_r, v) =>
      v.op === "add"
        ? ["Contact added", `${v.input.name} is on the contacts list.`]
        : v.op === "edit"
          ? ["Contact saved", `${v.input.name} is up to date.`]
          : ["Contact removed"],
    failure: "Contact not saved",
    onSuccess: (_r, v) => (v.op === "remove" ? setRemoving(null) : reset()),
  });
  if (list.isPending)
    return (
      <div role="status" aria-label="Loading the contacts">
        <Skeleton className="h-48" />
      </div>
    );
  if (list.isError) return <LoadError what="The contacts" error={list.error} onRetry={() => void list.refetch()} />;
  const { contacts, canEdit } = list.data;
  const anyChosen = contacts.some((c) => c.everyDay || c.dayIds.length > 0 || linkOf(c));
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = firstProblem(productionContactInput, draft);
    if (bad) return setProblem(bad.message);
    const parsed = productionContactInput.parse(draft);
    setProblem(null);
    change.mutate(editing ? { op: "edit", id: editing, input: parsed } : { op: "add", input: parsed });
  };
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The cast, crew from outside, vendors and locations this production works with. Only the crew, the supervisor,
        staff and admins see this list. A shoot day's call sheet lists the contacts chosen for that day, those on every
        day, a location linked to a scene location on the days shooting there and a cast contact linked to a character
        on that character's days (until any is chosen, every location and vendor); the documents' dialogs and the
        insurance requests pick from it.
      </p>
      {canEdit && (
        <form onSubmit={submit} noValidate aria-label={editing ? "Edit the contact" : "Add a contact"}>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">{editing ? "Edit the contact" : "Add a contact"}</legend>
            <Field label="Name" required value={draft.name} onChange={set("name")} maxLength={200} autoComplete="off" />
            <Select
              label="Kind"
              value={draft.kind}
              onChange={set("kind")}
              options={PRODUCTION_CONTACT_KINDS.map((k) => ({ value: k, label: PRODUCTION_CONTACT_KIND_LABELS[k] }))}
            />
            <Field
              label="Role or company"
              value={draft.role}
              onChange={set("role")}
              maxLength={200}
              autoComplete="off"
            />
            <Field label="Phone" type="tel" value={draft.phone} onChange={set("phone")} maxLength={60} />
            <Field label="E-mail" type="email" value={draft.email} onChange={set("email")} maxLength={254} />
            <Field label="Address" value={draft.address} onChange={set("address")} maxLength={300} autoComplete="off" />
            <Textarea label="Notes" rows={2} value={draft.notes} onChange={set("notes")} maxLength={2000} />
          </fieldset>
          {problem && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" busy={change.isPending && change.variables?.op !== "remove"}>
              {editing ? "Save Contact" : "Add Contact"}
            </Button>
            {(editing || dirty) && (
              <Button variant="secondary" onClick={reset}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}
      {contacts.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No contacts yet.</p>
      ) : (
        <ul aria-label="Contacts" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {contacts.map((c) => (
            <li key={c.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 text-sm">
                <p>
                  <span className="font-medium">{c.name}</span> <Badge>{PRODUCTION_CONTACT_KIND_LABELS[c.kind]}</Badge>
                  {c.role && <span className="text-zinc-600 dark:text-zinc-400"> · {c.role}</span>}
                </p>
                <p className="flex flex-wrap gap-x-4 gap-y-1 break-all">
                  {c.phone && (
                    <a className="inline-flex items-center gap-1 underline" href={`tel:${c.phone.replace(/\s/g, "")}`}>
                      <Phone aria-hidden className="size-3.5" />
                      {c.phone}
                    </a>
                  )}
                  {c.email && (
                    <a className="inline-flex items-center gap-1 underline" href={`mailto:${c.email}`}>
                      <Mail aria-hidden className="size-3.5" />
                      {c.email}
                    </a>
                  )}
                </p>
                {c.address && <p>{c.address}</p>}
                {c.notes && <p className="whitespace-pre-line text-zinc-600 dark:text-zinc-400">{c.notes}</p>}
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{daysLabel(c, anyChosen)}</p>
                {choosingDays === c.id && (
                  <ContactDaysEditor
                    projectId={projectId}
                    contact={c}
                    days={days}
                    links={links}
                    onDone={() => setChoosingDays(null)}
                  />
                )}
              </div>
              {canEdit && (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Call sheet days of ${c.name}`}
                    onClick={() => setChoosingDays(choosingDays === c.id ? null : c.id)}
                  >
                    Days
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => {
                      setEditing(c.id);
                      setProblem(null);
                      setDraft({
                        name: c.name,
                        kind: c.kind,
                        role: c.role,
                        phone: c.phone,
                        email: c.email,
                        address: c.address,
                        notes: c.notes,
                      });
                    }}
                  >
                    Edit
                  </Button>
                  <Button variant="secondary" aria-label={`Remove ${c.name}`} onClick={() => setRemoving(c)}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove the contact?"
        confirmLabel="Remove Contact"
        busy={change.isPending && change.variables?.op === "remove"}
        onConfirm={() => removing && change.mutate({ op: "remove", id: removing.id })}
        onCancel={() => setRemoving(null)}
      >
        {removing?.name} leaves the contacts list and the call sheets.
      </ConfirmDialog>
    </div>
  );
}
