import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Eraser, LogOut, MailPlus, RotateCcw, UserX } from "lucide-react";
import { useDeferredValue, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { ROLE_LABELS, ROLES, type Role } from "../../../common/roles.ts";
import { SCHOOL_SETTING_LABELS } from "../../../common/school.ts";
import type { EndedSessionsDto } from "../../../common/sessions.ts";
import {
  ERASED_NAME,
  isErasedEmail,
  type AuditEntryDto,
  type ErasureDto,
  type InvitationDto,
  type Page,
  type UserDto,
} from "../../../common/users.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field, SearchField } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useFormats, type Formats } from "../../lib/format.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { mayOpen } from "../../app/pages.ts";

const PAGE_SIZE = 25;
const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const failed = (title: string) => (err: unknown) =>
  toast.error(title, { description: err instanceof ApiError ? err.message : "An unexpected error occurred" });

export default function UserManagementPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState("people");
  if (!mayOpen("/user-management", user?.role)) {
    return (
      <div>
        <PageHeader title="User Management" />
        <Card>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Only the school's administrators manage accounts. If your role or your details need to change, ask an
            administrator; you can change your own name and password in Settings.
          </p>
        </Card>
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title="User Management"
        description="The school's accounts: who holds which role, who may sign in, invitations for new people, and a record of every change made here."
      />
      <Tabs
        label="User management"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: "people", label: "People", content: <People /> },
          { id: "invitations", label: "Invitations", content: <Invitations /> },
          { id: "audit", label: "Audit Log", content: <AuditLog /> },
        ]}
      />
    </div>
  );
}

