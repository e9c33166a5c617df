import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { loadToasts, notify } from "../../components/toast.tsx";
import { Brand } from "../../components/Brand.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { NEW_PASSWORD_HINT, PasswordField } from "../../components/ui/PasswordField.tsx";
import { ApiError } from "../../lib/api.ts";
import { SignInRequiredError, useAuth } from "./AuthProvider.tsx";
import { useSignInOptions } from "../../lib/sign-in-options.ts";
import {
  emailProblem,
  fullNameProblem,
  MSG,
  newPasswordProblem,
  requiredProblem,
  signUpMessage,
  type Problem,
} from "./messages.ts";

export type AuthMode = "signin" | "signup" | "reset";

const HEADINGS: Record<AuthMode, { title: string; submit: string; intro: string }> = {
  signin: { title: "Sign In", submit: "Sign In", intro: "Sign in with your school e-mail to reach your productions." },
  signup: {
    title: "Create Account",
    submit: "Create Account",
    intro: "Create your account to join productions, submit screenplays and book equipment.",
  },
  reset: {
    title: "Reset Password",
    submit: "Send Reset Email",
    intro: "We will e-mail you a link to choose a new password.",
  },
};

/** Only accounts with two-step sign-in need it: fetched when a sign-in asks for a code (and warmed on sign-in's submit). */
const loadTwoStepForm = () => import("./TwoStepForm.tsx");
const TwoStepForm = lazy(loadTwoStepForm);
/** Only schools with single sign-on show its button: the first load of /auth stays as small without it. */
const SsoSignIn = lazy(() => import("./sso.tsx").then((m) => ({ default: m.SsoSignIn })));

const FIELD = { fullName: "auth-full-name", email: "auth-email", password: "auth-password" } as const;

function parseMode(value: string | null): AuthMode {
  return value === "signup" || value === "reset" ? value : "signin";
}

/** On /auth the mode lives in the URL (?mode=signup|reset); in place of a protected page it is local. */
function useMode(routed: boolean): [AuthMode, (mode: AuthMode) => void, string] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<AuthMode>("signin");
  if (!routed) return [local, setLocal, ""];
  return [
    parseMode(params.get("mode")),
    (mode) => setParams(mode === "signin" ? {} : { mode }),
    params.get("email") ?? "",
  ];
}

function report(problem: Problem) {
  notify.error(problem.title, { description: problem.description });
  document.getElementById(problem.field)?.focus();
}

function unexpected(err: unknown) {
  console.error(err);
  notify.error(MSG.unexpected.title, { description: MSG.unexpected.description });
}

/**
 * SPEC §2's sign-in screen with its three modes. It renders on /auth and in place of any protected
 * page while nobody is signed in; signing in there re-renders the page that was asked for.
 */
