import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { notify } from "../../components/toast.tsx";
import { PublicFrame } from "../../components/PublicFrame.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { NewPasswordFields } from "../../components/ui/PasswordField.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { useAuth, usePasswordRecoveryNotice } from "./AuthProvider.tsx";
import { MSG, newPasswordPairProblem, type Problem } from "./messages.ts";

type LinkState = "checking" | "valid" | "expired";

const FIELD = { password: "reset-new-password", confirm: "reset-confirm-password" } as const;

function report(problem: Problem) {
  notify.error(problem.title, { description: problem.description });
  document.getElementById(problem.field)?.focus();
}

/** The target of the reset e-mail: /reset-password?token=…&email=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const notifyPasswordRecovery = usePasswordRecoveryNotice();
  const [state, setState] = useState<LinkState>(token ? "checking" : "expired");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    api<{ valid: boolean }>(`/rest/v1/password-reset/status?token=${encodeURIComponent(token)}`, {
      signal: ctrl.signal,
    })
      .then((res) => {
        setState(res.valid ? "valid" : "expired");
        if (res.valid) notifyPasswordRecovery();
      })
      .catch((err) => {
        if ((err as Error)?.name === "AbortError") return;
        // The check is a courtesy; the server checks the token again when the password is set.
        setState("valid");
      });
    return () => ctrl.abort();
  }, [token, notifyPasswordRecovery]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = newPasswordPairProblem(password, confirm, FIELD);
    if (problem) return report(problem);
    setBusy(true);
    try {
      await api("/auth/v1/reset-password", { json: { newPassword: password, token } });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && (err.code === "INVALID_TOKEN" || /token/i.test(err.message)))
        return setState("expired");
      if (err instanceof ApiError) return void notify.error("Password Not Changed", { description: err.message });
      console.error(err);
      return void notify.error(MSG.unexpected.title, { description: MSG.unexpected.description });
    }
    try {
      if (!email) throw new Error("The link carried no e-mail address");
      await signIn(email, password);
      notify.success(MSG.passwordUpdated.title, { description: MSG.passwordUpdated.description });
      navigate("/", { replace: true });
    } catch {
      notify.success(MSG.passwordUpdated.title, { description: "Sign in with your new password." });
      navigate(email ? `/auth?email=${encodeURIComponent(email)}` : "/auth", { replace: true });
    }
  }

  return (
    <PublicFrame>
      {state === "checking" && (
        <div role="status" aria-label="Loading" aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      {state === "expired" && (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">This Link Has Expired</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            This password reset link has expired or has already been used.
          </p>
          <Button
            className="mt-6 w-full"
            onClick={() => navigate(email ? `/auth?mode=reset&email=${encodeURIComponent(email)}` : "/auth?mode=reset")}
          >
            Send a New Link
          </Button>
        </>
      )}
      {state === "valid" && (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Choose a New Password</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {email ? `For ${email}. ` : ""}Use at least 6 characters; you will be signed in right after.
          </p>
          <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-label="Choose a New Password">
            <NewPasswordFields
              ids={FIELD}
              label="New Password"
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
            />
            <Button type="submit" busy={busy} className="mt-2 w-full">
              Set New Password
            </Button>
          </form>
        </>
      )}
    </PublicFrame>
  );
}
