import { useState } from "react";
import { useSearchParams } from "react-router";
import { SSO_PROVIDER_ID } from "../../../common/sso.ts";
import { Button } from "../../components/ui/Button.tsx";
import { api, errorText } from "../../lib/api.ts";
import { safeNext } from "../../lib/next.ts";

const RESTART = "Please start again with the school sign-in button.";

/**
 * What the provider's callback can come back with (better-auth's `?error=` codes), said for people. Anything a
 * token check refused (a bad signature, another issuer, an expired token) arrives as `unable_to_get_user_info`.
 */
export function ssoErrorMessage(code: string, description: string | null): string {
  switch (code) {
    case "state_mismatch":
    case "state_not_found":
    case "state_invalid":
    case "please_restart_the_process":
      return `This sign-in has already been used or has expired. ${RESTART}`;
    case "unable_to_get_user_info":
    case "invalid_code":
    case "nonce_binding_missing":
      return `The school's sign-in answer could not be verified, so you were not signed in. ${RESTART}`;
    case "issuer_mismatch":
    case "issuer_missing":
      return `The sign-in answer did not come from the school's sign-in service, so you were not signed in. ${RESTART}`;
    case "account_not_linked":
    case "unable_to_link_account":
      return "An account with this e-mail already exists, and your school account did not confirm the address. Sign in with your password, or ask the school's administrator.";
    case "email_not_found":
      return "Your school account did not share an e-mail address, which The Portal needs. Please ask the school's IT.";
    case "access_denied":
      return "The school's sign-in was cancelled.";
    default:
      // better-auth passes our own refusals (a deactivated account) through with their sentence.
      return description && /[a-z] [a-z]/i.test(description)
        ? description
        : `Signing in with the school account failed. ${RESTART}`;
  }
}

/** The one button above the three modes, and what went wrong the last time it was used. */
export function SsoSignIn({ label }: { label: string }) {
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const code = params.get("error");
  const message = failure ?? (code ? ssoErrorMessage(code, params.get("error_description")) : null);

  async function start() {
    setBusy(true);
    setFailure(null);
    try {
      // Back where the person was going: the page asked for, or /auth's `?next=`.
      const here =
        window.location.pathname === "/auth"
          ? (safeNext(params.get("next")) ?? "/")
          : window.location.pathname + window.location.search;
      const { url } = await api<{ url: string }>("/auth/v1/sign-in/social", {
        json: { provider: SSO_PROVIDER_ID, callbackURL: here, errorCallbackURL: "/auth", newUserCallbackURL: here },
      });
      window.location.assign(url);
    } catch (err) {
      setFailure(errorText(err));
      setBusy(false);
    }
  }

  return (
    <div className="mb-4 flex flex-col gap-3">
      {message && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {message}
        </p>
      )}
      <Button variant="secondary" busy={busy} onClick={() => void start()} className="w-full">
        {label}
      </Button>
    </div>
  );
}
