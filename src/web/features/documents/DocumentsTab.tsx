import { Download, Eye, FilePlus2, FileSignature, QrCode, Upload } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  SIGNER_ROLE_LABELS,
  SIGNER_ROLES,
  SIGNER_STATUS_LABELS,
  SUBMISSION_STATUS_LABELS,
  TEMPLATES,
  TEMPLATE_INFO,
  submissionCreateInput,
  type DocumentCategory,
  type DocumentDto,
  type SignerDto,
  type SignerRole,
  type SigningLinkDto,
  type SubmissionDto,
  type SubmissionStatus,
  type TemplateKey,
} from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { api, errorText } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { Badge } from "../../components/ui/Badge.tsx";
import { firstProblem } from "../../lib/first-problem.ts";
import { scheduledLocations, useSchedule } from "../schedule/api.ts";
import { documentsPath, formatSize, uploadPath, useDocumentChange, useDocuments } from "./api.ts";
import { useSaveShortcut } from "../../lib/useLeaveGuard.ts";

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));
const STATUS_TONE: Record<SubmissionStatus, "neutral" | "warn" | "bad" | "good"> = { pending: "warn", completed: "good", declined: "bad", voided: "neutral", expired: "bad" };
const SIGNER_TONE = { waiting: "neutral", sent: "neutral", opened: "warn", signed: "good", declined: "bad", copy: "neutral" } as const;

export const previewPath = (d: DocumentDto, versionId?: string) => `/view-document?project=${d.projectId}&document=${d.id}${versionId ? `&version=${versionId}` : ""}`;