function People() {
  const fmt = useFormats();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [role, setRole] = useState("");
  const [state, setState] = useState("");
  const [page, setPage] = useState(0);
  const [confirm, setConfirm] = useState<UserDto | null>(null);
  const [signOutOf, setSignOutOf] = useState<UserDto | null>(null);
  const [erasing, setErasing] = useState<UserDto | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  if (deferredSearch) params.set("search", deferredSearch);
  if (role) params.set("role", role);
  if (state) params.set("state", state);
  const users = useQuery({
    queryKey: ["users", params.toString()],
    queryFn: ({ signal }) => api<Page<UserDto>>(`/rest/v1/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const invalidate = () =>
    queryClient
      .invalidateQueries({ queryKey: ["users"] })
      .then(() => queryClient.invalidateQueries({ queryKey: ["audit-log"] }));

  const changeRole = useMutation({
    mutationFn: (v: { user: UserDto; role: Role }) =>
      api<UserDto>(`/rest/v1/users/${v.user.id}`, { method: "PATCH", json: { role: v.role } }),
    onSuccess: (u) =>
      toast.success("Role changed", { description: `${u.fullName} is now ${ROLE_LABELS[u.role].toLowerCase()}.` }),
    onError: failed("Role not changed"),
    onSettled: invalidate,
  });
  const setActive = useMutation({
    mutationFn: (v: { user: UserDto; active: boolean }) =>
      api<UserDto>(`/rest/v1/users/${v.user.id}/${v.active ? "reactivate" : "deactivate"}`, { method: "POST" }),
    onSuccess: (u) =>
      toast.success(u.active ? "Account reactivated" : "Account deactivated", {
        description: u.active
          ? `${u.fullName} can sign in again.`
          : `${u.fullName} has been signed out everywhere and cannot sign in.`,
      }),
    onError: failed("Nothing changed"),
    onSettled: () => {
      setConfirm(null);
      return invalidate();
    },
  });
  const signOutEverywhere = useMutation({
    mutationFn: (u: UserDto) =>
      api<EndedSessionsDto>(`/rest/v1/sessions/of/${u.id}/sign-out-everywhere`, { method: "POST" }),
    onSuccess: (r, u) =>
      toast.success("Signed out everywhere", {
        description: r.ended
          ? `${u.fullName} was signed out on ${r.ended === 1 ? "1 device" : `${r.ended} devices`}.`
          : `${u.fullName} was not signed in anywhere.`,
      }),
    onError: failed("Nobody was signed out"),
    onSettled: () => {
      setSignOutOf(null);
      return invalidate();
    },
  });
  const erase = useMutation({
    mutationFn: (u: UserDto) => api<ErasureDto>(`/rest/v1/users/${u.id}/erase`, { method: "POST" }),
    onSuccess: (r, u) =>
      toast.success(`${u.fullName} erased`, {
        description: `Shown as “${ERASED_NAME}” from now on; ${r.sessionsEnded === 1 ? "1 session" : `${r.sessionsEnded} sessions`} ended.`,
      }),
    onError: failed("Nobody was erased"),
    onSettled: () => {
      setErasing(null);
      return invalidate();
    },
  });
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(0);
  };

  return (
    <section aria-label="People" className="flex flex-col gap-4 pt-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchField
          label="Search"
          placeholder="Name or e-mail"
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
        />
        <Select
          label="Role"
          value={role}
          onChange={(e) => filter(setRole)(e.target.value)}
          options={[{ value: "", label: "All roles" }, ...roleOptions]}
        />
        <Select
          label="State"
          value={state}
          onChange={(e) => filter(setState)(e.target.value)}
          options={[
            { value: "", label: "Everyone" },
            { value: "active", label: "Active" },
            { value: "deactivated", label: "Deactivated" },
          ]}
        />
      </div>
      {!users.data ? (
        <div role="status" aria-label="Loading people" aria-busy="true" className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : users.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Nobody matches these filters. Clear the search or choose another role or state.
          </p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table className="block w-full text-left text-sm md:table md:min-w-[44rem]">
            <caption className="sr-only">People, {users.data.total} in all</caption>
            <thead className="hidden border-b border-zinc-200 text-xs text-zinc-600 uppercase md:table-header-group dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Role
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last sign-in
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  State
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            {/* On a phone each person is a small card (name; role and last sign-in; state and action), not a table wider than the screen. */}
            <tbody className="block md:table-row-group">
              {users.data.items.map((u) => (
                <tr
                  key={u.id}
                  className={cn(
                    "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 border-b border-zinc-100 px-4 py-3 last:border-0 md:table-row md:p-0 dark:border-zinc-800 [&>td]:md:px-4 [&>td]:md:py-2",
                    !u.active && "text-zinc-500",
                  )}
                >
                  <td className="col-span-2">
                    <div className="font-medium text-zinc-900 dark:text-zinc-100">{u.fullName}</div>
                    <div className="text-xs text-zinc-600 dark:text-zinc-400">{u.email}</div>
                  </td>
                  <td>
                    <Select
                      hideLabel
                      label={`Role of ${u.fullName}`}
                      value={u.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => changeRole.mutate({ user: u, role: e.target.value as Role })}
                      options={roleOptions}
                    />
                  </td>
                  <td className="text-xs md:text-sm md:whitespace-nowrap">
                    <span className="md:hidden">Last sign-in: </span>
                    {fmt.dateTime(u.lastSignInAt, "Never")}
                  </td>
                  <td>
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-medium",
                        u.active
                          ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                          : "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
                      )}
                    >
                      {u.active ? "Active" : "Deactivated"}
                    </span>
                  </td>
                  {/* On a phone the actions take a line of their own, so they never squeeze the role beside them. */}
                  <td className="col-span-2 text-right">
                    <div className="flex flex-wrap items-center justify-end gap-1">
                      <a
                        href={`/rest/v1/users/${encodeURIComponent(u.id)}/personal-data.zip`}
                        download
                        onClick={() => void queryClient.invalidateQueries({ queryKey: ["audit-log"] })}
                        className="inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-zinc-800 underline-offset-4 hover:underline dark:text-zinc-200"
                        aria-label={`Export the data of ${u.fullName}`}
                      >
                        <Download aria-hidden className="size-4" />
                        Export data
                      </a>
                      {u.id !== me?.id && !isErasedEmail(u.email) && (
                        <Button variant="ghost" onClick={() => setErasing(u)} aria-label={`Erase ${u.fullName}`}>
                          <Eraser aria-hidden className="size-4" />
                          Erase
                        </Button>
                      )}
                      {u.id === me?.id ? (
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">You</span>
                      ) : u.active ? (
                        <>
                          <Button
                            variant="ghost"
                            onClick={() => setSignOutOf(u)}
                            aria-label={`Sign out ${u.fullName} everywhere`}
                          >
                            <LogOut aria-hidden className="size-4" />
                            Sign out everywhere
                          </Button>
                          <Button variant="ghost" onClick={() => setConfirm(u)} aria-label={`Deactivate ${u.fullName}`}>
                            <UserX aria-hidden className="size-4" />
                            Deactivate
                          </Button>
                        </>
                      ) : (
                        <Button
                          variant="ghost"
                          busy={setActive.isPending && setActive.variables?.user.id === u.id}
                          onClick={() => setActive.mutate({ user: u, active: true })}
                          aria-label={`Reactivate ${u.fullName}`}
                        >
                          <RotateCcw aria-hidden className="size-4" />
                          Reactivate
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.data && (
        <Pagination label="People pages" page={page} pageSize={PAGE_SIZE} total={users.data.total} onPage={setPage} />
      )}
      <ConfirmDialog
        open={!!confirm}
        title={`Deactivate ${confirm?.fullName ?? ""}?`}
        confirmLabel="Deactivate"
        busy={setActive.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && setActive.mutate({ user: confirm, active: false })}
      >
        They are signed out at once on every device and cannot sign in until an admin reactivates the account. Their
        projects and work stay as they are.
      </ConfirmDialog>
      <ConfirmDialog
        open={!!signOutOf}
        title={`Sign out ${signOutOf?.fullName ?? ""} everywhere?`}
        confirmLabel="Sign out everywhere"
        busy={signOutEverywhere.isPending}
        onCancel={() => setSignOutOf(null)}
        onConfirm={() => signOutOf && signOutEverywhere.mutate(signOutOf)}
      >
        Every device they are signed in on is signed out at once, open pages included. They can sign in again with their
        password; use this when a device was lost or an account may be in someone else's hands.
      </ConfirmDialog>
      <ConfirmDialog
        open={!!erasing}
        title={`Erase ${erasing?.fullName ?? ""} for good?`}
        confirmLabel="Erase this person"
        busy={erase.isPending}
        onCancel={() => setErasing(null)}
        onConfirm={() => erasing && erase.mutate(erasing)}
      >
        <p>This cannot be undone. Export their data first if they asked for a copy.</p>
        <ul className="mt-2 list-disc pl-5">
          <li>
            Their name is replaced by “{ERASED_NAME}” everywhere the portal recorded it: crews, activity, documents,
            budgets, the audit log.
          </li>
          <li>Their e-mail address, phone, programme, picture, notifications and unsent e-mails are deleted.</li>
          <li>
            They are signed out on every device, their password is deleted and the account can never sign in again.
          </li>
          <li>
            Documents they signed or uploaded, budgets and decisions stay, as the school must keep them, under “
            {ERASED_NAME}”.
          </li>
          <li>The audit log records that you erased a person, without their name.</li>
        </ul>
      </ConfirmDialog>
    </section>
  );
}

function Invitations() {
  const fmt = useFormats();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("student");
  const list = useQuery({
    queryKey: ["invitations", page],
    queryFn: ({ signal }) =>
      api<Page<InvitationDto>>(`/rest/v1/invitations?limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["invitations"] }),
      queryClient.invalidateQueries({ queryKey: ["audit-log"] }),
    ]);
  const invite = useMutation({
    mutationFn: () => api("/rest/v1/invitations", { method: "POST", json: { email, role } }),
    onSuccess: () => {
      toast.success("Invitation sent", {
        description: `${email.trim()} will receive a link to join as ${ROLE_LABELS[role].toLowerCase()}.`,
      });
      setEmail("");
    },
    onError: failed("Invitation not sent"),
    onSettled: invalidate,
  });
  const resend = useMutation({
    mutationFn: (i: InvitationDto) => api(`/rest/v1/invitations/${i.id}/resend`, { method: "POST" }),
    onSuccess: (_d, i) =>
      toast.success("Invitation sent again", {
        description: `A new link went to ${i.email}; the old one no longer works.`,
      }),
    onError: failed("Invitation not sent"),
    onSettled: invalidate,
  });
  const revoke = useMutation({
    mutationFn: (i: InvitationDto) => api(`/rest/v1/invitations/${i.id}`, { method: "DELETE" }),
    onSuccess: (_d, i) =>
      toast.success("Invitation revoked", { description: `The link sent to ${i.email} no longer works.` }),
    onError: failed("Invitation not revoked"),
    onSettled: invalidate,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim().includes("@")) {
      toast.error("Invalid Email", { description: "Please enter a valid email address" });
      return;
    }
    invite.mutate();
  };

  return (
    <section aria-label="Invitations" className="flex flex-col gap-4 pt-4">
      <Card>
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <Field
            label="E-mail to invite"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
          <Select label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)} options={roleOptions} />
          <Button type="submit" busy={invite.isPending}>
            <MailPlus aria-hidden className="size-4" />
            Send Invitation
          </Button>
        </form>
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          The person chooses their name and password from the e-mailed link. It works once and expires after 7 days.
        </p>
      </Card>
      {!list.data ? (
        <Skeleton className="h-24" />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No invitations yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {list.data.items.map((i) => (
            <li key={i.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <div className="font-medium text-zinc-900 dark:text-zinc-100">{i.email}</div>
                <div className="text-xs text-zinc-600 dark:text-zinc-400">
                  {ROLE_LABELS[i.role]} · {invitationStateLabel(i, fmt)} · sent{" "}
                  {i.sentCount === 1 ? "once" : `${i.sentCount} times`}
                  {i.invitedByName ? ` by ${i.invitedByName}` : ""}
                </div>
              </div>
              {(i.state === "pending" || i.state === "expired") && (
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    busy={resend.isPending && resend.variables?.id === i.id}
                    onClick={() => resend.mutate(i)}
                    aria-label={`Resend invitation to ${i.email}`}
                  >
                    Resend
                  </Button>
                  <Button
                    variant="ghost"
                    busy={revoke.isPending && revoke.variables?.id === i.id}
                    onClick={() => revoke.mutate(i)}
                    aria-label={`Revoke invitation to ${i.email}`}
                  >
                    Revoke
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <Pagination
          label="Invitation pages"
          page={page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={setPage}
        />
      )}
    </section>
  );
}

function invitationStateLabel(i: InvitationDto, fmt: Formats) {
  switch (i.state) {
    case "pending":
      return `waiting, expires ${fmt.dateTime(i.expiresAt)}`;
    case "accepted":
      return "accepted";
    case "expired":
      return `expired ${fmt.dateTime(i.expiresAt)}`;
    case "revoked":
      return "revoked";
  }
}

const ACTIONS: Record<string, (e: AuditEntryDto) => string> = {
  "user.role_changed": (e) =>
    `changed the role of ${e.targetLabel} from ${roleLabel(e.details.from)} to ${roleLabel(e.details.to)}`,
  "user.deactivated": (e) => `deactivated ${e.targetLabel}`,
  "user.reactivated": (e) => `reactivated ${e.targetLabel}`,
  "user.signed_out_everywhere": (e) => `signed ${e.targetLabel} out everywhere`,
  "user.data_exported": (e) => `exported the personal data of ${e.targetLabel}`,
  "user.erased": () => `erased a person who left (now shown as “${ERASED_NAME}”)`,
  "invitation.created": (e) => `invited ${e.targetLabel} as ${roleLabel(e.details.role)}`,
  "invitation.resent": (e) => `sent the invitation to ${e.targetLabel} again`,
  "invitation.revoked": (e) => `revoked the invitation to ${e.targetLabel}`,
  "invitation.accepted": (e) => `accepted the invitation and joined as ${roleLabel(e.details.role)}`,
  "school.settings_changed": (e) => `changed the school settings: ${settingLabels(e.details.changes)}`,
};
const settingLabels = (changes: unknown) =>
  Object.keys(changes && typeof changes === "object" ? changes : {})
    .map((k) => SCHOOL_SETTING_LABELS[k as keyof typeof SCHOOL_SETTING_LABELS] ?? k)
    .join(", ");
const roleLabel = (r: unknown) =>
  typeof r === "string" && r in ROLE_LABELS ? ROLE_LABELS[r as Role].toLowerCase() : String(r);

function AuditLog() {
  const fmt = useFormats();
  const [page, setPage] = useState(0);
  const log = useQuery({
    queryKey: ["audit-log", page],
    queryFn: ({ signal }) =>
      api<Page<AuditEntryDto>>(`/rest/v1/audit-log?limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
  if (!log.data) return <Skeleton className="mt-4 h-24" />;
  return (
    <section aria-label="Audit log" className="flex flex-col gap-4 pt-4">
      {log.data.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No admin action has been taken yet. Role changes, deactivations, sign-outs and invitations will be listed
          here.
        </p>
      ) : (
        <ol className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {log.data.items.map((e) => (
            <li key={e.id} className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:justify-between sm:gap-4">
              <span>
                <strong className="font-medium">{e.actorName}</strong>{" "}
                {ACTIONS[e.action]?.(e) ?? `${e.action} ${e.targetLabel ?? ""}`}
              </span>
              <time dateTime={e.createdAt} className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                {fmt.dateTime(e.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <Pagination label="Audit log pages" page={page} pageSize={PAGE_SIZE} total={log.data.total} onPage={setPage} />
    </section>
  );
}
