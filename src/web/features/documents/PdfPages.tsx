import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import * as pdfjs from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { PageSize } from "../../../common/signature-fields.ts";
import { Button } from "../../components/ui/Button.tsx";
import { PdfPagesLoading } from "./PdfPagesLoading.tsx";

// The worker is a file of our own origin, so the CSP's script-src 'self' admits it.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * Every page of a PDF drawn on canvases, with zoom and page navigation. At zoom 1 a page fills the
 * width it is given, so a phone shows a whole page without scrolling sideways. `compact`: the toolbar and the
 * pages fill the height of the parent (which sets it), the pages scrolling inside.
 */
export function PdfPages({
  data,
  title,
  compact,
  overlay,
  toolbar,
}: {
  data: Uint8Array;
  title: string;
  compact?: boolean;
  /** Drawn over each page, stretched to it: placed fields, for instance. `size` is the page's in points. */
  overlay?: (page: number, size: PageSize) => ReactNode;
  /** More buttons at the end of the toolbar. */
  toolbar?: ReactNode;
}) {
  const [doc, setDoc] = useState<pdfjs.PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState(2);
  const [page, setPage] = useState(1);
  const pageRefs = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    let cancelled = false;
    // pdf.js takes ownership of the buffer it is given, so it gets a copy.
    const task = pdfjs.getDocument({ data: data.slice(), isEvalSupported: false });
    task.promise.then(
      (d) => !cancelled && setDoc(d),
      () => !cancelled && setError("This PDF cannot be shown here. Download it to open it in another program."),
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [data]);

  const goTo = (n: number) => {
    if (!doc || !Number.isFinite(n)) return;
    const target = Math.min(Math.max(1, n), doc.numPages);
    setPage(target);
    pageRefs.current[target - 1]?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  if (error)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100">
        {error}
      </p>
    );
  if (!doc) return <PdfPagesLoading compact={compact} />;

  const scale = ZOOMS[zoom]!;
  return (
    <div className={`flex flex-col gap-3 ${compact ? "h-full" : ""}`}>
      <div
        role="toolbar"
        aria-label="Document pages"
        className="sticky top-0 z-10 flex items-center gap-0.5 overflow-x-auto rounded-md border border-zinc-200 bg-white/95 p-1 sm:gap-2 sm:p-2 dark:border-zinc-800 dark:bg-zinc-900/95"
      >
        <Button
          variant="ghost"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => goTo(page - 1)}
          className="px-2"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </Button>
        <label className="flex flex-none items-center gap-1 text-sm whitespace-nowrap">
          <span className="sr-only">Page</span>
          <input
            type="number"
            min={1}
            max={doc.numPages}
            value={page}
            onChange={(e) => goTo(Number(e.target.value))}
            className="min-h-10 w-12 rounded-md border border-zinc-300 bg-white px-2 text-center text-base sm:text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <span aria-live="polite">of {doc.numPages}</span>
        </label>
        <Button
          variant="ghost"
          aria-label="Next page"
          disabled={page >= doc.numPages}
          onClick={() => goTo(page + 1)}
          className="px-2"
        >
          <ChevronRight aria-hidden className="size-5" />
        </Button>
        {/* One row on a phone too: the zoom sits at the row's end instead of wrapping under the pages. */}
        <span className="ml-auto h-6 w-px flex-none bg-zinc-200 sm:mx-1 dark:bg-zinc-700" aria-hidden />
        <Button
          variant="ghost"
          aria-label="Zoom out"
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
          className="px-2"
        >
          <ZoomOut aria-hidden className="size-5" />
        </Button>
        <span className="w-11 flex-none text-center text-sm tabular-nums" aria-live="polite">
          {Math.round(scale * 100)}%
        </span>
        <Button
          variant="ghost"
          aria-label="Zoom in"
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
          className="px-2"
        >
          <ZoomIn aria-hidden className="size-5" />
        </Button>
        {toolbar}
      </div>
      {/* Focusable, so a zoomed page can be scrolled with the keyboard. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`Pages of ${title}`}
        className={`flex flex-col items-center gap-4 overflow-auto rounded-md focus-visible:outline-2 focus-visible:outline-amber-500 bg-zinc-200 p-1 sm:p-4 dark:bg-zinc-800 ${compact ? "min-h-0 flex-1" : ""}`}
      >
        {Array.from({ length: doc.numPages }, (_, i) => (
          <div
            key={i}
            ref={(el) => void (pageRefs.current[i] = el)}
            data-pdf-page
            className="w-full"
            style={{ maxWidth: scale <= 1 ? `${scale * 100}%` : undefined }}
          >
            <PdfPage
              doc={doc}
              number={i + 1}
              scale={scale}
              label={`${title}, page ${i + 1} of ${doc.numPages}`}
              overlay={overlay}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

function PdfPage({
  doc,
  number,
  scale,
  label,
  overlay,
}: {
  doc: pdfjs.PDFDocumentProxy;
  number: number;
  scale: number;
  label: string;
  overlay?: (page: number, size: PageSize) => ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState<{ cssWidth: number; size: PageSize } | null>(null);
  useEffect(() => {
    let task: ReturnType<pdfjs.PDFPageProxy["render"]> | null = null;
    let cancelled = false;
    void doc.getPage(number).then((p) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      // Drawn sharp for the screen's pixel density; zoom above 100% widens the page past its frame.
      const base = p.getViewport({ scale: 1 });
      const cssWidth =
        Math.max(el.closest<HTMLElement>("[data-pdf-page]")?.clientWidth ?? base.width, 200) * Math.max(scale, 1);
      const viewport = p.getViewport({ scale: (cssWidth / base.width) * (window.devicePixelRatio || 1) });
      el.width = viewport.width;
      el.height = viewport.height;
      el.style.width = `${cssWidth}px`;
      setShown({ cssWidth, size: { width: base.width, height: base.height } });
      task = p.render({ canvasContext: el.getContext("2d")!, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, scale]);
  const img = (
    <canvas ref={canvas} role="img" aria-label={label} className="mx-auto block max-w-none bg-white shadow" />
  );
  if (!overlay) return img;
  // The overlay takes the canvas's box, so what it places in percentages of the page lands on the page.
  return (
    <div className="relative mx-auto" style={shown ? { width: shown.cssWidth } : undefined}>
      {img}
      {shown && <div className="absolute inset-0">{overlay(number, shown.size)}</div>}
    </div>
  );
}
