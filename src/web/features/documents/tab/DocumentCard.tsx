import { Download, Eye, FileSignature } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { DOCUMENT_CATEGORY_LABELS, type DocumentDto } from "../../../../common/documents.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { api } from "../../../lib/api.ts";
import { useFormats } from "../../../lib/format.ts";
import { documentPath, formatSize, previewPath, useDocumentChange } from "../api.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { SendDialog } from "./SendDialog.tsx";
import { Submission } from "./Submission.tsx";
import { UploadDialog } from "./UploadDialog.tsx";

export function DocumentCard({ doc, canEdit }: { doc: DocumentDto; canEdit: boolean }) {
  const fmt = useFormats();
  const [confirming, setConfirming] = useState(false);
  const [newVersion, setNewVersion] = useState(false);
  const [sending, setSending] = useState(false);
  const latest = doc.versions[0];
  const pending = doc.submissions.find((s) => s.status === "pending");
  const base = documentPath(doc.projectId, doc.id);
  const toggle = useDocumentChange(
    doc.projectId,
    () => api<DocumentDto>(doc.deletedAt ? `${base}/restore` : base, { method: doc.deletedAt ? "POST" : "DELETE" }),
    {
      success: () =>
        doc.deletedAt
          ? ["Document restored", `“${doc.title}” is back.`]
          : ["Document deleted", `“${doc.title}” can be restored from the deleted documents.`],
      failure: doc.deletedAt ? "Not restored" : "Not deleted",
      onSuccess: () => setConfirming(false),
    },
  );
  const canSend =
    canEdit && !doc.deletedAt && latest?.contentType === "application/pdf" && latest.origin !== "sealed" && !pending;
  return (
    <li
      aria-labelledby={`doc-${doc.id}`}
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={`doc-${doc.id}`} className="font-semibold break-words">
            {doc.title}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <Badge>{DOCUMENT_CATEGORY_LABELS[doc.category]}</Badge>
            {latest && (
              <span>
                Version {latest.number} · {latest.fileName} · {formatSize(latest.size)} · {latest.uploadedByName},{" "}
                {fmt.dateTime(latest.createdAt)}
              </span>
            )}
            {latest?.origin === "sealed" && <Badge tone="good">Signed and sealed</Badge>}
            {doc.deletedAt && <Badge tone="bad">Deleted by {doc.deletedByName}</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {latest && (
            <>
              <Link
                to={previewPath(doc)}
                className="inline-flex min-h-10 items-center gap-1 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                <Eye aria-hidden className="size-4" />
                Preview<span className="sr-only"> {doc.title}</span>
              </Link>
              <a
                href={`${latest.url}?download`}
                download
                className="inline-flex min-h-10 items-center gap-1 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
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
            <Button
              variant="ghost"
              onClick={() => (doc.deletedAt ? toggle.mutate(undefined) : setConfirming(true))}
              busy={doc.deletedAt ? toggle.isPending : false}
            >
              {doc.deletedAt ? "Restore" : "Delete"}
            </Button>
          )}
        </div>
      </div>
      {doc.versions.length > 1 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">
            All {doc.versions.length} versions
          </summary>
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
      <ConfirmDialog
        open={confirming}
        title={`Delete “${doc.title}”?`}
        confirmLabel="Delete"
        busy={toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => toggle.mutate(undefined)}
      >
        The document and its versions move to the deleted documents, where they can be restored. A signature request
        still out is voided.
      </ConfirmDialog>
      <UploadDialog
        open={newVersion}
        projectId={doc.projectId}
        documentId={doc.id}
        onClose={() => setNewVersion(false)}
      />
      <SendDialog open={sending} doc={doc} onClose={() => setSending(false)} />
    </li>
  );
}
