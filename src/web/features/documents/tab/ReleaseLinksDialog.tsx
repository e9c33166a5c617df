import { QrCode } from "lucide-react";
import { useState, type FormEvent } from "react";
import { TEMPLATE_INFO } from "../../../../common/documents.ts";
import {
  SELF_SERVICE_TEMPLATES,
  type ReleaseLinkCreatedDto,
  type ReleaseLinkDto,
  type SelfServiceTemplate,
} from "../../../../common/release-links.ts";
import { LoadError } from "../../../components/LoadError.tsx";
import { SharedLinkRow } from "../../../components/SharedLinkRow.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useFormats } from "../../../lib/format.ts";
import { createReleaseLink, revokeReleaseLink, useDocumentChange, useReleaseLinks } from "../api.ts";

const DAY_CHOICES = [1, 2, 3, 7, 14, 30];

/**
 * "Scan to sign your release": the producer makes a link for a casting or the set, shows its QR code, and sees
 * how many people signed their own copy through each link; closing one stops new copies.
 */
export function ReleaseLinksDialog({
  open,
  projectId,
  onClose,
}: {
  open: boolean;
  projectId: string;
  onClose(): void;
}) {
  const [template, setTemplate] = useState<SelfServiceTemplate>("talent_release");
  const [label, setLabel] = useState("");
  const [days, setDays] = useState("7");
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<ReleaseLinkCreatedDto | null>(null);
  const make = useDocumentChange(
    projectId,
    () => createReleaseLink(projectId, { template, label, days: Number(days) }),
    {
      success: (r) => ["Link made", `Show the QR code of “${r.link.label}” at the casting or on set.`],
      failure: "Not made",
      onSuccess: (r) => {
        setLabel("");
        setCreated(r);
      },
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return setError("Give the link a label, such as “Casting 12 May”.");
    setError(undefined);
    make.mutate(undefined);
  };
  const close = () => {
    setCreated(null);
    setLabel("");
    onClose();
  };
  return (
    <Dialog
      open={open}
      wide
      title="Self-Service Release Links"
      description="People scan the code, type their name and sign their own copy of the release; no account needed."
      onClose={close}
      unsaved={label.trim() !== "" && "the release link you were making"}
    >
      <div className="flex flex-col gap-4">
        {created ? (
          <div role="status" className="flex flex-col items-center gap-2 text-center">
            <img
              src={created.qrDataUrl}
              alt={`QR code of the release link ${created.link.label}`}
              className="size-64 max-w-full"
            />
            <p className="text-xs break-all text-zinc-700 dark:text-zinc-300">{created.url}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Print or show this code now: the portal keeps only a fingerprint of the link and cannot show it again.
            </p>
            <Button variant="secondary" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Make a release link" className="grid gap-3 sm:grid-cols-3">
            <Select
              label="Release"
              value={template}
              options={SELF_SERVICE_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_INFO[t].label }))}
              onChange={(e) => setTemplate(e.target.value as SelfServiceTemplate)}
            />
            <Field
              label="Label"
              required
              maxLength={100}
              placeholder="Casting 12 May"
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              error={error}
            />
            <Select
              label="Open for"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              options={DAY_CHOICES.map((d) => ({ value: String(d), label: d === 1 ? "1 day" : `${d} days` }))}
            />
            <div className="sm:col-span-3">
              <Button type="submit" busy={make.isPending}>
                <QrCode aria-hidden className="size-4" /> Make link and QR code
              </Button>
            </div>
          </form>
        )}
        <LinkList projectId={projectId} enabled={open} />
      </div>
    </Dialog>
  );
}

function LinkList({ projectId, enabled }: { projectId: string; enabled: boolean }) {
  const fmt = useFormats();
  const links = useReleaseLinks(projectId, enabled);
  const [asking, setAsking] = useState<ReleaseLinkDto | null>(null);
  const revoke = useDocumentChange(projectId, (l: ReleaseLinkDto) => revokeReleaseLink(projectId, l.id), {
    success: (l) => ["Link closed", `Nobody can start a new copy through “${l.label}”.`],
    failure: "Not closed",
    onSuccess: () => setAsking(null),
  });
  if (links.isError)
    return <LoadError what="The release links" error={links.error} onRetry={() => void links.refetch()} />;
  if (!links.data) return null;
  if (links.data.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No self-service links on this project yet.</p>;
  const isOpen = (l: ReleaseLinkDto) => !l.revokedAt && new Date(l.expiresAt) > new Date();
  return (
    <>
      <ul aria-label="Release links" className="flex flex-col gap-2">
        {links.data.map((l) => (
          <SharedLinkRow
            key={l.id}
            label={l.label}
            badges={
              <Badge tone={isOpen(l) ? "good" : "neutral"}>
                {l.revokedAt ? "Closed" : isOpen(l) ? "Open" : "Expired"}
              </Badge>
            }
            detail={
              <>
                {TEMPLATE_INFO[l.template].label} · {l.signed} signed
                {l.started > l.signed ? `, ${l.started - l.signed} not yet` : ""}
                {isOpen(l) && ` · open until ${fmt.dateTime(l.expiresAt)}`}
              </>
            }
            action={
              isOpen(l) && (
                <Button variant="secondary" onClick={() => setAsking(l)} aria-label={`Close the link ${l.label}`}>
                  Close
                </Button>
              )
            }
          />
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title="Close this release link?"
        confirmLabel="Close link"
        busy={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && revoke.mutate(asking)}
      >
        Nobody can start a new copy through “{asking?.label}”. Copies already started can still be signed.
      </ConfirmDialog>
    </>
  );
}
