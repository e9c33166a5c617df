import { ChevronLeft, ChevronRight } from "lucide-react";
import type { SigningViewDto } from "../../../common/documents.ts";
import { FIELD_KIND_LABELS, type PageSize, type SigningFieldDto } from "../../../common/signature-fields.ts";
import { Button } from "../../components/ui/Button.tsx";
import { percentBox } from "./tab/FieldPlacer.tsx";

/** The signature as drawn or typed so far, to show in the signature fields before signing. */
export type SignaturePreview = { kind: "drawn" | "typed"; value: string } | null;

export type FieldValues = Record<string, string>;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("");

/** What the fields start with: the signer's name and initials, ready to correct. */
export function initialValues(view: SigningViewDto): FieldValues {
  const values: FieldValues = {};
  for (const f of view.fields) {
    if (f.kind === "name") values[f.id] = view.signer.name;
    if (f.kind === "initials") values[f.id] = initials(view.signer.name);
  }
  return values;
}

/** The first required field still empty, with its place in the walk, or null when all are filled. */
export function missingField(fields: SigningFieldDto[], values: FieldValues, signature: SignaturePreview) {
  const i = fields.findIndex((f) => {
    if (!f.required || f.kind === "date") return false;
    if (f.kind === "signature") return !signature;
    if (f.kind === "checkbox") return values[f.id] !== "true";
    return !(values[f.id] ?? "").trim();
  });
  if (i < 0) return null;
  const f = fields[i]!;
  return {
    index: i,
    message:
      f.kind === "signature"
        ? `Draw or type your signature below; it goes into the signature field on page ${f.page} (field ${i + 1} of ${fields.length}).`
        : `Fill in the ${FIELD_KIND_LABELS[f.kind].toLowerCase()} field on page ${f.page} (field ${i + 1} of ${fields.length}).`,
  };
}

/** What the signer sends: the fields they type in; the portal fills the date and the signature itself. */
export const typedValues = (fields: SigningFieldDto[], values: FieldValues) =>
  fields
    .filter((f) => f.kind !== "signature" && f.kind !== "date")
    .map((f) => ({ id: f.id, value: values[f.id] ?? "" }));

export const fieldDomId = (f: SigningFieldDto) => `field-${f.id}`;

/** Scrolls a field into view and puts the cursor in it. */
export function goToField(f: SigningFieldDto | undefined) {
  if (!f) return;
  const el = document.getElementById(fieldDomId(f));
  el?.scrollIntoView({ behavior: "smooth", block: "center" });
  el?.focus({ preventScroll: true });
}

const label = (f: SigningFieldDto, i: number, n: number) =>
  `${FIELD_KIND_LABELS[f.kind]}${f.required ? " (required)" : ""}, field ${i + 1} of ${n}`;

/** The signer's fields on one page, each filled in place. */
export function FieldOverlay({
  page,
  size,
  fields,
  values,
  today,
  signature,
  current,
  onValue,
  onCurrent,
}: {
  page: number;
  size: PageSize;
  fields: SigningFieldDto[];
  values: FieldValues;
  today: string;
  signature: SignaturePreview;
  current: number;
  onValue(id: string, value: string): void;
  onCurrent(i: number): void;
}) {
  return (
    <>
      {fields.map((f, i) => {
        if (f.page !== page) return null;
        const ring = i === current ? "ring-2 ring-amber-500" : "";
        const common = {
          id: fieldDomId(f),
          "aria-label": label(f, i, fields.length),
          onFocus: () => onCurrent(i),
          style: percentBox(f, size),
        };
        const box = `absolute rounded-sm border border-amber-500 bg-amber-100/70 text-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-600 ${ring}`;
        if (f.kind === "signature") {
          // The name starts with the words the button shows.
          const shows = signature?.kind === "drawn" ? "" : signature ? `${signature.value}: ` : "Sign here: ";
          return (
            <button
              key={f.id}
              type="button"
              {...common}
              aria-label={`${shows}${common["aria-label"]}`}
              onClick={() => {
                onCurrent(i);
                document.getElementById("your-signature")?.scrollIntoView({ behavior: "smooth", block: "start" });
              }}
              className={`${box} flex items-center justify-center overflow-hidden`}
            >
              {signature?.kind === "drawn" ? (
                <img src={signature.value} alt="" className="max-h-full max-w-full object-contain" />
              ) : signature ? (
                <span className="truncate font-serif text-[clamp(10px,2.4vw,20px)] italic">{signature.value}</span>
              ) : (
                <span className="text-xs font-medium">Sign here</span>
              )}
            </button>
          );
        }
        if (f.kind === "checkbox")
          return (
            <input
              key={f.id}
              type="checkbox"
              {...common}
              checked={values[f.id] === "true"}
              onChange={(e) => onValue(f.id, e.target.checked ? "true" : "")}
              className={`${box} m-0 accent-amber-600`}
            />
          );
        return (
          <input
            key={f.id}
            {...common}
            readOnly={f.kind === "date"}
            value={f.kind === "date" ? today : (values[f.id] ?? "")}
            onChange={(e) => onValue(f.id, e.target.value)}
            className={`${box} min-w-0 px-0.5 text-[clamp(8px,1.6vw,14px)]`}
          />
        );
      })}
    </>
  );
}

/** "Field 2 of 5": the walk from field to field, with the current one's value at a size a phone can use. */
export function FieldWalker({
  fields,
  values,
  today,
  current,
  onValue,
  onCurrent,
}: {
  fields: SigningFieldDto[];
  values: FieldValues;
  today: string;
  current: number;
  onValue(id: string, value: string): void;
  onCurrent(i: number): void;
}) {
  const f = fields[current];
  if (!f) return null;
  const go = (i: number) => {
    onCurrent(i);
    goToField(fields[i]);
  };
  return (
    <section
      aria-label="Fields to fill in"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/30"
    >
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={current === 0} onClick={() => go(current - 1)} className="px-2">
          <ChevronLeft aria-hidden className="size-4" />
          Previous<span className="sr-only"> field</span>
        </Button>
        <p className="flex-1 text-center text-sm font-medium" aria-live="polite">
          {FIELD_KIND_LABELS[f.kind]} · {current + 1} of {fields.length}
          {f.required ? "" : " · optional"}
        </p>
        <Button onClick={() => go(Math.min(current + 1, fields.length - 1))} disabled={current === fields.length - 1}>
          Next Field
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
      {f.kind === "signature" ? (
        <p className="text-sm">Your signature below goes into this field on page {f.page}.</p>
      ) : f.kind === "date" ? (
        <p className="text-sm">
          The date of signing, {today}, is filled in on page {f.page}.
        </p>
      ) : f.kind === "checkbox" ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-amber-600"
            checked={values[f.id] === "true"}
            onChange={(e) => onValue(f.id, e.target.checked ? "true" : "")}
          />
          Tick the box on page {f.page}
        </label>
      ) : (
        <label className="flex flex-col gap-1 text-sm">
          <span>
            {FIELD_KIND_LABELS[f.kind]} on page {f.page}
          </span>
          <input
            value={values[f.id] ?? ""}
            onChange={(e) => onValue(f.id, e.target.value)}
            className="min-h-11 rounded-md border border-zinc-300 bg-white px-3 text-base dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
      )}
    </section>
  );
}
