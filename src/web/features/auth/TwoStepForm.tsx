import { useEffect, useState, type FormEvent } from "react";
import {
  CODE_ALREADY_USED_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from "../../../common/two-step.ts";
import { notify } from "../../components/toast.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "./AuthProvider.tsx";
import { MSG } from "./messages.ts";

const CODE_FIELD = "auth-two-step-code";

/** better-auth's answers to a second step, in words for the person at the screen. */
function twoStepMessage(err: ApiError, kind: "totp" | "recovery"): { text: string; restart: boolean } {
  // A code already used is refused like a wrong one (the same code), with the portal's own sentence.
  if (err.code === "INVALID_CODE")
    return {
      text: err.message === CODE_ALREADY_USED_MESSAGE ? CODE_ALREADY_USED_MESSAGE : WRONG_CODE_MESSAGE,
      restart: false,
    };
  if (err.code === "INVALID_BACKUP_CODE") return { text: WRONG_RECOVERY_CODE_MESSAGE, restart: false };
  // The half-done sign-in lasts 10 minutes and 5 tries; after that the password is asked again.
  if (err.code === "INVALID_TWO_FACTOR_COOKIE" || err.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return {
      text: "This sign-in has expired or had too many wrong codes. Please enter your password again.",
      restart: true,
    };
  }
  return { text: err.message || (kind === "totp" ? WRONG_CODE_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE), restart: false };
}

/**
 * The second step of a sign-in for an account with two-step sign-in: a code of the authenticator app, or one
 * of the recovery codes. Loaded only when a sign-in asks for it, so /auth's first load does not carry it.
 */
export default function TwoStepForm({ onRestart }: { onRestart: () => void }) {
  const { verifyTwoStep } = useAuth();
  const [kind, setKind] = useState<"totp" | "recovery">("totp");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.getElementById(CODE_FIELD)?.focus();
  }, [kind]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      notify.error(MSG.missing.title, {
        description:
          kind === "totp" ? "Enter the 6-digit code from your authenticator app." : "Enter one of your recovery codes.",
      });
      document.getElementById(CODE_FIELD)?.focus();
      return;
    }
    setBusy(true);
    try {
      await verifyTwoStep({ kind, code: kind === "totp" ? code.replace(/\s+/g, "") : code.trim() });
      notify.success(MSG.welcome);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        console.error(err);
        notify.error(MSG.unexpected.title, { description: MSG.unexpected.description });
        return;
      }
      const { text, restart } = twoStepMessage(err, kind);
      notify.error(MSG.signInFailed, { description: text });
      setCode("");
      if (restart) onRestart();
      else document.getElementById(CODE_FIELD)?.focus();
    } finally {
      setBusy(false);
    }
  }

  const switchKind = () => {
    setCode("");
    setKind(kind === "totp" ? "recovery" : "totp");
  };

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-label="Two-Step Sign-In">
        {kind === "totp" ? (
          <Field
            id={CODE_FIELD}
            label="Code"
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint="The 6-digit code your authenticator app shows for The Portal."
          />
        ) : (
          <Field
            id={CODE_FIELD}
            label="Recovery Code"
            required
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint="One of the codes you saved when you set up two-step sign-in. Each works once."
          />
        )}
        <Button type="submit" busy={busy} className="mt-2 w-full">
          Verify
        </Button>
      </form>
      <div className="mt-4 flex flex-col items-center gap-1 text-sm">
        <Button variant="link" onClick={switchKind} className="font-normal">
          {kind === "totp" ? "Lost your phone? Use a recovery code" : "Use the code from your app instead"}
        </Button>
        <Button variant="link" onClick={onRestart} className="font-normal">
          Back to sign in
        </Button>
      </div>
    </>
  );
}
