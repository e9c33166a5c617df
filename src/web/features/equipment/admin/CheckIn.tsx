import { useState } from "react";
import { toast } from "sonner";
import { type ReturnResultDto } from "../../../../common/equipment.ts";
import { CONDITIONS, CONDITION_LABELS, RECEIPT_LABELS, type Condition } from "../../../../common/equipment-states.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { errorText } from "../../../lib/api.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { post, uploadPhoto, useEquipmentChange } from "../api.ts";
import { PHOTO_ACCEPT } from "../shared.tsx";
import { refusalInto, SignOff, TagEntry } from "./DeskParts.tsx";

/** One item on the return list, as the desk finds it. */
export interface ReturnRow {
  assetTag: string;
  condition: Condition;
  notes: string;
  damaged: boolean;
  photos: File[];
}
export const returnRow = (assetTag: string): ReturnRow => ({
  assetTag,
  condition: "good",
  notes: "",
  damaged: false,
  photos: [],
});

/**
 * The desk's check-in: tags scanned (or picked from the lists below) into a return list, each item's condition and
 * notes, then one signature of the person returning for the whole list, and the return receipt.
 */
export function CheckIn({
  rows,
  setRows,
  onDone,
}: {
  rows: ReturnRow[];
  setRows(update: (rows: ReturnRow[]) => ReturnRow[]): void;
  onDone(message: string): void;
}) {
  const [tag, setTag] = useState("");
  const [returnedBy, setReturnedBy] = useState("");
  const [signature, setSignature] = useState<string | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const [padKey, setPadKey] = useState(0);
  // Photo inputs cannot be emptied by state: they are made again after each return.
  const [formKey, setFormKey] = useState(0);
  const [receipts, setReceipts] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  useLeaveGuard(rows.length > 0 || signature !== null, "the return list and the signature");

  const add = (raw: string) => {
    const t = raw.trim().toUpperCase();
    if (t) setRows((list) => (list.some((r) => r.assetTag === t) ? list : [...list, returnRow(t)]));
    setTag("");
  };
  const edit = (assetTag: string, change: Partial<ReturnRow>) =>
    setRows((list) => list.map((r) => (r.assetTag === assetTag ? { ...r, ...change } : r)));

  // The return is saved first and the photos follow it, so a photo refused (too large, not a picture) is reported
  // on its own and never undoes the return.
  const checkIn = useEquipmentChange(
    async (v: { rows: ReturnRow[]; signature: string | null; unsigned: boolean; returnedBy: string }) => {
      const result = await post<ReturnResultDto>("/desk/checkin", {
        items: v.rows.map(({ assetTag, condition, notes, damaged }) => ({ assetTag, condition, notes, damaged })),
        borrowerNotPresent: v.unsigned,
        returnedBy: v.returnedBy,
        ...(v.signature && !v.unsigned ? { signature: v.signature } : {}),
      });
      const refused: string[] = [];
      let kept = 0;
      for (const row of v.rows) {
        for (const file of row.photos) {
          await uploadPhoto(`returns/${encodeURIComponent(row.assetTag)}`, file).then(
            () => kept++,
            (err: unknown) => refused.push(`${file.name}: ${errorText(err)}`),
          );
        }
      }
      if (refused.length) toast.error("Photo not kept", { description: refused.join(" ") });
      return { ...result, kept };
    },
    {
      success: (r) => [
        "Checked in",
        r.kept ? `${r.message} ${r.kept === 1 ? "1 photo" : `${r.kept} photos`} kept.` : r.message,
      ],
      failure: "Not checked in",
      onSuccess: (r) => {
        onDone(r.message);
        setReceipts(r.receiptUrls);
        setRows(() => []);
        setTag("");
        setReturnedBy("");
        setSignature(null);
        setUnsigned(false);
        setPadKey((k) => k + 1);
        setFormKey((k) => k + 1);
        setRefusal(null);
      },
      onError: refusalInto(setRefusal),
    },
  );

  return (
    <Card>
      <TagEntry
        heading="Check in"
        label="Asset tag to check in"
        hint="Type or scan each item that comes back, or take a whole reservation from “Out now” below."
        scanLabel="Scan to check in"
        addLabel="Add to the return list"
        value={tag}
        onChange={setTag}
        onAdd={add}
      />
      {rows.length > 0 && (
        <ul key={formKey} aria-label="To check in" className="mt-3 flex flex-col gap-2">
          {rows.map((r) => (
            <li
              key={r.assetTag}
              aria-label={r.assetTag}
              className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-mono text-sm font-medium">{r.assetTag}</span>
                <Button
                  variant="ghost"
                  onClick={() => setRows((list) => list.filter((x) => x.assetTag !== r.assetTag))}
                >
                  Remove {r.assetTag}
                </Button>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                <Select
                  label={`Condition of ${r.assetTag}`}
                  value={r.condition}
                  onChange={(e) => {
                    const condition = e.target.value as Condition;
                    edit(r.assetTag, { condition, ...(condition === "damaged" ? { damaged: true } : {}) });
                  }}
                  options={CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
                />
                <Field
                  label={`Notes on ${r.assetTag}`}
                  value={r.notes}
                  onChange={(e) => edit(r.assetTag, { notes: e.target.value })}
                />
              </div>
              <Checkbox
                label={`${r.assetTag} damaged: send to maintenance`}
                checked={r.damaged || r.condition === "damaged"}
                disabled={r.condition === "damaged"}
                onChange={(e) => edit(r.assetTag, { damaged: e.target.checked })}
              />
              <div className="flex flex-col gap-1 text-sm">
                <label htmlFor={`photos-${r.assetTag}`} className="font-medium">
                  Condition photos of {r.assetTag}
                </label>
                <input
                  id={`photos-${r.assetTag}`}
                  type="file"
                  accept={PHOTO_ACCEPT}
                  capture="environment"
                  multiple
                  onChange={(e) => edit(r.assetTag, { photos: Array.from(e.target.files ?? []) })}
                  className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 dark:file:bg-zinc-800"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <SignOff
        onSubmit={() => {
          setRefusal(null);
          const typed = tag.trim().toUpperCase();
          const list = typed && !rows.some((r) => r.assetTag === typed) ? [...rows, returnRow(typed)] : rows;
          if (list.length === 0) return void setRefusal("Add the asset tag of each item that comes back.");
          if (!signature && !unsigned)
            return void setRefusal("The person returning signs on the pad, or tick “Returned without a signature”.");
          checkIn.mutate({ rows: list, signature, unsigned, returnedBy });
        }}
        before={
          <Field
            label="Returned by"
            value={returnedBy}
            onChange={(e) => setReturnedBy(e.target.value)}
            autoComplete="off"
            hint="Leave empty when the borrower brings it back; otherwise the name of who does."
          />
        }
        padHeading="Signature of the person returning"
        padExplanation="One signature for everything on the list; it goes on the return receipt (PDF) with each item's condition."
        padKey={padKey}
        onSignature={setSignature}
        unsignedLabel="Returned without a signature"
        unsignedDescription="Nobody is here to sign (the gear was left at the desk); the receipt says so."
        unsigned={unsigned}
        onUnsigned={setUnsigned}
        submitLabel="Check in"
        busy={checkIn.isPending}
        receipts={receipts.map((url, i) => ({
          url,
          label: `${RECEIPT_LABELS.check_in}${receipts.length > 1 ? ` ${i + 1}` : ""}`,
        }))}
        refusal={refusal}
        refusalPrefix="Not checked in"
      />
    </Card>
  );
}
