import { useState } from "react";
import { type DeskResultDto } from "../../../../common/equipment.ts";
import { RECEIPT_LABELS } from "../../../../common/equipment-states.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { post, useEquipmentChange } from "../api.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { DeskLists } from "./DeskLists.tsx";
import { refusalInto, SignOff, TagEntry } from "./DeskParts.tsx";
import { CheckIn, returnRow, type ReturnRow } from "./CheckIn.tsx";

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
  const [returns, setReturns] = useState<ReturnRow[]>([]);
  useLeaveGuard(outTags.length > 0 || signature !== null, "the list to check out and the signature");
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
      onError: refusalInto(setRefusal),
    },
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <TagEntry
          heading="Check out"
          label="Asset tag to check out"
          hint="Type the tag, scan the label with a barcode scanner, or use the camera; add each item of the hand-over."
          scanLabel="Scan to check out"
          addLabel="Add to the list"
          value={outTag}
          onChange={setOutTag}
          onAdd={addTag}
        />
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
        <SignOff
          onSubmit={() => {
            setRefusal(null);
            const assetTags = outTag.trim() ? [...outTags, outTag.trim().toUpperCase()] : outTags;
            if (assetTags.length === 0) return void setRefusal("Add the asset tag of each item that goes out.");
            if (!signature && !notPresent)
              return void setRefusal("The borrower signs on the pad, or tick “Borrower not present”.");
            checkOut.mutate({ assetTags: [...new Set(assetTags)], signature, borrowerNotPresent: notPresent });
          }}
          padHeading="Borrower's signature"
          padExplanation="The borrower signs once for everything on the list; the signature goes on the check-out receipt (PDF)."
          padKey={padKey}
          onSignature={setSignature}
          unsignedLabel="Borrower not present"
          unsignedDescription="Hand out without a signature; the receipt says the borrower was not there."
          unsigned={notPresent}
          onUnsigned={setNotPresent}
          submitLabel="Check out"
          busy={checkOut.isPending}
          receipts={receipt ? [{ url: receipt, label: RECEIPT_LABELS.check_out }] : []}
          refusal={refusal}
          refusalPrefix="Not checked out"
        />
      </Card>
      <CheckIn rows={returns} setRows={setReturns} onDone={setLast} />
      {last && (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm lg:col-span-2 dark:bg-emerald-950/40">
          {last}
        </p>
      )}
      <DeskLists
        onPick={(list, tags) =>
          list === "due_today"
            ? tags.forEach(addTag)
            : setReturns((rows) => [...rows, ...tags.filter((t) => !rows.some((r) => r.assetTag === t)).map(returnRow)])
        }
      />
    </div>
  );
}