export function AuthScreen({ routed = false }: { routed?: boolean }) {
  const { signIn, signUp, requestPasswordReset } = useAuth();
  const [mode, setMode, emailFromLink] = useMode(routed);
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState(emailFromLink);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  /** The password was right and the account asks for a code: the second step replaces the form. */
  const [twoStep, setTwoStep] = useState(false);
  const heading = HEADINGS[mode];
  const sso = useSignInOptions()?.sso;

  // A mode switch removes the button that had the focus; hand it to the first field of the new form.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById(mode === "signup" ? FIELD.fullName : FIELD.email)?.focus();
  }, [mode]);

  async function submitSignIn() {
    const problem = emailProblem(email, FIELD.email) ?? requiredProblem(password, FIELD.password);
    if (problem) return report(problem);
    try {
      if ((await signIn(email.trim(), password)) === "two-step") {
        await loadTwoStepForm();
        setPassword("");
        setTwoStep(true);
        return;
      }
      notify.success(MSG.welcome);
    } catch (err) {
      if (!(err instanceof ApiError)) return unexpected(err);
      notify.error(MSG.signInFailed, { description: err.message || MSG.signInFallback });
    }
  }

  async function submitSignUp() {
    const problem =
      fullNameProblem(fullName, FIELD.fullName) ??
      emailProblem(email, FIELD.email) ??
      newPasswordProblem(password, FIELD.password);
    if (problem) return report(problem);
    try {
      const outcome = await signUp(email.trim(), password, fullName.trim());
      if (outcome === "two-step") {
        await loadTwoStepForm();
        setPassword("");
        setMode("signin");
        setTwoStep(true);
        return;
      }
      notify.success(outcome === "existing" ? MSG.welcome : MSG.accountCreated);
    } catch (err) {
      if (err instanceof SignInRequiredError) {
        const unconfirmed =
          err.cause instanceof ApiError && /not verified|confirm/i.test(`${err.cause.code} ${err.cause.message}`);
        notify.success(MSG.accountCreated, {
          description: unconfirmed
            ? "Confirm your e-mail with the link we sent you, then sign in."
            : "Please sign in with your new account.",
        });
        setPassword("");
        setMode("signin");
        return;
      }
      if (!(err instanceof ApiError)) return unexpected(err);
      notify.error(MSG.signUpFailed, { description: signUpMessage(err.message) });
    }
  }

  async function submitReset() {
    const problem = requiredProblem(email.trim(), FIELD.email);
    if (problem) return report(problem);
    try {
      await requestPasswordReset(email.trim());
      notify.success(MSG.resetSent.title, { description: MSG.resetSent.description });
      setMode("signin");
    } catch (err) {
      if (!(err instanceof ApiError)) return unexpected(err);
      notify.error(MSG.resetFailed.title, { description: MSG.resetFailed.description });
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (mode === "signin") await submitSignIn();
      else if (mode === "signup") await submitSignUp();
      else await submitReset();
    } finally {
      setBusy(false);
    }
  }

  function switchTo(next: AuthMode) {
    setPassword("");
    setMode(next);
  }

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="px-4 pt-8 text-center sm:pt-14">
        <Brand className="text-xl" />
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Film and documentary productions of the film school, from pitch to delivery.
        </p>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:py-10">
        <div className="w-full max-w-sm">
          {sso && !twoStep && (
            <Suspense fallback={null}>
              <SsoSignIn label={sso.label} />
            </Suspense>
          )}
          <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            {twoStep ? (
              <>
                <h1 className="text-2xl font-semibold tracking-tight">Two-Step Sign-In</h1>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                  Your password was right. Now enter the code from your authenticator app.
                </p>
                <Suspense
                  fallback={
                    <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400" role="status">
                      Loading…
                    </p>
                  }
                >
                  <TwoStepForm onRestart={() => setTwoStep(false)} />
                </Suspense>
              </>
            ) : (
              <>
                <h1 className="text-2xl font-semibold tracking-tight">{heading.title}</h1>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{heading.intro}</p>
                <form
                  noValidate
                  onSubmit={onSubmit}
                  onFocus={() => void loadToasts()}
                  className="mt-6 flex flex-col gap-4"
                  aria-label={heading.title}
                >
                  {mode === "signup" && (
                    <Field
                      id={FIELD.fullName}
                      label="Full Name"
                      required
                      autoComplete="name"
                      value={fullName}
                      onChange={(e) => setFullName(e.target.value)}
                    />
                  )}
                  <Field
                    id={FIELD.email}
                    label="Email"
                    type="email"
                    required
                    autoComplete="email"
                    inputMode="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                  {mode !== "reset" && (
                    <PasswordField
                      id={FIELD.password}
                      label="Password"
                      autoComplete={mode === "signup" ? "new-password" : "current-password"}
                      hint={mode === "signup" ? NEW_PASSWORD_HINT : undefined}
                      value={password}
                      onValue={setPassword}
                    />
                  )}
                  <Button type="submit" busy={busy} className="mt-2 w-full">
                    {heading.submit}
                  </Button>
                </form>
              </>
            )}
          </div>
          <div hidden={twoStep} className="mt-4 flex flex-col items-center gap-1 text-sm">
            {mode === "signin" && (
              <>
                <FooterLink onClick={() => switchTo("reset")}>Forgot your password? Reset it</FooterLink>
                <FooterLink onClick={() => switchTo("signup")}>Don't have an account? Sign up</FooterLink>
              </>
            )}
            {mode === "signup" && (
              <FooterLink onClick={() => switchTo("signin")}>Already have an account? Sign in</FooterLink>
            )}
            {mode === "reset" && (
              <FooterLink onClick={() => switchTo("signin")}>Remember your password? Sign in</FooterLink>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}

function FooterLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button variant="link" onClick={onClick} className="font-normal">
      {children}
    </Button>
  );
}
