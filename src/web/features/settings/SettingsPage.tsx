import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, UserRound } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { profileUpdateSchema, INVALID_NAME, type ProfileDto, type ProfileUpdate } from "../../../common/profile.ts";
import { ROLE_LABELS } from "../../../common/roles.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { PROFILE_QUERY_KEY, useProfile } from "../../lib/profile.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { MSG, newPasswordProblem, requiredProblem, type Problem } from "../auth/messages.ts";

function report(problem: Problem) {
  toast.error(problem.title, { description: problem.description });
  document.getElementById(problem.field)?.focus();
}

export default function SettingsPage() {
  const { data: profile } = useProfile();
  return (
    <div className="max-w-2xl">
      <PageHeader title="Settings" description="Your name as others see it on the school's productions, and your password." />
      <div className="flex flex-col gap-6">
        {profile ? (
          <ProfileSection profile={profile} />
        ) : (
          <div role="status" aria-label="Loading your profile" aria-busy="true">
            <Skeleton className="h-56" />
          </div>
        )}
        <PasswordSection />
      </div>
    </div>
  );
}

function Section({ id, title, icon, description, children }: { id: string; title: string; icon: ReactNode; description: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <div>
          <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {icon}
            {title}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

function ProfileSection({ profile }: { profile: ProfileDto }) {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(profile.fullName);

  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => api<ProfileDto>("/rest/v1/profile", { method: "PATCH", json: update }),
    onSuccess: async (saved) => {
      setFullName(saved.fullName);
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      await Promise.all([queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), refresh()]);
      toast.success("Profile Saved", { description: `Your name now reads “${saved.fullName}”.` });
    },
    onError: (error) => toast.error("Profile not saved", { description: error.message }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (fullName === "") return report({ ...MSG.missing, field: "settings-full-name" });
    const parsed = profileUpdateSchema.safeParse({ fullName });
    if (!parsed.success) {
      return report({ title: INVALID_NAME.title, description: parsed.error.issues[0]?.message ?? INVALID_NAME.message, field: "settings-full-name" });
    }
    save.mutate(parsed.data);
  };

  return (
    <Section id="settings-profile" title="Profile" icon={<UserRound aria-hidden className="size-5" />} description="The name on your account, shown on crews, credits and notes.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          id="settings-full-name"
          label="Full Name"
          required
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          hint="At least 2 characters, as it should appear in credits."
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Email</dt>
          <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{profile.email}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">Role</dt>
          <dd className="text-zinc-900 dark:text-zinc-100">{ROLE_LABELS[profile.role]}</dd>
        </dl>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Your e-mail address and your role are changed by an administrator.</p>
        <div>
          <Button type="submit" busy={save.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
    </Section>
  );
}

const PASSWORD_FIELDS = { current: "settings-current-password", next: "settings-new-password", confirm: "settings-confirm-password" };

function PasswordSection() {
  const { refresh, user } = useAuth();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");

  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api("/auth/v1/change-password", { json: { ...body, revokeOtherSessions: true } }),
    onSuccess: async () => {
      setCurrent("");
      setNext("");
      setConfirm("");
      await refresh();
      toast.success("Password Changed", { description: "You stay signed in here; every other device has been signed out." });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "INVALID_PASSWORD") {
        report({ title: "Password not changed", description: "Your current password is not correct.", field: PASSWORD_FIELDS.current });
      } else {
        toast.error("Password not changed", { description: error.message });
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem =
      requiredProblem(current, PASSWORD_FIELDS.current) ??
      newPasswordProblem(next, PASSWORD_FIELDS.next) ??
      requiredProblem(confirm, PASSWORD_FIELDS.confirm) ??
      (confirm !== next ? { ...MSG.passwordsDiffer, field: PASSWORD_FIELDS.confirm } : null) ??
      (next === current
        ? { title: "Same Password", description: "The new password must differ from the current one.", field: PASSWORD_FIELDS.next }
        : null);
    if (problem) return report(problem);
    change.mutate({ currentPassword: current, newPassword: next });
  };

  return (
    <Section
      id="settings-password"
      title="Password"
      icon={<KeyRound aria-hidden className="size-5" />}
      description="Changing it signs you out everywhere else, so use it if someone else may know your password."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {/* lets password managers file the new password under the right account */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <Field id={PASSWORD_FIELDS.current} label="Current Password" type="password" required autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        <Field
          id={PASSWORD_FIELDS.next}
          label="New Password"
          type="password"
          required
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          hint="At least 6 characters."
        />
        <Field id={PASSWORD_FIELDS.confirm} label="Confirm New Password" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <div>
          <Button type="submit" busy={change.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </Section>
  );
}
