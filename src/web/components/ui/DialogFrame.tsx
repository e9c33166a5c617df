import { useEffect, useId, useRef, type ReactNode } from "react";
import { X } from "lucide-react";

/**
 * The modal itself, without the question about unsaved work: `Dialog` adds that question, which is itself
 * a `ConfirmDialog` drawn in this frame, so the frame has to stand apart from both. Escape or the close
 * button ask `onClose`; the content is unmounted when closed.
 */
export function DialogFrame({
  open,
  title,
  description,
  children,
  onClose,
  wide,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onClose(): void;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        // The browser closes a modal itself on a second Escape without a click or key in between, whatever
        // the cancel handler said; the owner still decides, so it is shown again until the owner closes it.
        const dialog = ref.current;
        if (open && dialog && !dialog.open) {
          dialog.showModal();
          onClose();
        }
      }}
      aria-labelledby={titleId}
      className={`m-auto max-h-[calc(100dvh-2rem)] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 ${wide ? "w-[min(44rem,calc(100vw-1rem))]" : "w-[min(30rem,calc(100vw-1rem))]"}`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-4 sm:p-5">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <X aria-hidden className="size-5" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
