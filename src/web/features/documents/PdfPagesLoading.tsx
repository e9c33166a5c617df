/**
 * The place of a PDF's pages while pdf.js or the document loads (`compact`: the whole box the parent gives), in
 * a module of its own so that a page can show it before it has fetched the viewer and pdf.js.
 */
export function PdfPagesLoading({ compact }: { compact?: boolean }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className={`animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800 ${compact ? "h-full" : "h-96"}`}
    >
      <span className="sr-only">Loading the document</span>
    </div>
  );
}
