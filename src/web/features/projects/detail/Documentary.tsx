import { Pencil } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import type { ZodType } from "zod";
import {
  archivalCreateInput,
  interviewCreateInput,
  participantCreateInput,
  UNLICENSED_STATUSES,
  type ArchivalDto,
  type InterviewDto,
  type ParticipantDto,
  type ProjectDetail,
} from "../../../../common/project-api.ts";
import {
  CONSENT_STATUSES,
  INTERVIEW_STATUSES,
  LICENCE_STATUSES,
  type LicenceStatus,
} from "../../../../common/projects.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api } from "../../../lib/api.ts";
import { useFormats } from "../../../lib/format.ts";
import { CONSENT_LABELS, INTERVIEW_LABELS, LICENCE_LABELS } from "../shared.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { firstProblem } from "../../../lib/first-problem.ts";
import { useLeaveGuard, useSaveShortcut } from "../../../lib/useLeaveGuard.ts";
import { projectPath, useProjectChange } from "../api.ts";

type Values = Record<string, string>;
interface FieldDef {
  name: string;
  label: string;
  kind?: "text" | "textarea" | "select" | "datetime";
  options?: { value: string; label: string }[];
  required?: boolean;
}
type Section = "participants" | "interviews" | "archival";

/** A datetime-local value ("2026-10-15T14:00") in the person's zone, and back to an instant. */
const toLocal = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

