import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ROLE_LABELS } from "../../../common/roles.ts";
import { PublicFrame } from "../../components/PublicFrame.tsx";
import { notify } from "../../components/toast.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { NewPasswordFields } from "../../components/ui/PasswordField.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { fullNameProblem, MSG, newPasswordPairProblem, type Problem } from "../auth/messages.ts";
import { useInvitation, acceptInvitation } from "./api.ts";

const FIELD = { name: "invite-full-name", password: "invite-password", confirm: "invite-confirm" } as const;

function report(problem: Problem) {
  notify.error(problem.title, { description: problem.description });
  document.getElementById(problem.field)?.focus();
}

/** The target of the invitation e-mail: /accept-invitation?token=… — the person sets their name and password. */
export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const invitation = useInvitation(token);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = fullNameProblem(fullName, FIELD.name) ?? newPasswordPairProblem(password, confirm, FIELD);
    if (problem) return report(problem);
    setBusy(true);
    try {
      await acceptInvitation(token, fullName.trim(), password);
      await refresh();
      notify.success(MSG.welcome, { description: "Your account is ready." });
      navigate("/", { replace: true });
    } catch (err) {
      setBusy(false);
      notify.error("Account not created", {
        description: err instanceof ApiError ? err.message : MSG.unexpected.description,
      });
    }
  }

  if (!token || invitation.isError) {
    const message =
      invitation.error instanceof ApiError
        ? invitation.error.message
        : "This invitation link is not valid. Ask the school's administrator for a new one.";
    return (
      <PublicFrame>
        <h1 className="text-2xl font-semibold tracking-tight">This Invitation Cannot Be Used</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{message}</p>
        <Link to="/auth" className="mt-6 inline-block text-sm font-medium underline underline-offset-4">
          Go to sign in
        </Link>
      </PublicFrame>
    );
  }
  if (!invitation.data) {
    return (
      <PublicFrame>
        <div role="status" aria-label="Loading" aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      <h1 className="text-2xl font-semibold tracking-tight">Join The Portal</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        You are invited as {ROLE_LABELS[invitation.data.role].toLowerCase()} with the e-mail{" "}
        <strong>{invitation.data.email}</strong>. Choose the name others will see and a password.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-label="Join The Portal">
        <Field
          id={FIELD.name}
          label="Full Name"
          required
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
        <NewPasswordFields
          ids={FIELD}
          label="Password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <Button type="submit" busy={busy} className="mt-2 w-full">
          Create My Account
        </Button>
      </form>
    </PublicFrame>
  );
}
