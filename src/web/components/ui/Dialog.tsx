import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { X } from "lucide-react";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { LeavePrompt } from "./LeavePrompt.tsx";

/**
 * A modal for a form: Escape or the close button ask `onClose`, which the owner may refuse while
 * something is being saved. The content is unmounted when closed, so each opening starts fresh
 * unless the owner keeps the values itself.
 *
 * `unsaved` names the work typed into it and not saved yet ("the shoot day you were adding"), or is
 * false: while it is set, closing asks Leave or Stay first, and leaving the page asks too (useLeaveGuard),
 * so a slip of the Escape key never throws typed work away.
 */
export function Dialog({
  open,
  title,
  description,
  children,
  onClose,
  wide,
  unsaved,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onClose(): void;
  wide?: boolean;
  unsaved?: string | false | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  useLeaveGuard(open && !!unsaved, unsaved || "");
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) setAsking(false);
  }, [open]);
  const requestClose = () => (unsaved ? setAsking(true) : onClose());
  return (
    <>
      <dialog
        ref={ref}
        onCancel={(e) => {
          e.preventDefault();
          requestClose();
        }}
        onClose={() => {
          // The browser closes a modal itself on a second Escape without a click or key in between, whatever
          // the cancel handler said; the owner still decides, so it is shown again until the owner closes it.
          const dialog = ref.current;
          if (open && dialog && !dialog.open) {
            dialog.showModal();
            requestClose();
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
                onClick={requestClose}
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
      {unsaved && (
        <LeavePrompt
          open={asking}
          what={[unsaved]}
          onStay={() => setAsking(false)}
          onLeave={() => {
            setAsking(false);
            onClose();
          }}
        />
      )}
    </>
  );
}
