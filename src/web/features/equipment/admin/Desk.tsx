import { lazy, Suspense, useRef, useState } from "react";
import { toast } from "sonner";
import { CONDITIONS, CONDITION_LABELS, type Condition, type DeskResultDto } from "../../../../common/equipment.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { PHOTO_ACCEPT } from "../shared.tsx";
import { post, uploadPhoto, useEquipmentChange } from "../api.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { DeskLists } from "./DeskLists.tsx";
import { SignatureCanvas } from "../../../components/SignatureCanvas.tsx";

// The camera scanner (and the QR decoder it may fetch) loads only when the desk is opened.
const QrScanner = lazy(() => import("../QrScanner.tsx"));

export function Desk() {
  const [outTag, setOutTag] = useState("");
  const [outTags, setOutTags] = useState<string[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [notPresent, setNotPresent] = useState(false);
  const [receipt, setReceipt] = useState<string | null>(null);
  // The pad is made again (empty) after each hand-over.
  const [padKey, setPadKey] = useState(0);
  const addTag = (raw: string) => {
    const tag = raw.trim().toUpperCase();
    if (tag) setOutTags((tags) => (tags.includes(tag) ? tags : [...tags, tag]));
    setOutTag("");
  };
  const [inTag, setInTag] = useState("");
  const [condition, setCondition] = useState<Condition>("good");
  const [notes, setNotes] = useState("");
  const [damaged, setDamaged] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  useLeaveGuard(notes.trim() !== "" || photos.length > 0, "the check-in notes and photos");
  useLeaveGuard(outTags.length > 0 || signature !== null, "the list to check out and the signature");
  const photoInput = useRef<HTMLInputElement>(null);
  const [last, setLast] = useState<string | null>(null);
  // Why an item cannot go out (no approved reservation, the greenlight not complete) stays beside the form while
  // the desk tells the crew, rather than in a toast that leaves.
  const [refusal, setRefusal] = useState<string | null>(null);
  const checkOut = useEquipmentChange(
    (v: { assetTags: string[]; signature: string | null; borrowerNotPresent: boolean }) =>
      post<DeskResultDto>("/desk/checkout", {
        assetTags: v.assetTags,
        borrowerNotPresent: v.borrowerNotPresent,
        ...(v.signature && !v.borrowerNotPresent ? { signature: v.signature } : {}),
      }),
    {
      success: (r) => ["Checked out", r.message],
      failure: "Not checked out",
      onSuccess: (r) => {
        setLast(r.message);
        setReceipt(r.receiptUrl ?? null);
        setOutTag("");
        setOutTags([]);
        setSignature(null);
        setNotPresent(false);
        setPadKey((k) => k + 1);
        setRefusal(null);
      },
      onError: (err) => {
        if (!(err instanceof ApiError) || err.status >= 500) return false;
        setRefusal(err.message);
        return true;
      },
    },
  );
  // The check-in is saved first and the photos follow it, so a photo refused (too large, not a picture)
  // is reported on its own and never undoes the return.
  const checkIn = useEquipmentChange(
    async (v: { assetTag: string; condition: Condition; notes: string; damaged: boolean; photos: File[] }) => {
      const result = await post<DeskResultDto>("/desk/checkin", {
        assetTag: v.assetTag,
        condition: v.condition,
        notes: v.notes,
        damaged: v.damaged,
      });
      const refused: string[] = [];
      for (const file of v.photos) {
        await uploadPhoto(`returns/${encodeURIComponent(v.assetTag)}`, file).catch((err: unknown) =>
          refused.push(`${file.name}: ${errorText(err)}`),
        );
      }
      if (refused.length) toast.error("Photo not kept", { description: refused.join(" ") });
      return { ...result, kept: v.photos.length - refused.length };
    },
    {
      success: (r) => [
        "Checked in",
        r.kept ? `${r.message} ${r.kept === 1 ? "1 photo" : `${r.kept} photos`} kept.` : r.message,
      ],
      failure: "Not checked in",
      onSuccess: (r) => {
        setLast(r.message);
        setInTag("");
        setNotes("");
        setDamaged(false);
        setCondition("good");
        setPhotos([]);
        if (photoInput.current) photoInput.current.value = "";
      },
    },
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            addTag(outTag);
          }}
        >
          <h2 className="text-lg font-semibold">Check out</h2>
          <Field
            label="Asset tag to check out"
            value={outTag}
            onChange={(e) => setOutTag(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            hint="Type the tag, scan the label with a barcode scanner, or use the camera; add each item of the hand-over."
          />
          <Suspense fallback={null}>
            <QrScanner label="Scan to check out" onTag={addTag} />
          </Suspense>
          <Button type="submit" variant="secondary">
            Add to the list
          </Button>
        </form>
        {outTags.length > 0 && (
          <ul aria-label="To check out" className="mt-3 flex flex-col gap-1">
            {outTags.map((t) => (
              <li
                key={t}
                className="flex items-center justify-between gap-2 rounded-md border border-zinc-200 px-3 py-1 dark:border-zinc-800"
              >
                <span className="font-mono text-sm">{t}</span>
                <Button variant="ghost" onClick={() => setOutTags((tags) => tags.filter((x) => x !== t))}>
                  Remove {t}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="mt-3 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setRefusal(null);
            const assetTags = outTag.trim() ? [...outTags, outTag.trim().toUpperCase()] : outTags;
            if (assetTags.length === 0) return void setRefusal("Add the asset tag of each item that goes out.");
            if (!signature && !notPresent)
              return void setRefusal("The borrower signs on the pad, or tick “Borrower not present”.");
            checkOut.mutate({ assetTags: [...new Set(assetTags)], signature, borrowerNotPresent: notPresent });
          }}
        >
          {!notPresent && (
            <div>
              <p className="mb-1 text-sm font-medium">Borrower's signature</p>
              <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
                The borrower signs once for everything on the list; the signature goes on the check-out receipt (PDF).
              </p>
              <SignatureCanvas
                key={padKey}
                label="Borrower's signature: draw it here with a finger, a pen or the mouse"
                onChange={setSignature}
              />
            </div>
          )}
          <Checkbox
            label="Borrower not present"
            description="Hand out without a signature; the receipt says the borrower was not there."
            checked={notPresent}
            onChange={(e) => setNotPresent(e.target.checked)}
          />
          <Button type="submit" busy={checkOut.isPending}>
            Check out
          </Button>
          {receipt && (
            <a href={receipt} download className="text-sm font-medium text-amber-700 underline dark:text-amber-400">
              Check-out receipt (PDF)
            </a>
          )}
          {refusal && (
            <p
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium dark:border-red-900 dark:bg-red-950/40"
            >
              Not checked out: {refusal}
            </p>
          )}
        </form>
      </Card>
      <Card>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            checkIn.mutate({ assetTag: inTag.trim(), condition, notes, damaged, photos });
          }}
        >
          <h2 className="text-lg font-semibold">Check in</h2>
          <Field
            label="Asset tag to check in"
            value={inTag}
            onChange={(e) => setInTag(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            required
          />
          <Suspense fallback={null}>
            <QrScanner label="Scan to check in" onTag={setInTag} />
          </Suspense>
          <Select
            label="Condition"
            value={condition}
            onChange={(e) => setCondition(e.target.value as Condition)}
            options={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
          />
          <Textarea label="Condition notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor="checkin-photos" className="font-medium">
              Condition photos
            </label>
            <input
              id="checkin-photos"
              ref={photoInput}
              type="file"
              accept={PHOTO_ACCEPT}
              capture="environment"
              multiple
              aria-describedby="checkin-photos-hint"
              onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 dark:file:bg-zinc-800"
            />
            <span id="checkin-photos-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
              PNG, JPEG or WebP, up to 6; a phone opens its camera.
            </span>
          </div>
          <Checkbox
            label="Damaged: send to maintenance"
            checked={damaged}
            onChange={(e) => setDamaged(e.target.checked)}
          />
          <Button type="submit" busy={checkIn.isPending}>
            Check in
          </Button>
        </form>
      </Card>
      {last && (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm lg:col-span-2 dark:bg-emerald-950/40">
          {last}
        </p>
      )}
      <DeskLists onPick={(list, tag) => (list === "due_today" ? addTag(tag) : setInTag(tag))} />
    </div>
  );
}
