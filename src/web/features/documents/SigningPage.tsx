import { CheckCircle2, CircleSlash, Link2Off } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { SIGNATURE_CONSENT, type DeadLinkReason, type SigningViewDto } from "../../../common/documents.ts";
import { Brand } from "../../components/Brand.tsx";
import { SignatureCanvas } from "../../components/SignatureCanvas.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { ApiError } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { answerSigning, useSigningPdf, useSigningView } from "./api.ts";
import { PdfPagesLoading } from "./PdfPagesLoading.tsx";
import {
  FieldOverlay,
  FieldWalker,
  goToField,
  initialValues,
  missingField,
  typedValues,
  type FieldValues,
  type SignaturePreview,
} from "./SigningFields.tsx";

// pdf.js is most of this page's code: fetched beside the document's bytes, so the text and the signature form
// are drawn before it arrives.
const loadViewer = () => import("./PdfPages.tsx");
const PdfPages = lazy(() => loadViewer().then((m) => ({ default: m.PdfPages })));

const DEAD_TITLES: Record<DeadLinkReason | "invalid", string> = {
  invalid: "This link does not work",
  used: "You have already answered",
  expired: "This link has expired",
  voided: "This request was withdrawn",
  declined: "This request is closed",
  completed: "This document is signed",
};

export function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="border-b border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
        <Brand className="text-lg" />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-5 px-3 py-5 sm:px-6">
        {children}
      </main>
    </div>
  );
}

function Outcome({
  icon: Icon,
  title,
  text,
  tone,
}: {
  icon: typeof CheckCircle2;
  title: string;
  text: string;
  tone: "good" | "bad";
}) {
  return (
    <Frame>
      <section
        role={tone === "bad" ? "alert" : "status"}
        className="mt-6 flex flex-col items-center gap-3 rounded-lg border border-zinc-200 bg-white p-6 text-center dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Icon aria-hidden className={`size-10 ${tone === "good" ? "text-emerald-600" : "text-zinc-500"}`} />
        <h1 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">Document Signature</h1>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">{text}</p>
      </section>
    </Frame>
  );
}

/** /signature/{submissionId}/{signatureId}?token=…: made for a phone, no account needed. */
export default function SigningPage() {
  const fmt = useFormats();
  const { submissionId = "", signatureId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const view = useSigningView(submissionId, signatureId, token);
  const pdf = useSigningPdf(submissionId, signatureId, token, view.data, () => void loadViewer());
  const [done, setDone] = useState<"signed" | "declined" | null>(null);
  const [deadReason, setDeadReason] = useState<{ reason: string; message: string } | null>(null);
  const [values, setValues] = useState<FieldValues | null>(null);
  const [signature, setSignature] = useState<SignaturePreview>(null);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (view.data && values === null) setValues(initialValues(view.data));
  }, [view.data, values]);

  if (done === "signed")
    return (
      <Outcome
        icon={CheckCircle2}
        tone="good"
        title="Thank you, it is signed"
        text="Your signature is recorded. When everyone has signed, you receive the sealed PDF with its audit certificate by e-mail. You can close this page."
      />
    );
  if (done === "declined")
    return (
      <Outcome
        icon={CircleSlash}
        tone="good"
        title="You declined to sign"
        text="The production has your reason and will be in touch if anything changes. You can close this page."
      />
    );

  const error =
    deadReason ??
    (view.error instanceof ApiError && view.error.status === 404
      ? { reason: (view.error.details as { reason?: string })?.reason ?? "invalid", message: view.error.message }
      : null);
  if (error)
    return (
      <Outcome
        icon={Link2Off}
        tone="bad"
        title={DEAD_TITLES[error.reason as DeadLinkReason] ?? DEAD_TITLES.invalid}
        text={error.message}
      />
    );
  if (view.isError)
    return (
      <Outcome
        icon={Link2Off}
        tone="bad"
        title="The document could not be loaded"
        text={(view.error as Error).message}
      />
    );
  if (view.isPending) {
    return (
      <Frame>
        <div role="status" aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading the document</span>
          <div className="h-7 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-96 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        </div>
      </Frame>
    );
  }
  const v = view.data;
  const filled = values ?? initialValues(v);
  const today = fmt.date(new Date().toISOString());
  const setValue = (id: string, value: string) => setValues({ ...filled, [id]: value });
  const walk = { fields: v.fields, values: filled, today, current, onValue: setValue, onCurrent: setCurrent };
  return (
    <Frame>
      <div>
        <h1 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">Document Signature</h1>
        <h2 className="text-xl font-semibold break-words sm:text-2xl">
          {v.signer.role === "approver" ? "Approve" : "Sign"} “{v.documentTitle}”
        </h2>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          {v.senderName} of the production “{v.projectTitle}” ({v.schoolName}) asks {v.signer.name} to{" "}
          {v.signer.role === "approver" ? "approve" : "sign"} this document of {v.pages}{" "}
          {v.pages === 1 ? "page" : "pages"}. The link works until {fmt.dateTime(v.expiresAt)}.
        </p>
        {v.message && (
          <blockquote className="mt-3 border-l-4 border-amber-400 bg-white px-3 py-2 text-sm whitespace-pre-line dark:bg-zinc-900">
            {v.message}
          </blockquote>
        )}
      </div>
      {/* Edge to edge on a phone: every pixel of the screen's width goes to the page's text. Its height is set
          before the document arrives (the pages scroll inside), so the form below stays where it was drawn. */}
      <section aria-label="The document" className="-mx-3 h-[calc(70dvh+5rem)] sm:mx-0">
        {pdf.isError ? (
          <p role="alert" className="text-sm">
            {(pdf.error as Error).message}
          </p>
        ) : pdf.data ? (
          <Suspense fallback={<PdfPagesLoading compact />}>
            <PdfPages
              data={pdf.data}
              title={v.documentTitle}
              compact
              overlay={
                v.fields.length
                  ? (page, size) => <FieldOverlay page={page} size={size} signature={signature} {...walk} />
                  : undefined
              }
            />
          </Suspense>
        ) : (
          <PdfPagesLoading compact />
        )}
      </section>
      {v.fields.length > 0 && <FieldWalker {...walk} />}
      <SignForm
        answer={(action, json) => answerSigning(submissionId, signatureId, token, action, json)}
        view={v}
        values={filled}
        onSignature={setSignature}
        onMissing={(i) => {
          setCurrent(i);
          goToField(v.fields[i]);
        }}
        onDone={setDone}
        onDead={setDeadReason}
      />
    </Frame>
  );
}

