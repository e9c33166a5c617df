import { useState } from "react";
import type { BulkRecipientLine, BulkReleaseResult } from "../../../../common/bulk-releases.ts";
import { TEMPLATES, TEMPLATE_INFO, type TemplateKey } from "../../../../common/documents.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api } from "../../../lib/api.ts";
import { ContactPicker } from "../../production-contacts/ContactPicker.tsx";
import { documentsPath, useDocumentChange } from "../api.ts";

const RELEASES = TEMPLATES.filter((t) => TEMPLATE_INFO[t].category === "release_forms");

const STATE_TEXT: Record<BulkRecipientLine["state"], string> = {
  ready: "Ready to send",
  sent: "Sent",
  already_sent: "Already has this release; not sent again",
  error: "Not sent",
};

/** One release to many people: paste "Name, e-mail" lines, check them, then send each their own copy. */
export function BulkReleaseDialog({ open, projectId, onClose }: { open: boolean; projectId: string; onClose(): void }) {
  const [template, setTemplate] = useState<TemplateKey>("talent_release");
  const [detail, setDetail] = useState("");
  const [list, setList] = useState("");
  const [checked, setChecked] = useState<BulkReleaseResult | null>(null);
  const post = (dryRun: boolean) =>
    api<BulkReleaseResult>(`${documentsPath(projectId)}/bulk-releases`, { json: { template, detail, list, dryRun } });
  const check = useDocumentChange(projectId, () => post(true), {
    success: (r) => {
      const bad = r.lines.filter((l) => l.state === "error").length;
      return ["List checked", bad ? `${bad} line${bad === 1 ? "" : "s"} to fix.` : "Every line is fine."];
    },
    failure: "The list could not be checked",
    onSuccess: (r) => setChecked(r),
  });
  const send = useDocumentChange(projectId, () => post(false), {
    success: (r) => ["Releases sent", `${r.sent} ${r.sent === 1 ? "person was" : "people were"} sent a copy to sign.`],
    failure: "Not sent",
    onSuccess: (r) => setChecked(r),
  });
  const reset = () => (setList(""), setDetail(""), setChecked(null));
  const close = () => !send.isPending && (reset(), onClose());
  const ready = checked?.lines.filter((l) => l.state === "ready").length ?? 0;
  const info = TEMPLATE_INFO[template];
  return (
    <Dialog
      open={open}
      title="Send a Release to Many"
      description="Each person gets their own copy, filled with their name, to sign from their e-mail."
      onClose={close}
      unsaved={list.trim() !== "" && !checked?.lines.some((l) => l.state === "sent") && "the list of people"}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (checked && ready > 0) send.mutate(undefined);
          else check.mutate(undefined);
        }}
        noValidate
        className="flex flex-col gap-4"
      >
        <Select
          label="Release"
          value={template}
          options={RELEASES.map((t) => ({ value: t, label: TEMPLATE_INFO[t].label }))}
          onChange={(e) => (setTemplate(e.target.value as TemplateKey), setChecked(null))}
        />
        <Field
          label={`${info.detail} (the same for everyone)`}
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
        />
        <ContactPicker
          projectId={projectId}
          enabled={open}
          label="Add from contacts"
          onPick={(c) => (
            setList((l) => `${l.trimEnd()}${l.trim() ? "\n" : ""}${c.name}, ${c.email}\n`),
            setChecked(null)
          )}
        />
        <Textarea
          label="People"
          hint="One person a line: a name, a comma and an e-mail address, as “Ada Obi, ada@example.org”."
          rows={6}
          value={list}
          onChange={(e) => (setList(e.target.value), setChecked(null))}
        />
        {checked && (
          <ol aria-label="Lines of the list" className="flex max-h-60 flex-col gap-1 overflow-y-auto text-sm">
            {checked.lines.map((l) => (
              <li
                key={l.line}
                className={l.error ? "text-red-700 dark:text-red-400" : "text-zinc-700 dark:text-zinc-300"}
              >
                <span className="font-medium">Line {l.line}:</span> {l.name || "—"} {l.email && `<${l.email}>`} —{" "}
                {l.error ?? STATE_TEXT[l.state]}
              </li>
            ))}
          </ol>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={send.isPending}>
            Close
          </Button>
          {checked && ready > 0 ? (
            <Button type="submit" busy={send.isPending}>
              Send to {ready} {ready === 1 ? "Person" : "People"}
            </Button>
          ) : (
            <Button type="submit" busy={check.isPending} disabled={list.trim() === ""}>
              Check the List
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
