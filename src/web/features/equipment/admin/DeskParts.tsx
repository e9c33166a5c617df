import { lazy, Suspense, type ReactNode } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { SignatureCanvas } from "../../../components/SignatureCanvas.tsx";
import { ApiError } from "../../../lib/api.ts";

// The camera scanner (and the QR decoder it may fetch) loads only when the desk is opened.
const QrScanner = lazy(() => import("../QrScanner.tsx"));

/** Where the desk types or scans the tags of a hand-over (out or back), one by one, onto its list. */
export function TagEntry(props: {
  heading: string;
  label: string;
  hint: string;
  scanLabel: string;
  addLabel: string;
  value: string;
  onChange(value: string): void;
  onAdd(tag: string): void;
}) {
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        props.onAdd(props.value);
      }}
    >
      <h2 className="text-lg font-semibold">{props.heading}</h2>
      <Field
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        hint={props.hint}
      />
      <Suspense fallback={null}>
        <QrScanner label={props.scanLabel} onTag={props.onAdd} />
      </Suspense>
      <Button type="submit" variant="secondary">
        {props.addLabel}
      </Button>
    </form>
  );
}

/**
 * The end of a hand-over: one signature on the pad for the whole list (or the box saying nobody signs), the button,
 * the receipts it made and why the desk refused it.
 */
export function SignOff(props: {
  onSubmit(): void;
  before?: ReactNode;
  padHeading: string;
  padExplanation: string;
  padKey: number;
  onSignature(png: string | null): void;
  unsignedLabel: string;
  unsignedDescription: string;
  unsigned: boolean;
  onUnsigned(value: boolean): void;
  submitLabel: string;
  busy: boolean;
  receipts: { url: string; label: string }[];
  refusal: string | null;
  refusalPrefix: string;
}) {
  return (
    <form
      className="mt-3 flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.before}
      {!props.unsigned && (
        <div>
          <p className="mb-1 text-sm font-medium">{props.padHeading}</p>
          <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{props.padExplanation}</p>
          <SignatureCanvas
            key={props.padKey}
            label={`${props.padHeading}: draw it here with a finger, a pen or the mouse`}
            onChange={props.onSignature}
          />
        </div>
      )}
      <Checkbox
        label={props.unsignedLabel}
        description={props.unsignedDescription}
        checked={props.unsigned}
        onChange={(e) => props.onUnsigned(e.target.checked)}
      />
      <Button type="submit" busy={props.busy}>
        {props.submitLabel}
      </Button>
      {props.receipts.map((r) => (
        <a
          key={r.url}
          href={r.url}
          download
          className="text-sm font-medium text-amber-700 underline dark:text-amber-400"
        >
          {r.label}
        </a>
      ))}
      {props.refusal && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium dark:border-red-900 dark:bg-red-950/40"
        >
          {props.refusalPrefix}: {props.refusal}
        </p>
      )}
    </form>
  );
}

/**
 * Why the desk refused a hand-over (no approved reservation, a tag not out, no signature) stays beside the form while
 * the desk tells the person, rather than in a toast that leaves; a server failure still gets the toast.
 */
export const refusalInto = (set: (text: string) => void) => (err: unknown) => {
  if (!(err instanceof ApiError) || err.status >= 500) return false;
  set(err.message);
  return true;
};
