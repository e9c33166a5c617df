import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { SESSIONS_QUERY_KEY } from "../../../common/sessions.ts";
import {
  CODE_ALREADY_USED_MESSAGE,
  TWO_STEP_SETUP_REQUIRED_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "../../../common/two-step.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { TWO_STEP_SECTION_ID } from "../../app/RequireAuth.tsx";
import { useAuth } from "../auth/AuthProvider.tsx";
import { report } from "./report.ts";
import { Section } from "./Section.tsx";
import { enableTwoStep, verifyTotp, newBackupCodes, disableTwoStep } from "./api.ts";

const FIELDS = { password: "settings-two-step-password", code: "settings-two-step-code" };

type Step =
  | { at: "idle" }
  | { at: "scan"; totpURI: string; backupCodes: string[] }
  | { at: "codes"; backupCodes: string[]; fresh: boolean };

/** The app's QR code, drawn with the QR library the equipment labels use, loaded only for the setup. */
function QrImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import("qrcode")
      .then((QR) => QR.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((svg) => !cancelled && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => !cancelled && setSrc(null));
    return () => {
      cancelled = true;
    };
  }, [uri]);
  return src ? (
    <img
      src={src}
      alt="QR code to scan with your authenticator app"
      width={176}
      height={176}
      className="rounded border border-zinc-200 bg-white p-1 dark:border-zinc-700"
    />
  ) : (
    <div className="size-44 rounded border border-zinc-200 dark:border-zinc-700" aria-hidden />
  );
}

