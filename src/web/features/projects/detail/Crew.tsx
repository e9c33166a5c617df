import { Crown, UserPlus } from "lucide-react";
import { useDeferredValue, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { ProjectDetail, ProjectMemberDto } from "../../../../common/project-api.ts";
import { filmRoleList, type FilmRole } from "../../../../common/projects.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { api } from "../../../lib/api.ts";
import { RoleChecks } from "../RoleChecks.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { useLeaveGuard, useSaveShortcut } from "../../../lib/useLeaveGuard.ts";
import { ContactsHiddenNote } from "../../../components/ContactsHiddenNote.tsx";
import { projectPath, usePeopleSearch, useProjectChange } from "../api.ts";

export function Crew({ project }: { project: ProjectDetail }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProjectMemberDto | null>(null);
  const base = `${projectPath(project.id)}/members`;
  const remove = useProjectChange(
    project.id,
    (m: ProjectMemberDto) => api<ProjectDetail>(`${base}/${encodeURIComponent(m.userId)}`, { method: "DELETE" }),
    {
      success: (_p, m) => ["Crew member removed", `${m.name} is no longer on the crew.`],
      failure: "Crew member not removed",
      onSuccess: () => setRemoving(null),
      onError: () => void setRemoving(null),
    },
  );

  return (
    <section aria-labelledby="crew-heading" className="flex flex-col gap-4">
      <h2 id="crew-heading" className="text-lg font-semibold">
        Crew
      </h2>
      {!project.contactsVisible && project.members.length > 0 && <ContactsHiddenNote />}
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {project.members.map((m) => (
          <li key={m.userId} className="flex flex-col gap-2 px-4 py-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2 font-medium">
                  <span>{m.name}</span>
                  {m.isLead && (
                    <Badge tone="warn">
                      <Crown aria-hidden className="mr-1 inline size-3" />
                      Lead
                    </Badge>
                  )}
                </div>
                <div className="text-sm text-zinc-700 dark:text-zinc-300">{filmRoleList(m.roles)}</div>
                {m.email && <div className="text-xs break-all text-zinc-600 dark:text-zinc-400">{m.email}</div>}
              </div>
              {project.canEdit && editing !== m.userId && (
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(m.userId)}
                    aria-label={`Edit roles of ${m.name}`}
                  >
                    Edit Roles
                  </Button>
                  <Button variant="ghost" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>
                    Remove
                  </Button>
                </div>
              )}
            </div>
            {editing === m.userId && <MemberEditor project={project} member={m} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
      {project.canEdit && <AddMember project={project} />}
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? ""} from the crew?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        They stop being able to edit this project and are no longer named on it. You can add them again later.
      </ConfirmDialog>
    </section>
  );
}

function MemberEditor({
  project,
  member,
  onDone,
}: {
  project: ProjectDetail;
  member: ProjectMemberDto;
  onDone(): void;
}) {
  const [roles, setRoles] = useState<FilmRole[]>(member.roles);
  const [isLead, setIsLead] = useState(member.isLead);
  useLeaveGuard(
    isLead !== member.isLead || roles.join() !== member.roles.join(),
    `the roles you changed for ${member.name}`,
  );
  const onSaveKey = useSaveShortcut();
  const save = useProjectChange(
    project.id,
    (v: { roles: FilmRole[]; isLead: boolean }) =>
      api<ProjectDetail>(`${projectPath(project.id)}/members/${encodeURIComponent(member.userId)}`, {
        method: "PATCH",
        json: v,
      }),
    {
      success: () => ["Crew member updated", `${member.name}: ${filmRoleList(roles)}${isLead ? ", lead" : ""}.`],
      failure: "Crew member not updated",
      onSuccess: onDone,
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (roles.length === 0) {
      toast.error("Crew member not updated", { description: "Give at least one film role." });
      return;
    }
    save.mutate({ roles, isLead });
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={onSaveKey}
      className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-700"
    >
      <RoleChecks legend={`Roles of ${member.name}`} value={roles} onChange={setRoles} />
      <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-zinc-900 dark:accent-amber-400"
          checked={isLead}
          onChange={(e) => setIsLead(e.target.checked)}
        />
        Lead of the project
      </label>
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending}>
          Save Roles
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Finds people in the school directory (active accounts) by name or e-mail. */
function AddMember({ project }: { project: ProjectDetail }) {
  const [query, setQuery] = useState("");
  const [person, setPerson] = useState<{ id: string; name: string } | null>(null);
  const [roles, setRoles] = useState<FilmRole[]>([]);
  const [isLead, setIsLead] = useState(false);
  const deferred = useDeferredValue(query.trim());
  useLeaveGuard(
    !!person || roles.length > 0 || isLead,
    `the crew member you were adding${person ? ` (${person.name})` : ""}`,
  );
  const onSaveKey = useSaveShortcut();
  const people = usePeopleSearch(deferred);
  const add = useProjectChange(
    project.id,
    (v: { userId: string; roles: FilmRole[]; isLead: boolean }) =>
      api<ProjectDetail>(`${projectPath(project.id)}/members`, { json: v }),
    {
      success: () => ["Crew member added", `${person?.name ?? "They"} joined as ${filmRoleList(roles).toLowerCase()}.`],
      failure: "Crew member not added",
      onSuccess: () => {
        setPerson(null);
        setQuery("");
        setRoles([]);
        setIsLead(false);
      },
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!person) return void toast.error("Crew member not added", { description: "Choose a person first." });
    if (roles.length === 0)
      return void toast.error("Crew member not added", { description: "Give at least one film role." });
    add.mutate({ userId: person.id, roles, isLead });
  };
  const onCrew = new Set(project.members.map((m) => m.userId));

  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="flex items-center gap-2 font-semibold">
        <UserPlus aria-hidden className="size-4" />
        Add a crew member
      </h3>
      <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="mt-3 flex flex-col gap-3">
        {person ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            Adding <strong>{person.name}</strong>
            <Button variant="link" onClick={() => setPerson(null)}>
              Choose someone else
            </Button>
          </div>
        ) : (
          <div>
            <Field
              label="Find a person"
              type="search"
              placeholder="Name or e-mail"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              hint="Type at least two letters."
              autoComplete="off"
            />
            <div aria-live="polite" className="mt-2">
              {deferred.length >= 2 &&
                people.data &&
                (people.data.items.length === 0 ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody active matches “{deferred}”.</p>
                ) : (
                  <ul aria-label="People found" className="flex flex-col gap-1">
                    {people.data.items.map((u) => (
                      <li key={u.id}>
                        <Button
                          variant="ghost"
                          className="w-full justify-start text-left"
                          disabled={onCrew.has(u.id)}
                          onClick={() => setPerson({ id: u.id, name: u.fullName })}
                        >
                          {u.fullName}{" "}
                          {u.email && <span className="text-xs text-zinc-600 dark:text-zinc-400">{u.email}</span>}
                          {onCrew.has(u.id) && <span className="text-xs">(already on the crew)</span>}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ))}
            </div>
          </div>
        )}
        <RoleChecks legend="Film roles" value={roles} onChange={setRoles} />
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-zinc-900 dark:accent-amber-400"
            checked={isLead}
            onChange={(e) => setIsLead(e.target.checked)}
          />
          Lead of the project
        </label>
        <div>
          <Button type="submit" busy={add.isPending}>
            Add to Crew
          </Button>
        </div>
      </form>
    </div>
  );
}