/** The documents place of a project: files by category, their versions, and their signature requests. */
export function DocumentsTab({ project }: { project: ProjectDetail }) {
  const [category, setCategory] = useState<DocumentCategory | "">("");
  const [deleted, setDeleted] = useState(false);
  const [offset, setOffset] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [templating, setTemplating] = useState(false);
  const docs = useDocuments(project.id, { category, deleted, offset });

  if (docs.isError) {
    return (
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="mb-2 text-lg font-semibold">
          Documents
        </h2>
        <p role="alert" className="text-sm text-zinc-700 dark:text-zinc-300">
          {errorText(docs.error)}
        </p>
      </section>
    );
  }
  const canEdit = docs.data?.canEdit ?? false;
  return (
    <section aria-labelledby="documents-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="documents-heading" className="text-lg font-semibold">
          Documents
        </h2>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setUploading(true)}>
              <Upload aria-hidden className="size-4" />
              Upload
            </Button>
            <Button variant="secondary" onClick={() => setTemplating(true)}>
              <FilePlus2 aria-hidden className="size-4" />
              From a Template
            </Button>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label="Category"
          value={category}
          options={[{ value: "", label: "All categories" }, ...CATEGORY_OPTIONS]}
          onChange={(e) => {
            setCategory(e.target.value as DocumentCategory | "");
            setOffset(0);
          }}
        />
        <Checkbox
          label="Show deleted"
          checked={deleted}
          onChange={(e) => {
            setDeleted(e.target.checked);
            setOffset(0);
          }}
        />
      </div>
      {docs.isPending ? (
        <div role="status" aria-busy="true" className="h-32 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800">
          <span className="sr-only">Loading the documents</span>
        </div>
      ) : docs.data.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {deleted ? "No deleted documents." : "No documents yet. Upload the risk assessment, releases, permits and call sheets here, or make a release from a template."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {docs.data.items.map((d) => (
            <DocumentCard key={d.id} doc={d} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {docs.data && <Pagination page={offset / 20} pageSize={20} total={docs.data.total} onPage={(page) => setOffset(page * 20)} label="Documents pages" />}
      <UploadDialog open={uploading} projectId={project.id} onClose={() => setUploading(false)} />
      <TemplateDialog open={templating} projectId={project.id} onClose={() => setTemplating(false)} />
    </section>
  );
}

function UploadDialog({ open, projectId, documentId, onClose }: { open: boolean; projectId: string; documentId?: string; onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [category, setCategory] = useState<DocumentCategory>("release_forms");
  const onSaveKey = useSaveShortcut();
  const upload = useDocumentChange(
    projectId,
    (f: File) => {
      const params = new URLSearchParams({ name: f.name });
      if (!documentId) {
        if (title.trim()) params.set("title", title.trim());
        params.set("category", category);
      }
      return api<DocumentDto>(`${uploadPath(projectId, documentId)}?${params}`, { raw: { body: f, contentType: f.type || "application/octet-stream" } });
    },
    {
      success: (_f, d) => [documentId ? "New version uploaded" : "Document uploaded", `“${d.title}” is version ${d.versions[0]?.number ?? 1}.`],
      failure: "Not uploaded",
      onSuccess: () => {
        setFile(null);
        setTitle("");
        onClose();
      },
    },
  );
  // Closed is discarded, by Cancel as by Escape (which asks first when something was typed).
  const discard = () => !upload.isPending && (setFile(null), setTitle(""), onClose());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return void toast.error("Not uploaded", { description: "Choose a file first." });
    upload.mutate(file);
  };
  return (
    <Dialog open={open} title={documentId ? "Upload a New Version" : "Upload a Document"} onClose={discard} unsaved={(!!file || title.trim() !== "") && "the document you were uploading"}>
      <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="flex flex-col gap-4">
        <Field label="File" type="file" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} hint="PDF, images, Office and OpenDocument files, text or CSV. The portal checks what the file contains." />
        {!documentId && (
          <>
            <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} hint="Leave empty to use the file's name." />
            <Select label="Category" value={category} options={CATEGORY_OPTIONS} onChange={(e) => setCategory(e.target.value as DocumentCategory)} />
          </>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={discard} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={upload.isPending}>
            Upload
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function TemplateDialog({ open, projectId, onClose }: { open: boolean; projectId: string; onClose(): void }) {
  const [template, setTemplate] = useState<TemplateKey>("location_release");
  const [party, setParty] = useState("");
  const [detail, setDetail] = useState("");
  const [releaseFor, setReleaseFor] = useState("");
  const onSaveKey = useSaveShortcut();
  const info = TEMPLATE_INFO[template];
  const schedule = useSchedule(projectId, open && template === "location_release");
  const locations = scheduledLocations(schedule.data);
  const make = useDocumentChange(projectId, () => api<DocumentDto>(`${documentsPath(projectId)}/templates`, { json: { template, party, detail, ...(template === "location_release" ? { releaseFor } : {}) } }), {
    success: (_v, d) => ["Document made", `“${d.title}” is ready to send for signature.`],
    failure: "Not made",
    onSuccess: () => {
      setParty("");
      setDetail("");
      setReleaseFor("");
      onClose();
    },
  });
  const discard = () => !make.isPending && (setParty(""), setDetail(""), setReleaseFor(""), onClose());
  return (
    <Dialog open={open} title="Make a Document From a Template" description="The production's title, dates, locations and crew are filled in from the project." onClose={discard}
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
        <Select label="Template" value={template} options={TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_INFO[t].label }))} onChange={(e) => setTemplate(e.target.value as TemplateKey)} />
        <Field label={info.party} value={party} onChange={(e) => setParty(e.target.value)} />
        <Field label={info.detail} value={detail} onChange={(e) => setDetail(e.target.value)} />
        {template === "location_release" && (
          <Select
            label="Scheduled location"
            value={releaseFor}
            options={[{ value: "", label: locations.length ? "Not one of the scheduled locations" : "No scenes are scheduled yet" }, ...locations.map((l) => ({ value: l, label: l }))]}
            onChange={(e) => setReleaseFor(e.target.value)}
          />
        )}
        {template === "location_release" && (
          <p className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">The greenlight checklist waits for a signed release for each location of the scheduled scenes.</p>
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

function DocumentCard({ doc, canEdit }: { doc: DocumentDto; canEdit: boolean }) {
  const fmt = useFormats();
  const [confirming, setConfirming] = useState(false);
  const [newVersion, setNewVersion] = useState(false);
  const [sending, setSending] = useState(false);
  const latest = doc.versions[0];
  const pending = doc.submissions.find((s) => s.status === "pending");
  const base = `${documentsPath(doc.projectId)}/${doc.id}`;
  const toggle = useDocumentChange(doc.projectId, () => api<DocumentDto>(doc.deletedAt ? `${base}/restore` : base, { method: doc.deletedAt ? "POST" : "DELETE" }), {
    success: () => (doc.deletedAt ? ["Document restored", `“${doc.title}” is back.`] : ["Document deleted", `“${doc.title}” can be restored from the deleted documents.`]),
    failure: doc.deletedAt ? "Not restored" : "Not deleted",
    onSuccess: () => setConfirming(false),
  });
  const canSend = canEdit && !doc.deletedAt && latest?.contentType === "application/pdf" && latest.origin !== "sealed" && !pending;
  return (
    <li aria-labelledby={`doc-${doc.id}`} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={`doc-${doc.id}`} className="font-semibold break-words">
            {doc.title}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <Badge>{DOCUMENT_CATEGORY_LABELS[doc.category]}</Badge>
            {latest && (
              <span>
                Version {latest.number} · {latest.fileName} · {formatSize(latest.size)} · {latest.uploadedByName}, {fmt.dateTime(latest.createdAt)}
              </span>
            )}
            {latest?.origin === "sealed" && <Badge tone="good">Signed and sealed</Badge>}
            {doc.deletedAt && <Badge tone="bad">Deleted by {doc.deletedByName}</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {latest && (
            <>
              <Link to={previewPath(doc)} className="inline-flex min-h-10 items-center gap-1 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800">
                <Eye aria-hidden className="size-4" />
                Preview<span className="sr-only"> {doc.title}</span>
              </Link>
              <a href={`${latest.url}?download`} download className="inline-flex min-h-10 items-center gap-1 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800">
                <Download aria-hidden className="size-4" />
                Download<span className="sr-only"> {doc.title}</span>
              </a>
            </>
          )}
          {canSend && (
            <Button onClick={() => setSending(true)}>
              <FileSignature aria-hidden className="size-4" />
              Send for Signature
            </Button>
          )}
          {canEdit && !doc.deletedAt && (
            <Button variant="secondary" onClick={() => setNewVersion(true)}>
              New Version
            </Button>
          )}
          {canEdit && (
            <Button variant="ghost" onClick={() => (doc.deletedAt ? toggle.mutate(undefined) : setConfirming(true))} busy={doc.deletedAt ? toggle.isPending : false}>
              {doc.deletedAt ? "Restore" : "Delete"}
            </Button>
          )}
        </div>
      </div>
      {doc.versions.length > 1 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">All {doc.versions.length} versions</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {doc.versions.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-700 dark:text-zinc-300">
                <Link to={previewPath(doc, v.id)} className="font-medium underline">
                  Version {v.number}
                </Link>
                <span>
                  {v.fileName} · {v.uploadedByName}, {fmt.dateTime(v.createdAt)}
                </span>
                <span className="font-mono break-all text-zinc-500" title="SHA-256">
                  SHA-256 {v.sha256.slice(0, 16)}…
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {doc.submissions.length > 0 && (
        <div className="mt-3 flex flex-col gap-3">
          {doc.submissions.map((s) => (
            <Submission key={s.id} submission={s} projectId={doc.projectId} canEdit={canEdit && !doc.deletedAt} />
          ))}
        </div>
      )}
      <ConfirmDialog open={confirming} title={`Delete “${doc.title}”?`} confirmLabel="Delete" busy={toggle.isPending} onCancel={() => setConfirming(false)} onConfirm={() => toggle.mutate(undefined)}>
        The document and its versions move to the deleted documents, where they can be restored. A signature request still out is voided.
      </ConfirmDialog>
      <UploadDialog open={newVersion} projectId={doc.projectId} documentId={doc.id} onClose={() => setNewVersion(false)} />
      <SendDialog open={sending} doc={doc} onClose={() => setSending(false)} />
    </li>
  );
}

function Submission({ submission: s, projectId, canEdit }: { submission: SubmissionDto; projectId: string; canEdit: boolean }) {
  const fmt = useFormats();
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState("");
  const [qrFor, setQrFor] = useState<SignerDto | null>(null);
  const base = `/rest/v1/signature-requests/${s.id}`;
  const remind = useDocumentChange(projectId, (x: SignerDto) => api<DocumentDto>(`${base}/signers/${x.id}/remind`, { method: "POST" }), {
    success: (x) => ["Reminder sent", `${x.name} has a new e-mail with their link.`],
    failure: "Reminder not sent",
  });
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
    <section aria-label={`Signature request of ${fmt.dateTime(s.createdAt)}`} className="rounded-md bg-zinc-50 p-3 dark:bg-zinc-950">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={STATUS_TONE[s.status]}>{SUBMISSION_STATUS_LABELS[s.status]}</Badge>
          <span className="text-zinc-600 dark:text-zinc-400">
            Sent by {s.createdByName}, {fmt.dateTime(s.createdAt)} · {s.order === "sequential" ? "in order" : "all at once"} · {open ? `expires ${fmt.dateTime(s.expiresAt)}` : s.voidReason ? `voided: ${s.voidReason}` : ""}
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
                <span className="font-medium">{x.name}</span> <span className="break-all text-zinc-600 dark:text-zinc-400">{x.email}</span>
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
                  <Button variant="secondary" onClick={() => remind.mutate(x)} busy={remind.isPending && remind.variables?.id === x.id}>
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
      <Dialog open={voiding} title="Void this signature request?" description="Its links stop working at once, and those still to sign are told by e-mail." onClose={() => !voidIt.isPending && (setReason(""), setVoiding(false))} unsaved={reason.trim() !== "" && "the reason you wrote for voiding the signature request"}>
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
function QrDialog({ submissionId, signer, projectId, onClose }: { submissionId: string; signer: SignerDto | null; projectId: string; onClose(): void }) {
  const [link, setLink] = useState<SigningLinkDto | null>(null);
  const asked = useRef<string | null>(null);
  const make = useDocumentChange(projectId, (x: SignerDto) => api<SigningLinkDto>(`/rest/v1/signature-requests/${submissionId}/signers/${x.id}/link`, { method: "POST" }), {
    success: (x) => ["Link ready", `${x.name} can scan the code now.`],
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
    <Dialog open={!!signer} title={`Sign in person: ${signer?.name ?? ""}`} description="Let them scan this code with their phone's camera. The link is theirs alone; it works until the request expires." onClose={close}>
      {link ? (
        <div className="flex flex-col items-center gap-3">
          <img src={link.qrDataUrl} alt={`QR code of the signing link of ${signer?.name ?? "the signer"}`} className="size-64 max-w-full" />
          <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{link.url}</p>
        </div>
      ) : (
        <div role="status" aria-busy="true" className="mx-auto size-64 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800">
          <span className="sr-only">Making the link</span>
        </div>
      )}
    </Dialog>
  );
}

interface SignerRow {
  name: string;
  email: string;
  role: SignerRole;
}

function SendDialog({ open, doc, onClose }: { open: boolean; doc: DocumentDto; onClose(): void }) {
  const [signers, setSigners] = useState<SignerRow[]>([{ name: "", email: "", role: "signer" }]);
  const [order, setOrder] = useState<"parallel" | "sequential">("parallel");
  const [message, setMessage] = useState("");
  const [reminderDays, setReminderDays] = useState("3");
  const onSaveKey = useSaveShortcut();
  const send = useDocumentChange(doc.projectId, (v: unknown) => api<DocumentDto>(`${documentsPath(doc.projectId)}/${doc.id}/signature-requests`, { json: v }), {
    success: () => ["Sent for signature", "Each person whose turn it is has an e-mail with their own link."],
    failure: "Not sent",
    onSuccess: () => {
      setSigners([{ name: "", email: "", role: "signer" }]);
      setMessage("");
      onClose();
    },
  });
  const set = (i: number, patch: Partial<SignerRow>) => setSigners(signers.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = { signers, order, message, reminderDays: Number(reminderDays) };
    const problem = firstProblem(submissionCreateInput, value);
    if (problem) return void toast.error("Not sent", { description: problem.message });
    send.mutate(value);
  };
  const discard = () => !send.isPending && (setSigners([{ name: "", email: "", role: "signer" }]), setMessage(""), onClose());
  return (
    <Dialog open={open} wide title={`Send “${doc.title}” for Signature`} description="People outside the school need no account: they sign from the link in their e-mail." onClose={discard}
      unsaved={(signers.some((s) => s.name.trim() || s.email.trim()) || message.trim() !== "") && `the signature request for “${doc.title}” you were writing`}
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="flex flex-col gap-4">
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Signers</legend>
          {signers.map((s, i) => (
            <div key={i} className="grid gap-2 rounded-md border border-zinc-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_auto] sm:items-end dark:border-zinc-800 [&>*]:min-w-0">
              <Field label={`Name of person ${i + 1}`} required value={s.name} onChange={(e) => set(i, { name: e.target.value })} autoComplete="off" />
              <Field label={`E-mail of person ${i + 1}`} type="email" required value={s.email} onChange={(e) => set(i, { email: e.target.value })} autoComplete="off" />
              <Select label={`Role of person ${i + 1}`} value={s.role} options={SIGNER_ROLES.map((r) => ({ value: r, label: SIGNER_ROLE_LABELS[r] }))} onChange={(e) => set(i, { role: e.target.value as SignerRole })} />
              <Button variant="ghost" disabled={signers.length === 1} onClick={() => setSigners(signers.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> person {i + 1}</span>
              </Button>
            </div>
          ))}
          <Button variant="secondary" className="self-start" onClick={() => setSigners([...signers, { name: "", email: "", role: "signer" }])}>
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
          <Field label="Remind every (days)" type="number" min={0} max={30} value={reminderDays} onChange={(e) => setReminderDays(e.target.value)} hint="0 sends no automatic reminders." />
        </div>
        <Textarea label="Message" value={message} onChange={(e) => setMessage(e.target.value)} hint="Shown in the e-mail and on the signing page." />
        <div className="flex justify-end gap-2">
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
