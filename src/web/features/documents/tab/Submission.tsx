import { QrCode } from "lucide-react";
import { useRef, useState } from "react";
import {
  SIGNER_ROLE_LABELS,
  SIGNER_STATUS_LABELS,
  SUBMISSION_STATUS_LABELS,
  type DocumentDto,
  type SignerDto,
  type SigningLinkDto,
  type SubmissionDto,
  type SubmissionStatus,
} from "../../../../common/documents.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { api } from "../../../lib/api.ts";
import { useFormats } from "../../../lib/format.ts";
import { submissionPath, signingLink, useDocumentChange } from "../api.ts";
import { Badge, type BadgeTone } from "../../../components/ui/Badge.tsx";

const STATUS_TONE: Record<SubmissionStatus, BadgeTone> = {
  pending: "warn",
  completed: "good",
  declined: "bad",
  voided: "neutral",
  expired: "bad",
};
const SIGNER_TONE = {
  waiting: "neutral",
  sent: "neutral",
  opened: "warn",
  signed: "good",
  declined: "bad",
  copy: "neutral",
} as const;

export function Submission({
  submission: s,
  projectId,
  canEdit,
}: {
  submission: SubmissionDto;
  projectId: string;
  canEdit: boolean;
}) {
  const fmt = useFormats();
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState("");
  const [qrFor, setQrFor] = useState<SignerDto | null>(null);
  const base = submissionPath(s.id);
  const remind = useDocumentChange(
    projectId,
    (x: SignerDto) => api<DocumentDto>(`${base}/signers/${x.id}/remind`, { method: "POST" }),
    {
      success: (_d, x) => ["Reminder sent", `${x.name} has a new e-mail with their link.`],
      failure: "Reminder not sent",
    },
  );
  const voidIt = useDocumentChange(projectId, () => api<DocumentDto>(`${base}/void`, { json: { reason } }), {
    success: () => ["Request voided", "Its links no longer open the document; those still to sign were told."],
    failure: "Not voided",
    onSuccess: () => {
      setVoiding(false);
      setReason("");
    },
  });
  const open = s.status === "pending";
  return (
    <section
      aria-label={`Signature request of ${fmt.dateTime(s.createdAt)}`}
      className="rounded-md bg-zinc-50 p-3 dark:bg-zinc-950"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={STATUS_TONE[s.status]}>{SUBMISSION_STATUS_LABELS[s.status]}</Badge>
          <span className="text-zinc-600 dark:text-zinc-400">
            Sent by {s.createdByName}, {fmt.dateTime(s.createdAt)} ·{" "}
            {s.order === "sequential" ? "in order" : "all at once"} ·{" "}
            {open ? `expires ${fmt.dateTime(s.expiresAt)}` : s.voidReason ? `voided: ${s.voidReason}` : ""}
          </span>
        </div>
        {canEdit && open && (
          <Button variant="ghost" onClick={() => setVoiding(true)}>
            Void
          </Button>
        )}
      </div>
      <ul className="mt-2 flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
        {s.signers.map((x) => {
          const turn = open && (x.status === "sent" || x.status === "opened");
          return (
            <li key={x.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <span className="font-medium">{x.name}</span>{" "}
                <span className="break-all text-zinc-600 dark:text-zinc-400">{x.email}</span>
                <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                  <span>{SIGNER_ROLE_LABELS[x.role]}</span>
                  <Badge tone={SIGNER_TONE[x.status]}>{SIGNER_STATUS_LABELS[x.status]}</Badge>
                  {x.signedAt && <span>{fmt.dateTime(x.signedAt)}</span>}
                  {x.declineReason && <span>“{x.declineReason}”</span>}
                  {x.lastRemindedAt && <span>reminded {fmt.dateTime(x.lastRemindedAt)}</span>}
                </div>
              </div>
              {canEdit && turn && (
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => remind.mutate(x)}
                    busy={remind.isPending && remind.variables?.id === x.id}
                  >
                    Remind<span className="sr-only"> {x.name}</span>
                  </Button>
                  <Button variant="secondary" onClick={() => setQrFor(x)}>
                    <QrCode aria-hidden className="size-4" />
                    Sign in Person<span className="sr-only">: {x.name}</span>
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={voiding}
        title="Void this signature request?"
        description="Its links stop working at once, and those still to sign are told by e-mail."
        onClose={() => !voidIt.isPending && (setReason(""), setVoiding(false))}
        unsaved={reason.trim() !== "" && "the reason you wrote for voiding the signature request"}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            voidIt.mutate(undefined);
          }}
          noValidate
          className="flex flex-col gap-4"
        >
          <Textarea label="Why" required value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => (setReason(""), setVoiding(false))} disabled={voidIt.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={voidIt.isPending}>
              Void Request
            </Button>
          </div>
        </form>
      </Dialog>
      <QrDialog submissionId={s.id} signer={qrFor} projectId={projectId} onClose={() => setQrFor(null)} />
    </section>
  );
}

/** The in-person link as a QR code: the signer scans it with their own phone and signs there. */
function QrDialog({
  submissionId,
  signer,
  projectId,
  onClose,
}: {
  submissionId: string;
  signer: SignerDto | null;
  projectId: string;
  onClose(): void;
}) {
  const [link, setLink] = useState<SigningLinkDto | null>(null);
  const asked = useRef<string | null>(null);
  const make = useDocumentChange(projectId, (x: SignerDto) => signingLink(submissionId, x.id), {
    success: (_l, x) => ["Link ready", `${x.name} can scan the code now.`],
    failure: "No link",
    onSuccess: (l) => setLink(l),
  });
  if (signer && asked.current !== signer.id && !make.isPending) {
    asked.current = signer.id;
    make.mutate(signer);
  }
  const close = () => {
    asked.current = null;
    setLink(null);
    onClose();
  };
  return (
    <Dialog
      open={!!signer}
      title={`Sign in person: ${signer?.name ?? ""}`}
      description="Let them scan this code with their phone's camera. The link is theirs alone; it works until the request expires."
      onClose={close}
    >
      {link ? (
        <div className="flex flex-col items-center gap-3">
          <img
            src={link.qrDataUrl}
            alt={`QR code of the signing link of ${signer?.name ?? "the signer"}`}
            className="size-64 max-w-full"
          />
          <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{link.url}</p>
        </div>
      ) : (
        <div
          role="status"
          aria-busy="true"
          className="mx-auto size-64 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800"
        >
          <span className="sr-only">Making the link</span>
        </div>
      )}
    </Dialog>
  );
}