function ItemForm({
  fields,
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  fields: FieldDef[];
  initial: Values;
  submitLabel: string;
  busy: boolean;
  onSubmit(v: Values): void;
  onCancel?(): void;
}) {
  const [values, setValues] = useState<Values>(initial);
  useLeaveGuard(
    Object.keys({ ...initial, ...values }).some((k) => (values[k] ?? "") !== (initial[k] ?? "")),
    `what you typed for “${submitLabel}”`,
  );
  const onSaveKey = useSaveShortcut();
  const set = (k: string, v: string) => setValues((x) => ({ ...x, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };
  return (
    <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="grid gap-3 sm:grid-cols-2">
      {fields.map((f) =>
        f.kind === "select" ? (
          <Select
            key={f.name}
            label={f.label}
            value={values[f.name] ?? ""}
            onChange={(e) => set(f.name, e.target.value)}
            options={f.options ?? []}
          />
        ) : f.kind === "textarea" ? (
          <Textarea
            key={f.name}
            className="sm:col-span-2"
            label={f.label}
            rows={2}
            value={values[f.name] ?? ""}
            onChange={(e) => set(f.name, e.target.value)}
          />
        ) : (
          <Field
            key={f.name}
            label={f.label}
            required={f.required}
            type={f.kind === "datetime" ? "datetime-local" : "text"}
            value={values[f.name] ?? ""}
            onChange={(e) => set(f.name, e.target.value)}
          />
        ),
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** One documentary list: its items with edit and delete, and a form to add one. */
function DocList<T extends { id: string }>({
  project,
  section,
  heading,
  intro,
  noun,
  items,
  fields,
  blank,
  toValues = (item) =>
    Object.fromEntries(fields.map((f) => [f.name, String((item as Record<string, unknown>)[f.name] ?? "")])),
  toInput = (v) => ({ ...v }),
  schema,
  name,
  badge,
  details,
}: {
  project: ProjectDetail;
  section: Section;
  heading: string;
  intro: string;
  noun: string;
  items: T[];
  fields: FieldDef[];
  blank: Values;
  /** The form's values for an item; by default its fields as they are named. */
  toValues?(item: T): Values;
  /** The request body from the form's values; by default the values as they are. */
  toInput?(v: Values): Record<string, unknown>;
  schema: ZodType;
  name(item: T): string;
  badge(item: T): ReactNode;
  details(item: T): ReactNode;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const base = `${projectPath(project.id)}/documentary/${section}`;
  const create = useProjectChange(
    project.id,
    (input: Record<string, unknown>) => api<ProjectDetail>(base, { json: input }),
    {
      success: () => [`${noun} added`],
      failure: `${noun} not added`,
      onSuccess: () => setFormKey((k) => k + 1),
    },
  );
  const update = useProjectChange(
    project.id,
    (v: { id: string; input: Record<string, unknown> }) =>
      api<ProjectDetail>(`${base}/${v.id}`, { method: "PATCH", json: v.input }),
    {
      success: () => [`${noun} saved`],
      failure: `${noun} not saved`,
      onSuccess: () => setEditing(null),
    },
  );
  const remove = useProjectChange(
    project.id,
    (item: T) => api<ProjectDetail>(`${base}/${item.id}`, { method: "DELETE" }),
    {
      success: (_p, item) => [`${noun} deleted`, name(item)],
      failure: `${noun} not deleted`,
      onSuccess: () => setDeleting(null),
      onError: () => void setDeleting(null),
    },
  );
  const checked = (v: Values, then: (input: Record<string, unknown>) => void, failure: string) => {
    const input = toInput(v);
    const problem = firstProblem(schema, input);
    if (problem) return void toast.error(failure, { description: problem.message });
    then(input);
  };

  return (
    <section aria-labelledby={`${section}-heading`} className="flex flex-col gap-3">
      <h2 id={`${section}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{intro}</p>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">None recorded yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {items.map((item) => (
            <li key={item.id} className="px-4 py-3">
              {editing === item.id ? (
                <ItemForm
                  fields={fields}
                  initial={toValues(item)}
                  submitLabel="Save"
                  busy={update.isPending}
                  onCancel={() => setEditing(null)}
                  onSubmit={(v) => checked(v, (input) => update.mutate({ id: item.id, input }), `${noun} not saved`)}
                />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <div className="flex flex-wrap items-center gap-2 font-medium">
                      {name(item)}
                      {badge(item)}
                    </div>
                    {details(item)}
                  </div>
                  {project.canEdit && (
                    <div className="flex shrink-0 gap-2">
                      <Button variant="secondary" onClick={() => setEditing(item.id)} aria-label={`Edit ${name(item)}`}>
                        <Pencil aria-hidden className="size-4" />
                        Edit
                      </Button>
                      <Button variant="ghost" onClick={() => setDeleting(item)} aria-label={`Delete ${name(item)}`}>
                        Delete
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {project.canEdit && (
        <div className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <h3 className="mb-3 font-semibold">Add {noun.toLowerCase()}</h3>
          <ItemForm
            key={formKey}
            fields={fields}
            initial={blank}
            submitLabel={`Add ${noun}`}
            busy={create.isPending}
            onSubmit={(v) => checked(v, (input) => create.mutate(input), `${noun} not added`)}
          />
        </div>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete ${deleting ? name(deleting) : ""}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        It is removed from this documentary's records. The activity history keeps a note that it was deleted.
      </ConfirmDialog>
    </section>
  );
}

const opts = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

export function Participants({ project }: { project: ProjectDetail }) {
  return (
    <DocList<ParticipantDto>
      project={project}
      section="participants"
      heading="Participants"
      intro="The people the film is about or who appear in it, and whether they have consented to be filmed and shown."
      noun="Participant"
      items={project.documentary?.participants ?? []}
      fields={[
        { name: "name", label: "Name", required: true },
        { name: "consentStatus", label: "Consent", kind: "select", options: opts(CONSENT_STATUSES, CONSENT_LABELS) },
        { name: "description", label: "Description", kind: "textarea" },
      ]}
      blank={{ name: "", consentStatus: "pending", description: "" }}
      schema={participantCreateInput}
      name={(p) => p.name}
      badge={(p) => (
        <Badge
          tone={
            p.consentStatus === "signed" || p.consentStatus === "not_needed"
              ? "good"
              : p.consentStatus === "declined"
                ? "bad"
                : "warn"
          }
        >
          Consent: {CONSENT_LABELS[p.consentStatus]}
        </Badge>
      )}
      details={(p) => p.description && <p className="text-zinc-700 dark:text-zinc-300">{p.description}</p>}
    />
  );
}

export function Interviews({ project }: { project: ProjectDetail }) {
  const fmt = useFormats();
  const participants = project.documentary?.participants ?? [];
  return (
    <DocList<InterviewDto>
      project={project}
      section="interviews"
      heading="Interviews"
      intro="Who is interviewed, when and where, and whether it is planned, confirmed, filmed or called off."
      noun="Interview"
      items={project.documentary?.interviews ?? []}
      fields={[
        { name: "subject", label: "Subject", required: true },
        {
          name: "participantId",
          label: "Participant",
          kind: "select",
          options: [
            { value: "", label: "Nobody in particular" },
            ...participants.map((p) => ({ value: p.id, label: p.name })),
          ],
        },
        { name: "scheduledAt", label: "Date and time", kind: "datetime" },
        { name: "place", label: "Place" },
        { name: "status", label: "Status", kind: "select", options: opts(INTERVIEW_STATUSES, INTERVIEW_LABELS) },
      ]}
      blank={{ subject: "", participantId: "", scheduledAt: "", place: "", status: "planned" }}
      toValues={(i) => ({
        subject: i.subject,
        participantId: i.participantId ?? "",
        scheduledAt: toLocal(i.scheduledAt),
        place: i.place,
        status: i.status,
      })}
      toInput={(v) => ({
        subject: v.subject,
        participantId: v.participantId || null,
        scheduledAt: fromLocal(v.scheduledAt ?? ""),
        place: v.place,
        status: v.status,
      })}
      schema={interviewCreateInput}
      name={(i) => i.subject}
      badge={(i) => (
        <Badge tone={i.status === "cancelled" ? "bad" : i.status === "done" ? "good" : "neutral"}>
          {INTERVIEW_LABELS[i.status]}
        </Badge>
      )}
      details={(i) => (
        <p className="text-zinc-700 dark:text-zinc-300">
          {i.scheduledAt ? fmt.dateTime(i.scheduledAt) : "Not dated yet"}
          {i.place ? ` · ${i.place}` : ""}
          {i.participantName ? ` · with ${i.participantName}` : ""}
        </p>
      )}
    />
  );
}

export function Archival({ project }: { project: ProjectDetail }) {
  return (
    <DocList<ArchivalDto>
      project={project}
      section="archival"
      heading="Archival sources"
      intro="Footage, photographs and sound from archives, and whether the licence to use them in the film is in place."
      noun="Archival source"
      items={project.documentary?.archival ?? []}
      fields={[
        { name: "title", label: "Title", required: true },
        { name: "source", label: "Source" },
        { name: "licenceStatus", label: "Licence", kind: "select", options: opts(LICENCE_STATUSES, LICENCE_LABELS) },
        { name: "notes", label: "Notes", kind: "textarea" },
      ]}
      blank={{ title: "", source: "", licenceStatus: "unknown", notes: "" }}
      schema={archivalCreateInput}
      name={(a) => a.title}
      badge={(a) => (
        <Badge
          tone={
            UNLICENSED_STATUSES.includes(a.licenceStatus as LicenceStatus)
              ? a.licenceStatus === "refused"
                ? "bad"
                : "warn"
              : "good"
          }
        >
          Licence: {LICENCE_LABELS[a.licenceStatus]}
        </Badge>
      )}
      details={(a) => (
        <>
          {a.source && <p className="text-zinc-700 dark:text-zinc-300">From {a.source}</p>}
          {a.notes && <p className="text-zinc-600 dark:text-zinc-400">{a.notes}</p>}
        </>
      )}
    />
  );
}
