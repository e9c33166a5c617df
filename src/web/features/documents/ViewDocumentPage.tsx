import { ArrowLeft, Download, ZoomIn, ZoomOut } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DOCUMENT_CATEGORY_LABELS } from "../../../common/documents.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { errorText } from "../../lib/api.ts";
import { isNotFound, NotFoundState } from "../../components/NotFoundState.tsx";
import { useFormats } from "../../lib/format.ts";
import { formatSize, useDocument, useDocumentBytes } from "./api.ts";
import { PdfPages } from "./PdfPages.tsx";

const IMAGE = new Set(["image/png", "image/jpeg", "image/webp"]);

/** /view-document?project=…&document=…[&version=…]: a PDF page by page, an image, or a download. */
export default function ViewDocumentPage() {
  const fmt = useFormats();
  const [params] = useSearchParams();
  const projectId = params.get("project") ?? "";
  const documentId = params.get("document") ?? "";
  const doc = useDocument(projectId, documentId);
  const versionId = params.get("version");
  // A version named in the address is that one or none: never silently another.
  const version = doc.data
    ? versionId
      ? doc.data.versions.find((v) => v.id === versionId)
      : doc.data.versions[0]
    : undefined;
  const bytes = useDocumentBytes(
    projectId,
    version,
    !!version && (version.contentType === "application/pdf" || IMAGE.has(version.contentType)),
  );

  const back = (
    <Link
      to={projectId ? `/project/${projectId}?tab=documents` : "/projects"}
      className="mb-3 inline-flex min-h-10 items-center gap-1 text-sm text-zinc-600 underline-offset-4 hover:underline dark:text-zinc-400"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {projectId ? "Documents of the project" : "Projects"}
    </Link>
  );
  const toDocuments = projectId
    ? { to: `/project/${projectId}?tab=documents`, label: "Back to the project's documents" }
    : undefined;
  if (!projectId || !documentId)
    return (
      <NotFoundState message="The address does not name a document. Open a document from the documents of a project." />
    );
  // Back to the documents of the project named: if the project itself is gone, that page says so in turn.
  if (isNotFound(doc.error)) return <NotFoundState message={doc.error.message} back={toDocuments} />;
  if (doc.data && !version) {
    return (
      <NotFoundState
        what="Document version"
        message={
          doc.data.versions.length
            ? `“${doc.data.title}” has no version with this id.`
            : `“${doc.data.title}” has no version yet.`
        }
        back={
          doc.data.versions.length
            ? {
                to: `/view-document?${new URLSearchParams({ project: projectId, document: documentId })}`,
                label: "Open the latest version",
              }
            : toDocuments
        }
      />
    );
  }
  if (doc.isError) {
    return (
      <div>
        {back}
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Document Preview</h1>
        <Card role="alert">
          <h2 className="mb-1 text-lg font-semibold">This document cannot be shown</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{errorText(doc.error)}</p>
        </Card>
      </div>
    );
  }
  if (doc.isPending || !version) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading the document</span>
        <div className="h-8 w-72 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-96 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
    );
  }
  const d = doc.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        {back}
        <h1 className="text-2xl font-semibold tracking-tight break-words">{d.title}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {DOCUMENT_CATEGORY_LABELS[d.category]} · version {version.number} of {d.versions.length} · {version.fileName}{" "}
          · {formatSize(version.size)} · {version.uploadedByName}, {fmt.dateTime(version.createdAt)}
        </p>
        <p className="mt-1 font-mono text-xs break-all text-zinc-500">SHA-256 {version.sha256}</p>
        <a
          href={`${version.url}?download`}
          download
          className="mt-3 inline-flex min-h-10 items-center gap-2 rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          <Download aria-hidden className="size-4" />
          Download
        </a>
      </div>
      {version.contentType !== "application/pdf" && !IMAGE.has(version.contentType) ? (
        <Card>
          <p className="text-sm">
            This kind of file ({version.fileName}) cannot be shown in the page. Download it to open it.
          </p>
        </Card>
      ) : bytes.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100">
          {(bytes.error as Error).message}
        </p>
      ) : !bytes.data ? (
        <div role="status" aria-busy="true" className="h-96 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800">
          <span className="sr-only">Loading the file</span>
        </div>
      ) : version.contentType === "application/pdf" ? (
        <PdfPages data={bytes.data} title={d.title} />
      ) : (
        <ImageView bytes={bytes.data} type={version.contentType} title={d.title} />
      )}
    </div>
  );
}

function ImageView({ bytes, type, title }: { bytes: Uint8Array; type: string; title: string }) {
  const [zoom, setZoom] = useState(1);
  const [url] = useState(() => URL.createObjectURL(new Blob([bytes.slice()], { type })));
  return (
    <div className="flex flex-col gap-2">
      <div role="toolbar" aria-label="Image zoom" className="flex items-center gap-2">
        <Button
          variant="ghost"
          aria-label="Zoom out"
          disabled={zoom <= 0.5}
          onClick={() => setZoom(zoom / 1.5)}
          className="px-2"
        >
          <ZoomOut aria-hidden className="size-5" />
        </Button>
        <span className="w-12 text-center text-sm tabular-nums">{Math.round(zoom * 100)}%</span>
        <Button
          variant="ghost"
          aria-label="Zoom in"
          disabled={zoom >= 4}
          onClick={() => setZoom(zoom * 1.5)}
          className="px-2"
        >
          <ZoomIn aria-hidden className="size-5" />
        </Button>
      </div>
      <div
        tabIndex={0}
        role="region"
        aria-label={`Image ${title}`}
        className="overflow-auto rounded-md bg-zinc-200 p-2 focus-visible:outline-2 focus-visible:outline-amber-500 dark:bg-zinc-800"
      >
        <img src={url} alt={title} style={{ width: `${zoom * 100}%` }} className="mx-auto block max-w-none" />
      </div>
    </div>
  );
}