const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";
/** Groups of four read more easily when typed into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function passwordProblem(error: unknown) {
  return error instanceof ApiError && error.code === "INVALID_PASSWORD"
    ? { title: "Wrong password", description: "Your password is not correct.", field: FIELDS.password }
    : {
        title: "Two-step sign-in not changed",
        description: error instanceof ApiError ? error.message : "An unexpected error occurred",
        field: FIELDS.password,
      };
}

/** Two-step sign-in for staff and admins: set up with an authenticator app, recovery codes shown once, or turned off. */
export function TwoStepSection() {
  const { user, refresh: refreshSession } = useAuth();
  const queryClient = useQueryClient();
  // Turning it on or off replaces this browser's session (better-auth signs the new state into a new one).
  const refresh = () =>
    Promise.all([refreshSession(), queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY })]);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<Step>({ at: "idle" });
  const enabled = !!user?.twoStep.enabled;
  useLeaveGuard(
    step.at !== "idle",
    step.at === "codes" ? "your recovery codes, shown only this once" : "the two-step sign-in setup you started",
  );

  const begin = useMutation({
    mutationFn: () => enableTwoStep(password),
    onSuccess: (r) => {
      setPassword("");
      setStep({ at: "scan", ...r });
    },
    onError: (err) => report(passwordProblem(err)),
  });
  const confirm = useMutation({
    mutationFn: () => verifyTotp(code.replace(/\s+/g, "")),
    onSuccess: async () => {
      setCode("");
      if (step.at === "scan") setStep({ at: "codes", backupCodes: step.backupCodes, fresh: true });
      toast.success("Two-step sign-in is on", {
        description: "From now on you sign in with your password and a code from your app.",
      });
      await refresh();
    },
    onError: (err) =>
      report({
        title: "Code not accepted",
        description:
          err instanceof ApiError && err.code === "INVALID_CODE" && err.message !== CODE_ALREADY_USED_MESSAGE
            ? WRONG_CODE_MESSAGE
            : err.message,
        field: FIELDS.code,
      }),
  });
  const newCodes = useMutation({
    mutationFn: () => newBackupCodes(password),
    onSuccess: (r) => {
      setPassword("");
      setStep({ at: "codes", backupCodes: r.backupCodes, fresh: false });
    },
    onError: (err) => report(passwordProblem(err)),
  });
  const turnOff = useMutation({
    mutationFn: () => disableTwoStep(password),
    onSuccess: async () => {
      setPassword("");
      toast.success("Two-step sign-in is off", { description: "You sign in with your password alone." });
      await refresh();
    },
    onError: (err) => report(passwordProblem(err)),
  });

  const needPassword = (then: () => void) => (e?: FormEvent) => {
    e?.preventDefault();
    if (!password)
      return report({
        title: "Missing Information",
        description: "Enter your password to confirm it is you.",
        field: FIELDS.password,
      });
    then();
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, "")))
      return report({
        title: "Code not accepted",
        description: "Enter the 6-digit code your app shows now.",
        field: FIELDS.code,
      });
    confirm.mutate();
  };

  return (
    <Section
      id={TWO_STEP_SECTION_ID}
      title="Two-Step Sign-In"
      icon={<ShieldCheck aria-hidden className="size-5" />}
      description="Besides your password, signing in asks for a code from an authenticator app on your phone, so a stolen password alone does not open your account."
    >
      {user?.twoStep.setupNeeded && step.at === "idle" && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {TWO_STEP_SETUP_REQUIRED_MESSAGE}
        </p>
      )}

      {step.at === "scan" && (
        <form noValidate onSubmit={submitCode} className="flex flex-col gap-4">
          <ol className="list-decimal pl-5 text-sm text-zinc-700 dark:text-zinc-300">
            <li>
              Scan this QR code with an authenticator app (for example the one built into your phone's password
              manager).
            </li>
            <li>Or type the secret key into the app by hand.</li>
            <li>Enter the 6-digit code the app then shows.</li>
          </ol>
          <div className="flex flex-wrap items-center gap-4">
            <QrImage uri={step.totpURI} />
            <div className="text-sm">
              <div className="text-zinc-600 dark:text-zinc-400">Secret key</div>
              <code
                aria-label="Secret key"
                className="font-mono text-base break-all"
                data-secret={secretOf(step.totpURI)}
              >
                {grouped(secretOf(step.totpURI))}
              </code>
            </div>
          </div>
          <Field
            id={FIELDS.code}
            label="Code from the app"
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" busy={confirm.isPending}>
              Turn On
            </Button>
            <Button variant="ghost" onClick={() => setStep({ at: "idle" })}>
              Cancel
            </Button>
          </div>
        </form>
      )}

      {step.at === "codes" && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {step.fresh ? "Two-step sign-in is on. " : "Your old recovery codes no longer work. "}
            Save these recovery codes somewhere safe, away from your phone: each one signs you in once if you lose the
            app. They are shown only now.
          </p>
          <ul
            aria-label="Recovery codes"
            className="grid grid-cols-2 gap-1 rounded-md border border-zinc-200 p-3 font-mono text-sm dark:border-zinc-700"
          >
            {step.backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(step.backupCodes.join("\n"))
                  .then(() => toast.success("Recovery codes copied"))
              }
            >
              Copy
            </Button>
            <Button onClick={() => setStep({ at: "idle" })}>I Have Saved Them</Button>
          </div>
        </div>
      )}

      {step.at === "idle" && !enabled && (
        <form noValidate onSubmit={needPassword(() => begin.mutate())} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Two-step sign-in is off.</p>
          <Field
            id={FIELDS.password}
            label="Password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="To confirm it is you."
          />
          <div>
            <Button type="submit" busy={begin.isPending}>
              Set Up Two-Step Sign-In
            </Button>
          </div>
        </form>
      )}

      {step.at === "idle" && enabled && (
        <form noValidate onSubmit={needPassword(() => newCodes.mutate())} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Two-step sign-in is on: signing in asks for a code from your app, or one of your recovery codes.
          </p>
          <Field
            id={FIELDS.password}
            label="Password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="To confirm it is you."
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" busy={newCodes.isPending}>
              New Recovery Codes
            </Button>
            <Button variant="secondary" busy={turnOff.isPending} onClick={needPassword(() => turnOff.mutate())}>
              Turn Off
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