function SignForm({
  answer,
  view,
  values,
  onSignature,
  onMissing,
  onDone,
  onDead,
}: {
  answer(action: string, json: unknown): Promise<unknown>;
  view: SigningViewDto;
  values: FieldValues;
  onSignature(s: SignaturePreview): void;
  onMissing(index: number): void;
  onDone(d: "signed" | "declined"): void;
  onDead(e: { reason: string; message: string }): void;
}) {
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<"drawn" | "typed">("drawn");
  const [typed, setTyped] = useState("");
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [drawnPng, setDrawnPng] = useState<string | null>(null);

  useEffect(() => {
    if (mode === "typed") onSignature(typed.trim().length >= 2 ? { kind: "typed", value: typed.trim() } : null);
  }, [mode, typed, onSignature]);

  const post = async (path: string, json: unknown, outcome: "signed" | "declined", failure: string) => {
    setBusy(true);
    try {
      await answer(path, json);
      onDone(outcome);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        onDead({ reason: (err.details as { reason?: string })?.reason ?? "invalid", message: err.message });
      else toast.error(failure, { description: err instanceof Error ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  const sign = (e: FormEvent) => {
    e.preventDefault();
    if (!consent)
      return void toast.error("Not signed", { description: "Tick the box to agree to sign electronically." });
    const drawn = mode === "drawn" ? drawnPng : null;
    if (mode === "drawn" && !drawn)
      return void toast.error("Not signed", { description: "Draw your signature in the box." });
    if (mode === "typed" && typed.trim().length < 2)
      return void toast.error("Not signed", { description: "Type your full name to sign." });
    // The signature is given by now; what may still be missing is a field on the pages.
    const missing = missingField(view.fields, values, { kind: "typed", value: typed });
    if (missing) {
      onMissing(missing.index);
      return void toast.error("Not signed", { description: missing.message });
    }
    const fields = typedValues(view.fields, values);
    void post(
      "sign",
      drawn ? { kind: "drawn", consent, image: drawn, fields } : { kind: "typed", consent, text: typed, fields },
      "signed",
      "Not signed",
    );
  };

  if (declining) {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < 3)
            return void toast.error("Not declined", { description: "Say briefly why you decline." });
          void post("decline", { reason }, "declined", "Not declined");
        }}
        noValidate
        className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h3 className="text-lg font-semibold">Decline to sign</h3>
        <Textarea
          label="Why do you decline?"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint="The production reads this. The request closes, and no one else is asked to sign it."
        />
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" variant="danger" busy={busy}>
            Decline
          </Button>
          <Button variant="secondary" onClick={() => setDeclining(false)} disabled={busy}>
            Back to Signing
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form
      id="your-signature"
      onSubmit={sign}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 className="text-lg font-semibold">Your signature</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Signing as <strong>{view.signer.name}</strong> ({view.signer.email}).
      </p>
      <div role="radiogroup" aria-label="How to sign" className="grid grid-cols-2 gap-2">
        {(["drawn", "typed"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => setMode(m)}
            className={`min-h-11 rounded-md border text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-500 ${mode === m ? "border-zinc-900 bg-zinc-900 text-white dark:border-amber-400 dark:bg-amber-400 dark:text-zinc-950" : "border-zinc-300 dark:border-zinc-700"}`}
          >
            {m === "drawn" ? "Draw" : "Type"}
          </button>
        ))}
      </div>
      {mode === "drawn" ? (
        <SignatureCanvas
          label="Draw your signature here with a finger, a pen or the mouse"
          onChange={(png) => {
            setDrawnPng(png);
            onSignature(png ? { kind: "drawn", value: png } : null);
          }}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <Field
            label="Type your full name"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="name"
          />
          {typed.trim() && (
            <p
              aria-hidden
              className="min-h-12 rounded-md border border-zinc-200 bg-white px-3 py-2 font-serif text-3xl text-zinc-900 italic"
            >
              {typed}
            </p>
          )}
        </div>
      )}
      <Checkbox
        label="I agree to sign electronically"
        description={SIGNATURE_CONSENT}
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
      />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" busy={busy}>
          {view.signer.role === "approver" ? "Approve" : "Sign"}
        </Button>
        <Button variant="secondary" onClick={() => setDeclining(true)} disabled={busy}>
          Decline
        </Button>
      </div>
      <p className="text-xs text-zinc-500">
        Your IP address, browser and the times you opened and signed are recorded on the document's audit certificate.
      </p>
    </form>
  );
}
