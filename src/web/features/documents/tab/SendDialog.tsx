import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  SIGNER_ROLE_LABELS,
  SIGNER_ROLES,
  submissionCreateInput,
  type DocumentDto,
  type SignerRole,
} from "../../../../common/documents.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api } from "../../../lib/api.ts";
import { firstProblem } from "../../../lib/first-problem.ts";
import { documentPath, useDocumentBytes, useDocumentChange } from "../api.ts";
import { ContactPicker } from "../../production-contacts/ContactPicker.tsx";
import { FieldPlacer, type PlacedField } from "./FieldPlacer.tsx";
import { useSaveShortcut } from "../../../lib/useLeaveGuard.ts";

interface SignerRow {
  name: string;
  email: string;
  role: SignerRole;
}

export function SendDialog({ open, doc, onClose }: { open: boolean; doc: DocumentDto; onClose(): void }) {
  const [signers, setSigners] = useState<SignerRow[]>([{ name: "", email: "", role: "signer" }]);
  const [order, setOrder] = useState<"parallel" | "sequential">("parallel");
  const [message, setMessage] = useState("");
  const [reminderDays, setReminderDays] = useState("3");
  const [fields, setFields] = useState<PlacedField[]>([]);
  const [placing, setPlacing] = useState(false);
  const latest = doc.versions[0];
  const pdf = useDocumentBytes(doc.projectId, latest, open && placing);
  const onSaveKey = useSaveShortcut();
  const send = useDocumentChange(
    doc.projectId,
    (v: unknown) => api<DocumentDto>(`${documentPath(doc.projectId, doc.id)}/signature-requests`, { json: v }),
    {
      success: () => ["Sent for signature", "Each person whose turn it is has an e-mail with their own link."],
      failure: "Not sent",
      onSuccess: () => {
        reset();
        onClose();
      },
    },
  );
  function reset() {
    setSigners([{ name: "", email: "", role: "signer" }]);
    setMessage("");
    setFields([]);
    setPlacing(false);
  }
  const set = (i: number, patch: Partial<SignerRow>) => {
    setSigners(signers.map((s, j) => (j === i ? { ...s, ...patch } : s)));
    // Someone who only receives a copy fills in nothing.
    if (patch.role === "copy") setFields(fields.filter((f) => f.signer !== i));
  };
  const removeSigner = (i: number) => {
    setSigners(signers.filter((_, j) => j !== i));
    setFields(fields.filter((f) => f.signer !== i).map((f) => (f.signer > i ? { ...f, signer: f.signer - 1 } : f)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = {
      signers,
      order,
      message,
      reminderDays: Number(reminderDays),
      fields: fields.map(({ key: _key, ...f }) => f),
    };
    const problem = firstProblem(submissionCreateInput, value);
    if (problem) return void toast.error("Not sent", { description: problem.message });
    send.mutate(value);
  };
  const discard = () => !send.isPending && (reset(), onClose());
  return (
    <Dialog
      open={open}
      wide
      title={`Send “${doc.title}” for Signature`}
      description="People outside the school need no account: they sign from the link in their e-mail."
      onClose={discard}
      unsaved={
        (signers.some((s) => s.name.trim() || s.email.trim()) || message.trim() !== "" || fields.length > 0) &&
        `the signature request for “${doc.title}” you were writing`
      }
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="flex flex-col gap-4">
        {placing ? (
          pdf.data ? (
            <FieldPlacer
              data={pdf.data}
              title={doc.title}
              signers={signers.map((s, i) => (s.role === "copy" ? null : s.name.trim() || `Person ${i + 1}`))}
              fields={fields}
              onChange={setFields}
            />
          ) : pdf.isError ? (
            <p role="alert" className="text-sm">
              The document could not be loaded to place fields on it: {(pdf.error as Error).message}
            </p>
          ) : (
            <p role="status" className="text-sm">
              Loading the document…
            </p>
          )
        ) : (
          <>
            <fieldset className="flex min-w-0 flex-col gap-3">
              <legend className="mb-2 text-sm font-medium">Signers</legend>
              {signers.map((s, i) => (
                <div
                  key={i}
                  className="grid gap-2 rounded-md border border-zinc-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_auto] sm:items-end dark:border-zinc-800 [&>*]:min-w-0"
                >
                  <Field
                    label={`Name of person ${i + 1}`}
                    required
                    value={s.name}
                    onChange={(e) => set(i, { name: e.target.value })}
                    autoComplete="off"
                  />
                  <Field
                    label={`E-mail of person ${i + 1}`}
                    type="email"
                    required
                    value={s.email}
                    onChange={(e) => set(i, { email: e.target.value })}
                    autoComplete="off"
                  />
                  <Select
                    label={`Role of person ${i + 1}`}
                    value={s.role}
                    options={SIGNER_ROLES.map((r) => ({ value: r, label: SIGNER_ROLE_LABELS[r] }))}
                    onChange={(e) => set(i, { role: e.target.value as SignerRole })}
                  />
                  <Button variant="ghost" disabled={signers.length === 1} onClick={() => removeSigner(i)}>
                    Remove<span className="sr-only"> person {i + 1}</span>
                  </Button>
                </div>
              ))}
              <ContactPicker
                projectId={doc.projectId}
                enabled={open}
                onPick={(c) => {
                  // The first empty row takes the contact; else it joins as a new person.
                  const empty = signers.findIndex((x) => !x.name.trim() && !x.email.trim());
                  if (empty >= 0) set(empty, { name: c.name, email: c.email });
                  else setSigners([...signers, { name: c.name, email: c.email, role: "signer" }]);
                }}
              />
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => setSigners([...signers, { name: "", email: "", role: "signer" }])}
              >
                Add a Person
              </Button>
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                label="Order"
                value={order}
                options={[
                  { value: "parallel", label: "All at once" },
                  { value: "sequential", label: "In the order above" },
                ]}
                onChange={(e) => setOrder(e.target.value as "parallel" | "sequential")}
              />
              <Field
                label="Remind every (days)"
                type="number"
                min={0}
                max={30}
                value={reminderDays}
                onChange={(e) => setReminderDays(e.target.value)}
                hint="0 sends no automatic reminders."
              />
            </div>
            <Textarea
              label="Message"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              hint="Shown in the e-mail and on the signing page."
            />
          </>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button variant="secondary" className="mr-auto" onClick={() => setPlacing(!placing)}>
            {placing ? "Back to the People" : fields.length ? `Place Fields (${fields.length} placed)` : "Place Fields"}
          </Button>
          <Button variant="secondary" onClick={discard} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={send.isPending}>
            Send
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
