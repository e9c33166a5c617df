import { ArrowDown, ArrowUp } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { CastMemberDto, CastMinorDto, ScheduleDto } from "../../../common/schedule.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useFormats } from "../../lib/format.ts";
import { useDocuments } from "../documents/api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { notify } from "../../components/toast.tsx";
import { useSaveCast, useSaveCastOrder } from "./api.ts";
import { moved } from "../../lib/moved.ts";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { ContactsHiddenNote } from "../../components/ContactsHiddenNote.tsx";

/**
 * Who plays whom: every speaking character of the script with its actor. Actors show on the Day Out of
 * Days and the call sheets, and an actor with an e-mail address is sent the call sheets of their days.
 */
export function CastList({ schedule, projectId }: { schedule: ScheduleDto; projectId: string }) {
  if (schedule.cast.length === 0) {
    return (
      <Card>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          The cast list fills in with the speaking characters of the project's screenplay.
        </p>
      </Card>
    );
  }
  const cast = schedule.cast.filter((c) => c.actorName).length;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {cast} of {schedule.cast.length} {schedule.cast.length === 1 ? "character" : "characters"} cast. Actors with an
        e-mail address are sent the call sheets of the days they work, with their own call and confirmation link.
      </p>
      {!schedule.contactsVisible && <ContactsHiddenNote />}
      <CastOrder schedule={schedule} projectId={projectId} />
      <ul className="flex flex-col gap-3">
        {schedule.cast.map((member) => (
          <li key={member.character}>
            <CastRow
              member={member}
              castId={schedule.castIds[member.character]}
              projectId={projectId}
              canEdit={schedule.canEdit}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Cast IDs, as strips, call sheets and the Day Out of Days print them: by first appearance until the producer
 * moves a character, then in the producer's order.
 */
function CastOrder({ schedule, projectId }: { schedule: ScheduleDto; projectId: string }) {
  const save = useSaveCastOrder(projectId);
  const ordered = schedule.cast.filter((c) => schedule.castIds[c.character] !== undefined).map((c) => c.character);
  const move = (i: number, by: -1 | 1) => {
    save.mutate(moved(ordered, i, by), {
      onSuccess: () => notify.success(`${ordered[i]} is now cast ID ${i + by + 1}.`),
    });
  };
  return (
    <section aria-labelledby="cast-ids-title" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <h4 id="cast-ids-title" className="font-semibold">
        Cast IDs
      </h4>
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        {schedule.castOrder
          ? "In the order you set. Characters new to the script follow by first appearance."
          : "Numbered by first appearance in the script."}
      </p>
      <ol className="flex flex-col gap-1">
        {ordered.map((name, i) => (
          <li key={name} className="flex items-center gap-2 text-sm">
            <span className="w-8 font-mono tabular-nums">{i + 1}</span>
            <span className="flex-1">{name}</span>
            {schedule.canEdit && (
              <>
                <button
                  type="button"
                  className="rounded p-1 hover:bg-zinc-100 disabled:opacity-30 dark:hover:bg-zinc-800"
                  aria-label={`Move ${name} up`}
                  disabled={i === 0 || save.isPending}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className="rounded p-1 hover:bg-zinc-100 disabled:opacity-30 dark:hover:bg-zinc-800"
                  aria-label={`Move ${name} down`}
                  disabled={i === ordered.length - 1 || save.isPending}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown size={16} aria-hidden />
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      {schedule.canEdit && schedule.castOrder && (
        <Button
          variant="link"
          busy={save.isPending}
          onClick={() =>
            save.mutate(null, { onSuccess: () => notify.success("Cast IDs numbered by first appearance.") })
          }
        >
          Number by first appearance
        </Button>
      )}
    </section>
  );
}

function CastRow({
  member,
  castId,
  projectId,
  canEdit,
}: {
  member: CastMemberDto;
  castId: number | undefined;
  projectId: string;
  canEdit: boolean;
}) {
  const save = useSaveCast(projectId);
  // Contact fields are absent for those outside the crew (they only read); the form starts from empty text.
  const m = member.minor;
  const saved = {
    actorName: member.actorName,
    email: member.email ?? "",
    phone: member.phone ?? "",
    dateOfBirth: m?.dateOfBirth ?? "",
    minor: m?.marked ?? false,
    guardianName: m?.guardianName ?? "",
    guardianEmail: m?.guardianEmail ?? "",
    permitDocumentId: m?.permit?.documentId ?? "",
    permitExpiresOn: m?.permit?.expiresOn ?? "",
  };
  const [form, setForm] = useState(saved);
  const changed = JSON.stringify(form) !== JSON.stringify(saved);
  const [showMinor, setShowMinor] = useState(!!m?.isMinor);
  useLeaveGuard(changed, `the cast of ${member.character}`);
  const onSaveKey = useSaveShortcut();
  const legendId = `cast-${member.character.replace(/\W+/g, "-")}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        character: member.character,
        ...form,
        permitDocumentId: form.permitDocumentId || null,
        // Without the right to see contacts the guardian's address is not known here: leave it as it is.
        guardianEmail: member.email === undefined ? undefined : form.guardianEmail,
      },
      {
        onSuccess: () =>
          notify.success(
            form.actorName.trim()
              ? `${form.actorName.trim()} plays ${member.character}.`
              : `${member.character} is no longer cast.`,
          ),
      },
    );
  };
  return (
    <Card className="p-4">
      <form onSubmit={submit} onKeyDown={onSaveKey} aria-labelledby={legendId}>
        <h4 id={legendId} className="mb-2 font-semibold">
          {castId !== undefined && <span className="mr-2 font-mono text-zinc-600 dark:text-zinc-400">{castId} </span>}
          {member.character}
          {!member.inScript && (
            <span className="ml-2 text-xs font-normal text-amber-800 dark:text-amber-300">no longer in the script</span>
          )}
        </h4>
        {canEdit ? (
          <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_12rem_auto]">
            <Field
              label="Actor"
              value={form.actorName}
              maxLength={120}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, actorName: e.target.value })}
            />
            <Field
              label="E-mail"
              type="email"
              value={form.email}
              maxLength={254}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
            <Field
              label="Phone"
              type="tel"
              value={form.phone}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, phone: e.target.value })}
            />
            <Button type="submit" variant="secondary" busy={save.isPending} disabled={!changed}>
              Save
            </Button>
            {form.actorName.trim() && (
              <div className="sm:col-span-4">
                {showMinor ? (
                  <MinorFields
                    projectId={projectId}
                    who={form.actorName.trim() || member.character}
                    form={form}
                    onChange={(v) => setForm({ ...form, ...v })}
                  />
                ) : (
                  <Button variant="link" onClick={() => setShowMinor(true)}>
                    This actor is a minor…
                  </Button>
                )}
              </div>
            )}
          </div>
        ) : (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{member.actorName || "Not cast yet"}</p>
        )}
        {m?.isMinor && <MinorStatus minor={m} />}
      </form>
    </Card>
  );
}

type MinorForm = {
  dateOfBirth: string;
  minor: boolean;
  guardianName: string;
  guardianEmail: string;
  permitDocumentId: string;
  permitExpiresOn: string;
};

/** A minor's details: their age (or mark), the guardian who signs the consent, and the work permit with its expiry. */
function MinorFields({
  projectId,
  who,
  form,
  onChange,
}: {
  projectId: string;
  who: string;
  form: MinorForm;
  onChange(v: Partial<MinorForm>): void;
}) {
  const permits = useDocuments(projectId, { category: "permits", deleted: false, offset: 0 });
  const options = [
    { value: "", label: permits.isPending ? "Loading permits…" : "No permit filed yet" },
    ...(permits.data?.items ?? []).map((d) => ({ value: d.id, label: d.title })),
  ];
  return (
    <fieldset className="mt-2 grid gap-3 rounded-md border border-zinc-200 p-3 sm:grid-cols-3 dark:border-zinc-700">
      <legend className="px-1 text-sm font-medium">Minor on set</legend>
      <Field
        label="Date of birth"
        type="date"
        value={form.dateOfBirth}
        onChange={(e) => onChange({ dateOfBirth: e.target.value })}
        hint="Their age on each shoot day sets the hours they may work."
      />
      <div className="flex items-end sm:col-span-2">
        <Checkbox
          label="A minor, date of birth not given"
          checked={form.minor}
          onChange={(e) => onChange({ minor: e.target.checked })}
        />
      </div>
      <Field
        label="Parent or guardian"
        value={form.guardianName}
        maxLength={120}
        autoComplete="off"
        onChange={(e) => onChange({ guardianName: e.target.value })}
      />
      <Field
        label="Guardian's e-mail"
        type="email"
        value={form.guardianEmail}
        maxLength={254}
        autoComplete="off"
        onChange={(e) => onChange({ guardianEmail: e.target.value })}
        hint={`On saving, the guardian is sent the consent for ${who} to sign.`}
      />
      <span />
      <Select
        label="Work permit"
        value={form.permitDocumentId}
        options={options}
        onChange={(e) => onChange({ permitDocumentId: e.target.value })}
      />
      <Field
        label="Permit valid until"
        type="date"
        value={form.permitExpiresOn}
        onChange={(e) => onChange({ permitExpiresOn: e.target.value })}
      />
      <p className="self-end text-xs text-zinc-600 dark:text-zinc-400">
        Upload the permit in the project&apos;s documents under Permits, then choose it here.
      </p>
    </fieldset>
  );
}

const CONSENT_TEXT = { none: "not sent yet", sent: "sent, not signed yet", signed: "signed" } as const;

function MinorStatus({ minor }: { minor: CastMinorDto }) {
  const fmt = useFormats();
  const today = new Date().toISOString().slice(0, 10);
  const permit = minor.permit;
  const permitText = !permit
    ? "no work permit"
    : !permit.expiresOn
      ? `work permit “${permit.title}”, no expiry date given`
      : permit.expiresOn < today
        ? `work permit expired on ${fmt.date(permit.expiresOn)}`
        : `work permit valid until ${fmt.date(permit.expiresOn)}`;
  return (
    <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300" aria-label="Minor's status">
      <Badge tone={minor.consent === "signed" && permit ? "good" : "warn"}>Minor</Badge> Guardian&apos;s consent{" "}
      {CONSENT_TEXT[minor.consent]} · {permitText}
    </p>
  );
}
