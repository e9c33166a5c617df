import { FilePlus2, QrCode, Upload, Users } from "lucide-react";
import { useState } from "react";
import { type DocumentCategory } from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { errorText } from "../../lib/api.ts";
import { DOCUMENTS_PAGE, useDocuments } from "./api.ts";
import { DocumentCard } from "./tab/DocumentCard.tsx";
import { CATEGORY_OPTIONS } from "./tab/options.ts";
import { ReleaseLinksDialog } from "./tab/ReleaseLinksDialog.tsx";
import { BulkReleaseDialog } from "./tab/BulkReleaseDialog.tsx";
import { TemplateDialog } from "./tab/TemplateDialog.tsx";
import { UploadDialog } from "./tab/UploadDialog.tsx";

/** The documents place of a project: files by category, their versions, and their signature requests. */
export function DocumentsTab({ project }: { project: ProjectDetail }) {
  const [category, setCategory] = useState<DocumentCategory | "">("");
  const [deleted, setDeleted] = useState(false);
  const [offset, setOffset] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [templating, setTemplating] = useState(false);
  const [linking, setLinking] = useState(false);
  const [bulk, setBulk] = useState(false);
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
            <Button variant="secondary" onClick={() => setBulk(true)}>
              <Users aria-hidden className="size-4" />
              Send to Many
            </Button>
            <Button variant="secondary" onClick={() => setLinking(true)}>
              <QrCode aria-hidden className="size-4" />
              Self-Service Links
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
          {deleted
            ? "No deleted documents."
            : "No documents yet. Upload the risk assessment, releases, permits and call sheets here, or make a release from a template."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {docs.data.items.map((d) => (
            <DocumentCard key={d.id} doc={d} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {docs.data && (
        <Pagination
          page={offset / DOCUMENTS_PAGE}
          pageSize={DOCUMENTS_PAGE}
          total={docs.data.total}
          onPage={(page) => setOffset(page * DOCUMENTS_PAGE)}
          label="Documents pages"
        />
      )}
      <UploadDialog open={uploading} projectId={project.id} onClose={() => setUploading(false)} />
      <TemplateDialog open={templating} projectId={project.id} onClose={() => setTemplating(false)} />
      <ReleaseLinksDialog open={linking} projectId={project.id} onClose={() => setLinking(false)} />
      <BulkReleaseDialog open={bulk} projectId={project.id} onClose={() => setBulk(false)} />
    </section>
  );
}
