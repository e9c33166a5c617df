import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { type DocumentCategory } from "../../../../common/documents.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { uploadDocument, useDocumentChange } from "../api.ts";
import { useSaveShortcut } from "../../../lib/useLeaveGuard.ts";
import { CATEGORY_OPTIONS } from "./options.ts";

export function UploadDialog({
  open,
  projectId,
  documentId,
  onClose,
}: {
  open: boolean;
  projectId: string;
  documentId?: string;
  onClose(): void;
}) {
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
      return uploadDocument(projectId, documentId, f, params);
    },
    {
      success: (d) => [
        documentId ? "New version uploaded" : "Document uploaded",
        `“${d.title}” is version ${d.versions[0]?.number ?? 1}.`,
      ],
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
    <Dialog
      open={open}
      title={documentId ? "Upload a New Version" : "Upload a Document"}
      onClose={discard}
      unsaved={(!!file || title.trim() !== "") && "the document you were uploading"}
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} noValidate className="flex flex-col gap-4">
        <Field
          label="File"
          type="file"
          required
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          hint="PDF, images, Office and OpenDocument files, text or CSV. The portal checks what the file contains."
        />
        {!documentId && (
          <>
            <Field
              label="Title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              hint="Leave empty to use the file's name."
            />
            <Select
              label="Category"
              value={category}
              options={CATEGORY_OPTIONS}
              onChange={(e) => setCategory(e.target.value as DocumentCategory)}
            />
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
