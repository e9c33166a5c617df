import { useState } from "react";
import { TEMPLATES, TEMPLATE_INFO, type DocumentDto, type TemplateKey } from "../../../../common/documents.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { api } from "../../../lib/api.ts";
import { scheduledLocations, useSchedule } from "../../schedule/api.ts";
import { documentsPath, useDocumentChange } from "../api.ts";
import { useSaveShortcut } from "../../../lib/useLeaveGuard.ts";

export function TemplateDialog({ open, projectId, onClose }: { open: boolean; projectId: string; onClose(): void }) {
  const [template, setTemplate] = useState<TemplateKey>("location_release");
  const [party, setParty] = useState("");
  const [detail, setDetail] = useState("");
  const [releaseFor, setReleaseFor] = useState("");
  const onSaveKey = useSaveShortcut();
  const info = TEMPLATE_INFO[template];
  const schedule = useSchedule(projectId, open && template === "location_release");
  const locations = scheduledLocations(schedule.data);
  const make = useDocumentChange(
    projectId,
    () =>
      api<DocumentDto>(`${documentsPath(projectId)}/templates`, {
        json: { template, party, detail, ...(template === "location_release" ? { releaseFor } : {}) },
      }),
    {
      success: (d) => ["Document made", `“${d.title}” is ready to send for signature.`],
      failure: "Not made",
      onSuccess: () => {
        setParty("");
        setDetail("");
        setReleaseFor("");
        onClose();
      },
    },
  );
  const discard = () => !make.isPending && (setParty(""), setDetail(""), setReleaseFor(""), onClose());
  return (
    <Dialog
      open={open}
      title="Make a Document From a Template"
      description="The production's title, dates, locations and crew are filled in from the project."
      onClose={discard}
      unsaved={(party.trim() !== "" || detail.trim() !== "") && "the document you were making from a template"}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          make.mutate(undefined);
        }}
        onKeyDown={onSaveKey}
        noValidate
        className="flex flex-col gap-4"
      >
        <Select
          label="Template"
          value={template}
          options={TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_INFO[t].label }))}
          onChange={(e) => setTemplate(e.target.value as TemplateKey)}
        />
        <Field label={info.party} value={party} onChange={(e) => setParty(e.target.value)} />
        <Field label={info.detail} value={detail} onChange={(e) => setDetail(e.target.value)} />
        {template === "location_release" && (
          <Select
            label="Scheduled location"
            value={releaseFor}
            options={[
              {
                value: "",
                label: locations.length ? "Not one of the scheduled locations" : "No scenes are scheduled yet",
              },
              ...locations.map((l) => ({ value: l, label: l })),
            ]}
            onChange={(e) => setReleaseFor(e.target.value)}
          />
        )}
        {template === "location_release" && (
          <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            The greenlight checklist waits for a signed release for each location of the scheduled scenes.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={discard} disabled={make.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={make.isPending}>
            Make PDF
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
