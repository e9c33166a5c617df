import { ShieldAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { DOCUMENT_CATEGORY_LABELS } from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import {
  DECISION_LABELS,
  leadText,
  REQUIREMENT_STATUS_LABELS,
  type Decision,
  type RequirementDto,
  type RequirementStatus,
} from "../../../common/safety.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { failed } from "../../lib/change.ts";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { uploadDocument, useDocuments } from "../documents/api.ts";
import { useAttach, useDecide, useSafety } from "./api.ts";

const TONES: Record<RequirementStatus, BadgeTone> = {
  open: "warn",
  submitted: "warn",
  changes_requested: "bad",
  approved: "good",
  refused: "bad",
  withdrawn: "neutral",
};

/**
 * The project's hazard paperwork: each requirement a confirmed safety flag put on it, with its due date (counted
 * back from the scene's shoot day), its document and its approver's decisions. The crew attaches, the approver
 * decides; until every requirement of a scene is approved, its shoot day is blocked.
 */
export function SafetyTab({ project }: { project: ProjectDetail }) {
  const safety = useSafety(project.id);
  if (safety.isPending)
    return (
      <div role="status" aria-label="Loading the safety requirements" className="flex flex-col gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (safety.isError)
    return <LoadError what="The safety requirements" error={safety.error} onRetry={() => void safety.refetch()} />;
  const list = safety.data.requirements;
  const waiting = list.filter((r) => r.canDecide);
  return (
    <section aria-labelledby="safety-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="safety-heading" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldAlert aria-hidden className="size-5" />
          Safety approvals
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          A safety flag confirmed on the Breakdown tab, or flagged there by hand, asks for its hazard's paperwork, due a
          set number of days before the scene's shoot day. Until it is approved, that day is blocked and its call sheet
          cannot be sent.
        </p>
      </div>
      {waiting.length > 0 && (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {waiting.length === 1 ? "One requirement awaits" : `${waiting.length} requirements await`} your decision:{" "}
          {waiting.map((r) => r.label).join(", ")}.
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          No safety requirements yet. They appear when a safety flag of the script is confirmed, or a hazard is flagged
          by hand on the Breakdown tab.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((r) => (
            <Requirement key={r.id} r={r} projectId={project.id} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Requirement({ r, projectId }: { r: RequirementDto; projectId: string }) {
  const f = useFormats();
  const due = r.dueDate
    ? `Due ${f.date(r.dueDate, { weekday: true })}`
    : `Due ${leadText(r.leadDays, r.businessDays)} before the shoot (scene ${r.sceneNumber} is not scheduled yet)`;
  return (
    <li
      aria-label={`${r.label}, scene ${r.sceneNumber}`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-medium break-words">{r.label}</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {r.kindLabel} · scene {r.sceneNumber} · {DOCUMENT_CATEGORY_LABELS[r.category]} · approved by{" "}
            {r.approverName}
          </p>
        </div>
        <Badge tone={TONES[r.status]}>{REQUIREMENT_STATUS_LABELS[r.status]}</Badge>
      </div>
      {r.status !== "withdrawn" && r.status !== "approved" && (
        <p className={r.late ? "text-sm font-medium text-red-800 dark:text-red-300" : "text-sm"}>
          {due}
          {r.late ? " — late" : ""}
          {r.shootDay ? ` (${leadText(r.leadDays, r.businessDays)} before ${f.date(r.shootDay)})` : ""}
        </p>
      )}
      <p className="text-sm">
        Document:{" "}
        {r.document ? (
          <Link
            className="underline underline-offset-4"
            to={`/view-document?${new URLSearchParams({ project: projectId, document: r.document.id })}`}
          >
            {r.document.title}
          </Link>
        ) : (
          "none attached yet"
        )}
      </p>
      {r.canAttach && <AttachForm r={r} projectId={projectId} />}
      {r.canDecide && <DecideForm r={r} projectId={projectId} />}
      {r.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">History ({r.history.length})</summary>
          <ol aria-label={`History of ${r.label}`} className="mt-2 flex flex-col gap-1">
            {r.history.map((h, i) => (
              <li key={i}>
                <span className="font-medium">{DECISION_LABELS[h.action]}</span>
                {h.documentTitle ? ` (“${h.documentTitle}”)` : ""} by {h.byName}, {f.dateTime(h.at)}
                {h.comment ? `: “${h.comment}”` : ""}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

function AttachForm({ r, projectId }: { r: RequirementDto; projectId: string }) {
  const docs = useDocuments(projectId, { category: r.category, deleted: false, offset: 0 });
  const [documentId, setDocumentId] = useState("");
  const [uploading, setUploading] = useState(false);
  const attach = useAttach(projectId, {
    success: () => ["Document attached", `“${r.label}” now waits for ${r.approverName}.`],
    failure: "Document not attached",
    onSuccess: () => setDocumentId(""),
  });
  const options = (docs.data?.items ?? []).map((d) => ({ value: d.id, label: d.title }));
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const params = new URLSearchParams({ name: file.name, category: r.category });
      const doc = await uploadDocument(projectId, undefined, file, params);
      attach.mutate({ id: r.id, documentId: doc.id });
    } catch (err) {
      failed("Document not uploaded")(err);
    } finally {
      setUploading(false);
    }
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (documentId) attach.mutate({ id: r.id, documentId });
      }}
    >
      <Select
        label={`${r.document ? "Replace with" : "Attach"} a document (${DOCUMENT_CATEGORY_LABELS[r.category]})`}
        className="min-w-0 flex-1 basis-56"
        value={documentId}
        onChange={(e) => setDocumentId(e.target.value)}
        options={[
          { value: "", label: options.length ? "Choose a document…" : "No document of this category yet" },
          ...options,
        ]}
      />
      <Button type="submit" variant="secondary" disabled={!documentId} busy={attach.isPending && !uploading}>
        Attach
      </Button>
      <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-zinc-300 px-3 text-sm focus-within:outline-2 focus-within:outline-amber-500 dark:border-zinc-700">
        {uploading ? "Uploading…" : "Upload and attach"}
        <input
          type="file"
          className="sr-only"
          aria-label={`Upload a document for ${r.label}`}
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void upload(file);
          }}
        />
      </label>
    </form>
  );
}

function DecideForm({ r, projectId }: { r: RequirementDto; projectId: string }) {
  const [decision, setDecision] = useState<Decision>("approved");
  const [comment, setComment] = useState("");
  useLeaveGuard(!!comment.trim(), `your comment on “${r.label}”`);
  const decide = useDecide(projectId, {
    success: (_r, v) => [`${DECISION_LABELS[v.decision]}: ${r.label}`],
    failure: "Decision not recorded",
    onSuccess: () => setComment(""),
  });
  return (
    <form
      aria-label={`Decide ${r.label}`}
      className="flex flex-col gap-2 rounded-md bg-zinc-50 p-3 dark:bg-zinc-950"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        decide.mutate({ id: r.id, decision, comment });
      }}
    >
      <Select
        label="Your decision"
        value={decision}
        onChange={(e) => setDecision(e.target.value as Decision)}
        options={[
          { value: "approved", label: "Approve" },
          { value: "changes_requested", label: "Ask for changes" },
          { value: "refused", label: "Refuse" },
        ]}
      />
      <Textarea
        label="Comment"
        hint={decision === "approved" ? "Optional." : "Say what should change, or why it is refused."}
        required={decision !== "approved"}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <div>
        <Button type="submit" busy={decide.isPending}>
          Record decision
        </Button>
      </div>
    </form>
  );
}
