import { useState, type FormEvent } from "react";
import type { CastMemberDto, ScheduleDto } from "../../../common/schedule.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { notify } from "../../components/toast.tsx";
import { useSaveCast } from "./api.ts";
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
      <ul className="flex flex-col gap-3">
        {schedule.cast.map((member) => (
          <li key={member.character}>
            <CastRow member={member} projectId={projectId} canEdit={schedule.canEdit} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function CastRow({ member, projectId, canEdit }: { member: CastMemberDto; projectId: string; canEdit: boolean }) {
  const save = useSaveCast(projectId);
  // Contact fields are absent for those outside the crew (they only read); the form starts from empty text.
  const saved = { actorName: member.actorName, email: member.email ?? "", phone: member.phone ?? "" };
  const [form, setForm] = useState(saved);
  const changed = form.actorName !== saved.actorName || form.email !== saved.email || form.phone !== saved.phone;
  useLeaveGuard(changed, `the cast of ${member.character}`);
  const onSaveKey = useSaveShortcut();
  const legendId = `cast-${member.character.replace(/\W+/g, "-")}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { character: member.character, ...form },
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
          </div>
        ) : (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{member.actorName || "Not cast yet"}</p>
        )}
      </form>
    </Card>
  );
}
